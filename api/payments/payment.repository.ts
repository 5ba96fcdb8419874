import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AttemptStatus, Database, PaymentAttemptsTable, PaymentStatus } from '../db/schema.ts';

/** The states a payment may still settle: waiting, or its last attempt declined while the stock is held. */
export const PAYABLE: readonly PaymentStatus[] = ['awaiting', 'failed'];

/**
 * Payments: all SQL of payment attempts, applied provider events and the
 * order group's payment state. Every change of that state is one conditional
 * statement, so a payment, a failure, a switch to cash on delivery and the
 * hold's expiry racing each other change it once (SECURITY 31, 32).
 */
type Db = Kysely<Database> | Transaction<Database>;
export type AttemptRow = Selectable<PaymentAttemptsTable>;

/** Moves the group's payment state from one of `from` to `to`; true when this call moved it. */
export async function movePaymentStatus(
  db: Db,
  orderNumber: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  extra: { paid_at?: string; payment_method?: 'cod'; holdNotExpiredAt?: string } = {},
): Promise<boolean> {
  let query = db
    .updateTable('order_groups')
    .set({
      payment_status: to,
      ...(extra.paid_at ? { paid_at: extra.paid_at } : {}),
      ...(extra.payment_method ? { payment_method: extra.payment_method } : {}),
    })
    .where('order_number', '=', orderNumber)
    .where('payment_status', 'in', [...from]);
  // A hold that has ended cannot be paid or switched any more, even before the expiry has run.
  if (extra.holdNotExpiredAt) query = query.where('hold_expires_at', '>', extra.holdNotExpiredAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Groups whose hold has ended while still unpaid: the expiry's work list. */
export async function findExpiredHolds(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('order_groups')
    .select('order_number')
    .where('payment_status', 'in', [...PAYABLE])
    .where('hold_expires_at', '<=', now)
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.order_number);
}

/** When the earliest hold still waiting for its payment ends (ISO time), or undefined when none waits: the expiry's next run. */
export async function findNextHoldEnd(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('order_groups')
    .select('hold_expires_at')
    .where('payment_status', 'in', [...PAYABLE])
    .where('hold_expires_at', 'is not', null)
    .orderBy('hold_expires_at')
    .limit(1)
    .executeTakeFirst();
  return row?.hold_expires_at ?? undefined;
}

export async function insertAttempt(
  db: Db,
  attempt: { order_number: string; provider: string; provider_order_id: string | null; amount: number; currency: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('payment_attempts')
    .values({
      order_number: attempt.order_number,
      provider: attempt.provider,
      provider_order_id: attempt.provider_order_id,
      amount: attempt.amount,
      currency: attempt.currency,
      status: 'created',
      created_at: attempt.now,
      updated_at: attempt.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The newest attempt of the group still waiting for its payment. */
export async function findOpenAttempt(db: Db, orderNumber: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('status', '=', 'created')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function findAttemptByProviderOrder(db: Db, provider: string, providerOrderId: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('payment_attempts')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirst();
}

/** Moves an attempt from one of `from` to `to`, with what the provider said; true when this call moved it. */
export async function moveAttempt(
  db: Db,
  attemptId: number,
  from: readonly AttemptStatus[],
  to: AttemptStatus,
  details: { provider_payment_id?: string; method?: string | null; failure_reason?: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('payment_attempts')
    .set({
      status: to,
      updated_at: details.now,
      ...(details.provider_payment_id ? { provider_payment_id: details.provider_payment_id } : {}),
      ...(details.method !== undefined ? { method: details.method } : {}),
      ...(details.failure_reason !== undefined ? { failure_reason: details.failure_reason } : {}),
    })
    .where('id', '=', attemptId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes the group's other open attempts (a new attempt, or the group is settled). */
export async function closeOpenAttempts(db: Db, orderNumber: string, exceptId: number | null, now: string): Promise<void> {
  let query = db
    .updateTable('payment_attempts')
    .set({ status: 'failed', failure_reason: 'superseded', updated_at: now })
    .where('order_number', '=', orderNumber)
    .where('status', '=', 'created');
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** Records a provider event as applied; false when it already was (a replay, or a parallel delivery). */
export async function recordEvent(db: Db, event: { provider: string; event_id: string; event_type: string; now: string }): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ provider: event.provider, event_id: event.event_id, event_type: event.event_type, created_at: event.now })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
