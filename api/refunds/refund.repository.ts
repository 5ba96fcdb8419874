import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaymentPurpose, PaymentsTable, RefundReason, RefundRowStatus, RefundsTable } from '../db/schema.ts';

/**
 * Payments captured and refunds owed (decision 065; SECURITY 37): all SQL of
 * the `payments` and `refunds` tables. A refund row is written once by its
 * key, and the payment's `refunded` sum rises in the same transaction, under
 * a CHECK that keeps it within what the payment captured. The send job
 * claims due rows for a lease by one conditional statement, as the mail
 * queue does, so several processes never send one refund at once.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;

/**
 * Records a captured payment once (by provider and its payment id); answers
 * the row, new or as it was. `purpose` is what the caller decided it is; an
 * existing row keeps the purpose it was first given.
 */
export async function recordPayment(
  trx: Transaction<Database>,
  payment: { order_number: string; attempt_id: number | null; provider: string; provider_payment_id: string; amount: number; purpose: PaymentPurpose; method: string | null; now: string },
): Promise<{ row: PaymentRow; created: boolean }> {
  const inserted = await trx
    .insertInto('payments')
    .values({
      order_number: payment.order_number,
      attempt_id: payment.attempt_id,
      provider: payment.provider,
      provider_payment_id: payment.provider_payment_id,
      amount: payment.amount,
      purpose: payment.purpose,
      method: payment.method,
      created_at: payment.now,
    })
    .onConflict((oc) => oc.columns(['provider', 'provider_payment_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const row = await findPayment(trx, payment.provider, payment.provider_payment_id);
  return { row: row!, created: false };
}

export async function findPayment(db: Db, provider: string, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst();
}

/** The payment that paid the group, if it is paid. */
export async function findOrderPayment(db: Db, orderNumber: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('order_number', '=', orderNumber).where('purpose', '=', 'order').executeTakeFirst();
}

export async function findPaymentById(db: Db, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewRefund {
  refund_key: string;
  order_number: string;
  order_id: number | null;
  payment_id: number | null;
  provider: RefundsTable['provider'];
  amount: number;
  reason: RefundReason;
  upi_id?: string | null;
  now: string;
}

/**
 * Writes the refund once by its key and counts it against its payment in the
 * same transaction; false when the key was written before. The payment's
 * CHECK refuses a refund beyond its capture: the transaction fails whole.
 */
export async function insertRefund(trx: Transaction<Database>, refund: NewRefund): Promise<boolean> {
  const manual = refund.provider === 'manual';
  const inserted = await trx
    .insertInto('refunds')
    .values({
      refund_key: refund.refund_key,
      order_number: refund.order_number,
      order_id: refund.order_id,
      payment_id: refund.payment_id,
      provider: refund.provider,
      amount: refund.amount,
      reason: refund.reason,
      status: manual ? 'manual' : 'queued',
      idempotency_key: refund.refund_key,
      upi_id: refund.upi_id ?? null,
      next_attempt_at: manual ? null : refund.now,
      created_at: refund.now,
      updated_at: refund.now,
    })
    .onConflict((oc) => oc.column('refund_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  if (refund.payment_id !== null) {
    await trx
      .updateTable('payments')
      .set((eb) => ({ refunded: eb('refunded', '+', refund.amount) }))
      .where('id', '=', refund.payment_id)
      .execute();
  }
  return true;
}

/**
 * Claims up to `limit` due refunds (queued, or failed and due again) for this
 * process until `lockedUntil`, counting an attempt for each, in one
 * statement; the outer WHERE repeats the lock test so two processes racing
 * for one row each get it only once (see claimDueJobs of the mail queue).
 */
export async function claimDueRefunds(db: Db, now: string, lockedUntil: string, limit: number): Promise<RefundRow[]> {
  const free = (eb: any) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]);
  const due = db
    .selectFrom('refunds')
    .select('id')
    .where('status', 'in', ['queued', 'failed'])
    .where('next_attempt_at', '<=', now)
    .where(free)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  const rows = await db
    .updateTable('refunds')
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .where('status', 'in', ['queued', 'failed'])
    .where(free)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** The provider took the refund: pending there, or processed already. */
export async function markSent(db: Db, id: number, sent: { providerRefundId: string; processed: boolean; now: string }): Promise<void> {
  await db
    .updateTable('refunds')
    .set({
      status: sent.processed ? 'processed' : 'pending',
      provider_refund_id: sent.providerRefundId,
      locked_until: null,
      last_error: null,
      updated_at: sent.now,
      ...(sent.processed ? { processed_at: sent.now } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'failed'])
    .execute();
}

/** The call failed or went unanswered: tried again at `nextAttemptAt` with the same idempotency key. */
export async function markCallFailed(db: Db, id: number, failure: { error: string; nextAttemptAt: string; now: string }): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'failed', last_error: failure.error, next_attempt_at: failure.nextAttemptAt, locked_until: null, updated_at: failure.now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'failed'])
    .execute();
}

export async function findRefundByProviderId(db: Db, provider: RefundsTable['provider'], providerRefundId: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_refund_id', '=', providerRefundId)
    .executeTakeFirst();
}

export async function findRefund(db: Db, id: number): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findLineRefund(db: Db, orderId: number): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function findRefundByKey(db: Db, refundKey: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('refund_key', '=', refundKey).executeTakeFirst();
}

/**
 * Moves a refund to processed from one of `from`; true when this call moved it
 * (a repeated or parallel event moves it once).
 */
export async function markProcessed(
  db: Db,
  id: number,
  from: readonly RefundRowStatus[],
  done: { now: string; providerRefundId?: string; reference?: string },
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({
      status: 'processed',
      processed_at: done.now,
      updated_at: done.now,
      locked_until: null,
      last_error: null,
      ...(done.providerRefundId ? { provider_refund_id: done.providerRefundId } : {}),
      ...(done.reference ? { reference: done.reference } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The provider says the refund failed: it goes back to the queue at once,
 * with a new idempotency key (the old one would replay the failed refund).
 */
export async function markProviderFailed(db: Db, id: number, failure: { error: string; newKey: string; now: string }): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({
      status: 'failed',
      last_error: failure.error,
      idempotency_key: failure.newKey,
      provider_refund_id: null,
      next_attempt_at: failure.now,
      locked_until: null,
      updated_at: failure.now,
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'queued', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The refunds of these lines, by line id (at most one each). */
export async function findLineRefunds(db: Db, orderIds: readonly number[]): Promise<Map<number, RefundRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('refunds').selectAll().where('order_id', 'in', [...orderIds]).execute();
  return new Map(rows.map((r) => [Number(r.order_id), r]));
}

/** The group's payments and the refunds of its payments not tied to a line (extra payments), for the store's view of an order. */
export async function findGroupPayments(db: Db, orderNumber: string): Promise<{ payments: PaymentRow[]; paymentRefunds: RefundRow[] }> {
  const [payments, paymentRefunds] = await Promise.all([
    db.selectFrom('payments').selectAll().where('order_number', '=', orderNumber).orderBy('id').execute(),
    db.selectFrom('refunds').selectAll().where('order_number', '=', orderNumber).where('order_id', 'is', null).orderBy('id').execute(),
  ]);
  return { payments, paymentRefunds };
}

/** The store's list, newest first: all, or only those failing now. */
export async function listRefunds(db: Db, options: { failedOnly: boolean; limit: number }) {
  let query = db
    .selectFrom('refunds')
    .leftJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .select('payments.provider_payment_id')
    .orderBy('refunds.id', 'desc')
    .limit(options.limit);
  if (options.failedOnly) query = query.where('refunds.status', '=', 'failed');
  return query.execute();
}
