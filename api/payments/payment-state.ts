import type { Transaction } from 'kysely';
import { ORDER_STATUS } from '../../src/lib/constants.ts';
import { giveBackStock, lockProducts, refreshListingColumns } from '../checkout/stock.repository.ts';
import { giveBackUse } from '../coupons/coupon.repository.ts';
import type { Database } from '../db/schema.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { ORDER_MAIL } from '../orders/order-mail.service.ts';
import {
  findGroupLines,
  findOrderGroup,
  moveStatus,
  recordStatusChanges,
  setGroupCashOnDelivery,
  type OrderGroupRow,
  type StatusChange,
} from '../orders/order.repository.ts';
import { findPayment, recordPayment, type PaymentRow } from '../refunds/refund.repository.ts';
import { queueCancelledLineRefunds, queueExtraPaymentRefund } from '../refunds/refund.service.ts';
import { PAYABLE, closeOpenAttempts, moveAttempt, movePaymentStatus, type AttemptRow } from './payment.repository.ts';

/**
 * What a payment outcome does to an order group, inside one transaction each
 * (SECURITY 31, 32). Every change first claims the group's payment state by
 * one conditional statement, so of a payment, a decline, a switch to cash on
 * delivery and the hold's expiry arriving together, the first claim wins and
 * the others change nothing: stock is released once, a paid order stays paid.
 */
type Trx = Transaction<Database>;
const S = ORDER_STATUS;

async function moveLines(trx: Trx, orderNumber: string, from: readonly string[], to: string, by: StatusChange['changed_by'], note: string | null, now: string) {
  const changes: StatusChange[] = [];
  for (const line of await findGroupLines(trx, orderNumber)) {
    if (!from.includes(line.status)) continue;
    if (await moveStatus(trx, Number(line.id), [line.status], to, now)) {
      changes.push({ order_id: Number(line.id), from_status: line.status, status: to, changed_by: by, note, created_at: now });
    }
  }
  await recordStatusChanges(trx, changes);
  return changes.length;
}

async function queueConfirmation(trx: Trx, group: OrderGroupRow, now: Date): Promise<void> {
  const [line] = await findGroupLines(trx, group.order_number);
  if (!line) return;
  await queueMail(trx, { kind: ORDER_MAIL.confirmation, recipient: line.email, customerId: Number(group.customer_id), details: { orderNumber: group.order_number } }, now);
}

/**
 * `paid`: this payment paid the group. `already-paid`: it had, before (a
 * repeated confirm or event). `extra`: the group was paid by another payment;
 * `late`: the group had stopped waiting (expired, switched to cash on
 * delivery). An extra or late payment is recorded and refunded whole, once.
 */
export type PaidOutcome = 'paid' | 'already-paid' | 'extra' | 'late';

/**
 * A verified payment of `attempt`. The group is claimed as paid by one
 * conditional statement, so of two payments (a second tab, a late
 * authorisation, a webhook) exactly one pays it; the payment is recorded by
 * its provider id once, and any other is owed back. Paying places the lines
 * waiting for it, refunds lines cancelled while it waited, and queues the
 * confirmation mail.
 */
export async function applyPaid(trx: Trx, attempt: AttemptRow, paymentId: string, method: string | null, now: Date): Promise<PaidOutcome> {
  const stamp = now.toISOString();
  const known = await findPayment(trx, attempt.provider, paymentId);
  if (known) return outcomeOf(trx, known);
  const group = await findOrderGroup(trx, attempt.order_number);
  const payment = { order_number: attempt.order_number, attempt_id: attempt.id, provider: attempt.provider, provider_payment_id: paymentId, amount: attempt.amount, method, now: stamp };
  if (group && (await movePaymentStatus(trx, attempt.order_number, PAYABLE, 'paid', { paid_at: stamp }))) {
    await moveAttempt(trx, attempt.id, ['created', 'failed'], 'paid', { provider_payment_id: paymentId, method, failure_reason: null, now: stamp });
    await closeOpenAttempts(trx, attempt.order_number, attempt.id, stamp);
    const { row } = await recordPayment(trx, { ...payment, purpose: 'order' });
    await moveLines(trx, attempt.order_number, [S.awaitingPayment, S.paymentFailed], S.placed, 'payment', method ? `paid by ${method}` : 'paid', stamp);
    await queueCancelledLineRefunds(trx, await findGroupLines(trx, attempt.order_number), row, stamp);
    await queueConfirmation(trx, group, now);
    return 'paid';
  }
  // Another payment, or the end of the hold, came first (a parallel confirm of this very payment may have recorded it meanwhile).
  const { row, created } = await recordPayment(trx, { ...payment, purpose: 'extra' });
  if (!created) return outcomeOf(trx, row);
  await queueExtraPaymentRefund(trx, row, stamp);
  await moveAttempt(trx, attempt.id, ['created', 'failed'], 'refund_due', {
    provider_payment_id: paymentId,
    method,
    failure_reason: `paid after the order stopped waiting (${group?.payment_status ?? 'unknown order'})`,
    now: stamp,
  });
  return group?.payment_status === 'paid' ? 'extra' : 'late';
}

/** What a payment recorded before came to. */
async function outcomeOf(trx: Trx, payment: PaymentRow): Promise<PaidOutcome> {
  if (payment.purpose === 'order') return 'already-paid';
  const group = await findOrderGroup(trx, payment.order_number);
  return group?.payment_status === 'paid' ? 'extra' : 'late';
}

/** A declined payment: the order waits on (the stock stays held until the hold ends) for a retry or cash on delivery. */
export async function applyDeclined(trx: Trx, attempt: AttemptRow, reason: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  if (!(await moveAttempt(trx, attempt.id, ['created'], 'failed', { failure_reason: reason, now: stamp }))) return;
  if (await movePaymentStatus(trx, attempt.order_number, ['awaiting'], 'failed')) {
    await moveLines(trx, attempt.order_number, [S.awaitingPayment], S.paymentFailed, 'payment', reason, stamp);
  }
}

/** A new attempt for a group whose last one was declined: its lines wait for the payment again. */
export async function applyRetry(trx: Trx, orderNumber: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  if (await movePaymentStatus(trx, orderNumber, ['awaiting'], 'awaiting', { holdNotExpiredAt: stamp })) return true;
  if (!(await movePaymentStatus(trx, orderNumber, ['failed'], 'awaiting', { holdNotExpiredAt: stamp }))) return false;
  await moveLines(trx, orderNumber, [S.paymentFailed], S.awaitingPayment, 'shopper', 'payment retried', stamp);
  return true;
}

/** The shopper pays on delivery instead: the lines are placed, no hold any more, the confirmation mail goes. */
export async function applyCashOnDelivery(trx: Trx, orderNumber: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  if (!(await movePaymentStatus(trx, orderNumber, PAYABLE, 'cod', { payment_method: 'cod', holdNotExpiredAt: stamp }))) return false;
  await setGroupCashOnDelivery(trx, orderNumber, stamp);
  await closeOpenAttempts(trx, orderNumber, null, stamp);
  await moveLines(trx, orderNumber, [S.awaitingPayment, S.paymentFailed], S.placed, 'shopper', 'switched to cash on delivery', stamp);
  const group = await findOrderGroup(trx, orderNumber);
  if (group) await queueConfirmation(trx, group, now);
  return true;
}

/**
 * The hold ended unpaid: the group is claimed as expired, its lines end at
 * 'payment failed', their stock goes back (under the products' locks) and so
 * does the coupon's use. A group a payment claimed first is left alone.
 */
export async function applyExpiry(trx: Trx, orderNumber: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const claimed = await trx
    .updateTable('order_groups')
    .set({ payment_status: 'expired' })
    .where('order_number', '=', orderNumber)
    .where('payment_status', 'in', [...PAYABLE])
    .where('hold_expires_at', '<=', stamp)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const group = await findOrderGroup(trx, orderNumber);
  const lines = await findGroupLines(trx, orderNumber);
  await closeOpenAttempts(trx, orderNumber, null, stamp);
  await moveLines(trx, orderNumber, [S.awaitingPayment], S.paymentFailed, 'system', 'not paid in time', stamp);
  const held = lines.filter((l) => l.variant_id !== null && l.product_id !== null && l.status !== S.cancelled);
  await lockProducts(trx, held.map((l) => Number(l.product_id)), stamp);
  for (const line of held) await giveBackStock(trx, Number(line.variant_id), Number(line.quantity));
  await refreshListingColumns(trx, held.map((l) => Number(l.product_id)));
  if (group?.coupon_id !== null && group?.coupon_id !== undefined) await giveBackUse(trx, Number(group.coupon_id), orderNumber);
  return true;
}
