import type { Kysely, Transaction } from 'kysely';
import { ORDER_STATUS, RETURN_STATUS, type ReturnStatus } from '../../src/lib/constants.ts';
import { EXTRA_FIELD_MESSAGES } from '../../src/lib/schemas/fields.ts';
import type { ReturnOrderRequest } from '../../src/lib/schemas/return.ts';
import { giveBackStock, lockProducts, refreshListingColumns } from '../checkout/stock.repository.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { findCustomerOrderLine, lockOrderGroup, recordStatusChanges, type OrderLineRow } from '../orders/order.repository.ts';
import { lineCharge, queueReturnRefund } from '../refunds/refund.service.ts';
import { findReturnWindowDays } from '../store/store.repository.ts';
import { findReturn, insertReturn, moveReturn, type ReturnRow } from './return.repository.ts';
import { ORDER_MESSAGES, RETURN_MESSAGES } from '../messages.ts';

/**
 * Returns (decision 065): after 'order has been delivered', within the
 * store's return window, a shopper asks to return a line; the store approves
 * or rejects it, receives the item back (its stock comes back and its refund
 * is queued) and the refund settles it. Each step mails the shopper. A line
 * is returned once: the returns table has one row per line at most.
 */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;
const DAY_MS = 24 * 60 * 60 * 1000;

export const RETURN_MAIL = {
  [RETURN_STATUS.requested]: 'return_requested',
  [RETURN_STATUS.approved]: 'return_approved',
  [RETURN_STATUS.rejected]: 'return_rejected',
  [RETURN_STATUS.received]: 'return_received',
} as const;

/** Until when the line may be asked back (ISO time), or null: not delivered, already asked, or the window has passed. */
export function returnableUntil(line: Pick<OrderLineRow, 'status' | 'delivered_at'>, existing: ReturnRow | undefined, windowDays: number, now: Date): string | null {
  if (existing || line.status !== ORDER_STATUS.delivered || !line.delivered_at) return null;
  const until = Date.parse(line.delivered_at) + windowDays * DAY_MS;
  return Number.isFinite(until) && until > now.getTime() ? new Date(until).toISOString() : null;
}

/** POST /customer/return-order: the shopper's own delivered line, within the window, once. */
export async function requestReturn(db: Db, customerId: number, input: ReturnOrderRequest, now = new Date()): Promise<void> {
  const line = await findCustomerOrderLine(db, customerId, input.order_id);
  if (!line) throw new ApiError(404, ORDER_MESSAGES.notFound);
  if (line.status !== ORDER_STATUS.delivered) throw new ApiError(409, RETURN_MESSAGES.notDelivered);
  if (await findReturn(db, Number(line.id))) throw new ApiError(409, RETURN_MESSAGES.alreadyRequested);
  if (!returnableUntil(line, undefined, await findReturnWindowDays(db), now)) throw new ApiError(409, RETURN_MESSAGES.windowPassed);
  const upiId = input.upi_id ?? null;
  // A cash on delivery line's refund is the store's own transfer: it needs somewhere to go.
  if (line.payment_method === 'cod' && !upiId) {
    throw new ApiError(400, EXTRA_FIELD_MESSAGES.upiIdRequired, { upi_id: [EXTRA_FIELD_MESSAGES.upiIdRequired] });
  }
  const stamp = now.toISOString();
  const written = await db.transaction().execute(async (trx) => {
    const request = {
      order_id: Number(line.id),
      order_number: line.checkout_ref,
      customer_id: customerId,
      reason: input.reason,
      reason_text: input.reason_text ?? null,
      upi_id: line.payment_method === 'cod' ? upiId : null,
      now: stamp,
    };
    if (!(await insertReturn(trx, request))) return false;
    await queueReturnMail(trx, line, RETURN_STATUS.requested, now);
    return true;
  });
  if (!written) throw new ApiError(409, RETURN_MESSAGES.alreadyRequested);
}

async function queueReturnMail(trx: Trx, line: OrderLineRow, step: keyof typeof RETURN_MAIL, now: Date): Promise<void> {
  await queueMail(trx, { kind: RETURN_MAIL[step], recipient: line.email, customerId: Number(line.customer_id), details: { orderId: Number(line.id) } }, now);
}

export type ReturnStep = 'approve' | 'reject' | 'receive';
export type ReturnOutcome = { changed: true; status: ReturnStatus } | { changed: false; reason: string };

const STEPS: Record<ReturnStep, { from: ReturnStatus; to: ReturnStatus }> = {
  approve: { from: RETURN_STATUS.requested, to: RETURN_STATUS.approved },
  reject: { from: RETURN_STATUS.requested, to: RETURN_STATUS.rejected },
  receive: { from: RETURN_STATUS.approved, to: RETURN_STATUS.received },
};

/**
 * The store's step on a line's return (the command line): approve or reject
 * a request (a rejection with the store's note), or receive an approved
 * return: its stock comes back and its refund is queued, in one transaction.
 */
export async function moveReturnStep(db: Db, line: OrderLineRow, step: ReturnStep, note: string | null, now = new Date()): Promise<ReturnOutcome> {
  const existing = await findReturn(db, Number(line.id));
  if (!existing) return { changed: false, reason: 'no return was requested for it' };
  const { from, to } = STEPS[step];
  if (existing.status !== from) return { changed: false, reason: `its return is '${existing.status}', not '${from}'` };
  const stamp = now.toISOString();
  const moved = await db.transaction().execute(async (trx) => {
    if (step === 'receive') await lockOrderGroup(trx, line.checkout_ref);
    const stamps = step === 'receive' ? { received_at: stamp } : { decided_at: stamp, ...(note ? { store_note: note } : {}) };
    if (!(await moveReturn(trx, Number(line.id), [from], to, stamps, stamp))) return false;
    if (step === 'receive') await takeBack(trx, line, existing, stamp);
    await recordStatusChanges(trx, [{ order_id: Number(line.id), from_status: existing.status, status: to, changed_by: 'store', note, created_at: stamp }]);
    await queueReturnMail(trx, line, to as keyof typeof RETURN_MAIL, now);
    return true;
  });
  return moved ? { changed: true, status: to } : { changed: false, reason: 'it changed meanwhile; look again' };
}

/** The item is back: its units return to stock and what the line was charged is owed back. */
async function takeBack(trx: Trx, line: OrderLineRow, request: ReturnRow, stamp: string): Promise<void> {
  if (line.variant_id !== null && line.product_id !== null) {
    await lockProducts(trx, [Number(line.product_id)], stamp);
    await giveBackStock(trx, Number(line.variant_id), Number(line.quantity));
    await refreshListingColumns(trx, [Number(line.product_id)]);
  }
  // A line that cost nothing (a coupon took all of it) owes nothing: its return ends here.
  if (!(await queueReturnRefund(trx, line, request.upi_id, stamp)) && lineCharge(line) === 0) {
    await moveReturn(trx, Number(line.id), [RETURN_STATUS.received], RETURN_STATUS.refunded, { refunded_at: stamp }, stamp);
  }
}
