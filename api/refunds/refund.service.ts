import type { Kysely, Transaction } from 'kysely';
import { ORDER_STATUS, RETURN_STATUS } from '../../src/lib/constants.ts';
import type { PaymentConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { findOrderGroup, type OrderLineRow } from '../orders/order.repository.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { moveAttempt } from '../payments/payment.repository.ts';
import { createRazorpayProvider } from '../payments/razorpay.provider.ts';
import { createTestGateway } from '../payments/test-gateway.provider.ts';
import { moveReturn } from '../returns/return.repository.ts';
import {
  findOrderPayment,
  findPaymentById,
  insertRefund,
  markProcessed,
  type PaymentRow,
  type RefundRow,
} from './refund.repository.ts';

/**
 * What the store owes after a sale (decision 065; SECURITY 37): a refund is
 * written in the same transaction as the change that owes it (a cancelled
 * paid line, a returned line received back, a payment beyond the one that
 * paid the order), once by its key, and sent after commit by the refund
 * queue through the provider that took the payment.
 */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type RefundProviders = Partial<Record<'test' | 'razorpay', PaymentProvider>>;

/** The providers refunds can go through: the test gateway always (no money moves), Razorpay when configured. */
export function refundProviders(config: PaymentConfig): RefundProviders {
  return {
    test: createTestGateway(),
    ...(config.provider === 'razorpay' ? { razorpay: createRazorpayProvider(config) } : {}),
  };
}

export const REFUND_MAIL = { processed: 'refund_processed' } as const;

/** What a line was charged: its unit price after its share of the coupon, times its quantity (paise). */
export function lineCharge(line: Pick<OrderLineRow, 'final_amount' | 'quantity'>): number {
  return Number(line.final_amount) * Number(line.quantity);
}

/**
 * A cancelled line of a paid order: its charge goes back through the
 * payment that paid the order. A cash on delivery line, or one of an order
 * not paid (yet), owes nothing; if the order is paid later, the payment
 * refunds its cancelled lines then (queueCancelledLineRefunds).
 */
export async function queueCancelledLineRefund(trx: Trx, line: OrderLineRow, now: string): Promise<boolean> {
  if (line.payment_method !== 'prepaid') return false;
  const payment = await findOrderPayment(trx, line.checkout_ref);
  if (!payment) return false;
  return queueLineRefund(trx, line, payment, 'cancelled', now);
}

/** A group just paid: lines cancelled while it waited for the payment are refunded from it. */
export async function queueCancelledLineRefunds(trx: Trx, lines: readonly OrderLineRow[], payment: PaymentRow, now: string): Promise<void> {
  for (const line of lines) {
    if (line.status === ORDER_STATUS.cancelled) await queueLineRefund(trx, line, payment, 'cancelled', now);
  }
}

/**
 * A returned line received back: a prepaid line through its payment; a cash
 * on delivery line to the shopper's UPI ID, which the store pays itself and
 * records with its reference (`npm run orders -- refund-cod`).
 */
export async function queueReturnRefund(trx: Trx, line: OrderLineRow, upiId: string | null, now: string): Promise<boolean> {
  const amount = lineCharge(line);
  if (amount <= 0) return false;
  if (line.payment_method === 'prepaid') {
    const payment = await findOrderPayment(trx, line.checkout_ref);
    return payment ? queueLineRefund(trx, line, payment, 'returned', now) : false;
  }
  return insertRefund(trx, {
    refund_key: `line:${line.id}`,
    order_number: line.checkout_ref,
    order_id: Number(line.id),
    payment_id: null,
    provider: 'manual',
    amount,
    reason: 'returned',
    upi_id: upiId,
    now,
  });
}

async function queueLineRefund(trx: Trx, line: OrderLineRow, payment: PaymentRow, reason: 'cancelled' | 'returned', now: string): Promise<boolean> {
  const amount = lineCharge(line);
  if (amount <= 0) return false;
  return insertRefund(trx, {
    refund_key: `line:${line.id}`,
    order_number: line.checkout_ref,
    order_id: Number(line.id),
    payment_id: Number(payment.id),
    provider: payment.provider as 'test' | 'razorpay',
    amount,
    reason,
    now,
  });
}

/** A payment beyond the one that paid the order (or after it stopped waiting): all of it goes back, once. */
export async function queueExtraPaymentRefund(trx: Trx, payment: PaymentRow, now: string): Promise<boolean> {
  return insertRefund(trx, {
    refund_key: `payment:${payment.id}`,
    order_number: payment.order_number,
    order_id: null,
    payment_id: Number(payment.id),
    provider: payment.provider as 'test' | 'razorpay',
    amount: Number(payment.amount) - Number(payment.refunded),
    reason: 'extra payment',
    now,
  });
}

/**
 * What follows a processed refund: a returned line's return is refunded, a
 * late payment's attempt is marked given back, and the shopper is mailed.
 */
export async function afterProcessed(trx: Trx, refund: RefundRow, now: string): Promise<void> {
  if (refund.reason === 'returned' && refund.order_id !== null) {
    await moveReturn(trx, Number(refund.order_id), [RETURN_STATUS.received], RETURN_STATUS.refunded, { refunded_at: now }, now);
  }
  const group = await findOrderGroup(trx, refund.order_number);
  const recipient = group ? await shopperEmail(trx, refund.order_number) : undefined;
  if (recipient && group) {
    await queueMail(trx, { kind: REFUND_MAIL.processed, recipient, customerId: Number(group.customer_id), details: { refundId: Number(refund.id) } }, new Date(now));
  }
}

/** A refund the provider took: a late payment's attempt now counts as given back. */
export async function afterAccepted(db: Db | Trx, refund: RefundRow, now: string): Promise<void> {
  if (refund.reason !== 'extra payment' || refund.payment_id === null) return;
  const payment = await findPaymentById(db, Number(refund.payment_id));
  if (payment?.attempt_id) await moveAttempt(db, Number(payment.attempt_id), ['refund_due'], 'refunded', { now });
}

async function shopperEmail(trx: Trx, orderNumber: string): Promise<string | undefined> {
  const line = await trx.selectFrom('orders').select('email').where('checkout_ref', '=', orderNumber).orderBy('id').executeTakeFirst();
  return line?.email;
}

/**
 * The store paid a cash on delivery line's refund itself (by UPI, from its
 * bank) and records the transfer's reference (UTR): the refund is processed.
 */
export async function recordManualRefund(db: Db, refund: RefundRow, reference: string): Promise<boolean> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    if (!(await markProcessed(trx, Number(refund.id), ['manual'], { now, reference }))) return false;
    await afterProcessed(trx, { ...refund, status: 'processed', reference, processed_at: now }, now);
    return true;
  });
}
