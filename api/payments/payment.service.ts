import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { paiseToRupeesString } from '../../src/lib/money.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { presentOrderLine } from '../orders/order.presenter.ts';
import { findCustomerOrderGroup, findGroupLines, lockOrderGroup, type OrderGroupRow } from '../orders/order.repository.ts';
import { PaymentProviderError, type PaymentProvider } from './payment-provider.ts';
import {
  closeOpenAttempts,
  findAttemptByProviderOrder,
  findExpiredHolds,
  findOpenAttempt,
  insertAttempt,
  recordEvent,
  type AttemptRow,
} from './payment.repository.ts';
import { applyCashOnDelivery, applyDeclined, applyExpiry, applyPaid, applyRetry } from './payment-state.ts';
import { loadAfterSale } from '../refunds/after-sale.view.ts';
import { findPayment } from '../refunds/refund.repository.ts';
import { applyRefundEvent } from '../refunds/refund-events.ts';
import { signatureMatches } from './razorpay.provider.ts';
import { PAYMENT_MESSAGES, WEBHOOK_OUTCOMES } from '../messages.ts';

/**
 * Prepaid orders' payments (API-NOTES "Payments"; SECURITY 31-33; decision
 * 018): start an attempt, confirm it with the shopper's proof, switch to cash
 * on delivery, apply Razorpay's events, end unpaid holds, give late payments
 * back. Calls to the provider happen before or after a transaction, never in one.
 */
type Db = Kysely<Database>;

/** `data.payment` of API-NOTES: what a payment page needs, and nothing secret. */
export function paymentView(provider: PaymentProvider, group: OrderGroupRow, attempt: AttemptRow | undefined) {
  return {
    provider: provider.name,
    reference: group.order_number,
    amount: paiseToRupeesString(Number(group.total)),
    currency: 'INR' as const,
    status: group.payment_status,
    hold_expires_at: group.hold_expires_at,
    ...(provider.publicKey ? { key_id: provider.publicKey } : {}),
    ...(attempt?.provider_order_id ? { provider_order_id: attempt.provider_order_id } : {}),
  };
}

/**
 * GET /orders/{number}: the order group for the order-success and
 * order-failure pages (API-NOTES "Payments"), the customer's own only: its
 * lines, totals, payment and address, and what paying it needs when it waits.
 */
export async function orderGroupView(db: Db, provider: PaymentProvider, customerId: number, reference: string) {
  const group = await ownGroup(db, customerId, reference);
  const lines = await findGroupLines(db, reference);
  const afterSale = await loadAfterSale(db, lines);
  const first = lines[0];
  const waiting = group.payment_status === 'awaiting' || group.payment_status === 'failed';
  return {
    order_number: group.order_number,
    order_date: group.created_at,
    payment_method: group.payment_method,
    payment_status: group.payment_status,
    subtotal: paiseToRupeesString(Number(group.subtotal)),
    discount: paiseToRupeesString(Number(group.discount)),
    total: paiseToRupeesString(Number(group.total)),
    lines: lines.map((line) => ({ ...presentOrderLine(line), ...afterSale(line) })),
    shipping: first
      ? {
          full_name: first.full_name,
          email: first.email,
          phone_number: first.phone_number,
          alt_phone_number: first.alt_phone_number,
          address: first.address,
          pincode: first.pincode,
          city: first.city,
          state: first.state,
        }
      : null,
    payment: group.payment_method === 'prepaid' ? paymentView(provider, group, waiting ? await findOpenAttempt(db, reference) : undefined) : null,
  };
}

async function ownGroup(db: Db, customerId: number, reference: string): Promise<OrderGroupRow> {
  const group = await findCustomerOrderGroup(db, customerId, reference);
  if (!group) throw new ApiError(404, PAYMENT_MESSAGES.notFound);
  return group;
}

/** Why a group cannot take a payment now; undefined when it can. */
function notPayable(group: OrderGroupRow, now: Date): string | undefined {
  if (group.payment_status === 'paid') return PAYMENT_MESSAGES.alreadyPaid;
  if (group.payment_status === 'cod') return PAYMENT_MESSAGES.cashOnDelivery;
  if (group.payment_status === 'expired' || !group.hold_expires_at || Date.parse(group.hold_expires_at) <= now.getTime()) {
    return PAYMENT_MESSAGES.expired;
  }
  return undefined;
}

/**
 * POST /payment/retry: an attempt to pay the group while its stock is held.
 * The open attempt is reused when there is one (a Razorpay order takes any
 * number of tries); after a declined one a new attempt is opened.
 */
export async function startAttempt(db: Db, provider: PaymentProvider, customerId: number, reference: string) {
  const group = await ownGroup(db, customerId, reference);
  const attempt = await openAttempt(db, provider, group);
  if (!attempt) throw new ApiError(409, notPayable(await ownGroup(db, customerId, reference), new Date()) ?? PAYMENT_MESSAGES.expired);
  return paymentView(provider, (await ownGroup(db, customerId, reference))!, attempt);
}

/**
 * The group's open attempt, opened now if it has none; undefined when the
 * group cannot be paid (any more). Opening takes the group's lock and looks
 * again under it, so requests arriving together share one attempt.
 */
async function openAttempt(db: Db, provider: PaymentProvider, group: OrderGroupRow): Promise<AttemptRow | undefined> {
  const reference = group.order_number;
  const now = new Date();
  if (notPayable(group, now)) return undefined;
  const open = group.payment_status === 'awaiting' ? await findOpenAttempt(db, reference) : undefined;
  if (open) return open;
  const amount = Number(group.total);
  const { providerOrderId } = await withProvider(() => provider.createAttempt({ orderNumber: reference, amount, currency: 'INR' }));
  return db.transaction().execute(async (trx) => {
    const locked = await lockOrderGroup(trx, reference);
    // Another request opened one meanwhile: the provider order just made stays unused.
    const opened = locked?.payment_status === 'awaiting' ? await findOpenAttempt(trx, reference) : undefined;
    if (opened) return opened;
    if (!(await applyRetry(trx, reference, now))) return undefined;
    const id = await insertAttempt(trx, { order_number: reference, provider: provider.name, provider_order_id: providerOrderId, amount, currency: 'INR', now: now.toISOString() });
    await closeOpenAttempts(trx, reference, id, now.toISOString());
    return findOpenAttempt(trx, reference);
  });
}

/**
 * POST /payment/confirm: the shopper's proof for the group's open attempt
 * (the test gateway's outcome, or Razorpay's order id, payment id and
 * signature). A proof that does not check out changes nothing (400). A
 * payment beyond the one that paid the order is refunded, and said so (409).
 */
export async function confirmPayment(db: Db, provider: PaymentProvider, customerId: number, reference: string, proof: Record<string, unknown>) {
  const group = await ownGroup(db, customerId, reference);
  let attempt =
    provider.name === 'razorpay' && typeof proof.razorpay_order_id === 'string'
      ? await findAttemptByProviderOrder(db, provider.name, proof.razorpay_order_id)
      : await findOpenAttempt(db, reference);
  // The test gateway needs nothing from a provider: a proof for an order not yet attempted opens its attempt.
  if (!attempt && provider.name === 'test') attempt = await openAttempt(db, provider, group);
  if (!attempt || attempt.order_number !== group.order_number) {
    // Read again: a confirm sent together with this one may have paid it meanwhile.
    const now = await ownGroup(db, customerId, reference);
    if (now.payment_status === 'paid') return settled(db, now, 'paid', PAYMENT_MESSAGES.alreadyPaid);
    throw new ApiError(409, notPayable(now, new Date()) ?? PAYMENT_MESSAGES.notVerified);
  }
  const check = await withProvider(() => provider.verifyProof(attempt, proof));
  const now = new Date();
  if (!check.ok && !check.declined) throw new ApiError(400, PAYMENT_MESSAGES.notVerified);
  if (!check.ok) {
    await db.transaction().execute((trx) => applyDeclined(trx, attempt, check.reason, now));
    return settled(db, group, 'payment failed', check.reason);
  }
  // A payment refunded whole pays nothing now: it can only be one this store recorded (and refunded) before.
  if (check.refunded && !(await findPayment(db, attempt.provider, check.paymentId))) throw new ApiError(400, PAYMENT_MESSAGES.notVerified);
  const outcome = await db.transaction().execute((trx) => applyPaid(trx, attempt, check.paymentId, check.method, now));
  if (outcome === 'late') throw new ApiError(409, PAYMENT_MESSAGES.late);
  if (outcome === 'extra') throw new ApiError(409, PAYMENT_MESSAGES.extra);
  return settled(db, group, 'paid', PAYMENT_MESSAGES.paid);
}

/** API-NOTES' answer of a payment: its status and the order's lines. */
async function settled(db: Db, group: OrderGroupRow, status: 'paid' | 'payment failed', message: string) {
  const orders = (await findGroupLines(db, group.order_number)).map((l) => Number(l.id));
  return { message, data: { status, reference: group.order_number, orders } };
}

/** POST /payment/switch-to-cod: the group is paid on delivery instead, while its stock is still held. */
export async function switchToCashOnDelivery(db: Db, customerId: number, reference: string) {
  const group = await ownGroup(db, customerId, reference);
  const problem = notPayable(group, new Date());
  if (problem) throw new ApiError(409, problem);
  const switched = await db.transaction().execute((trx) => applyCashOnDelivery(trx, reference, new Date()));
  if (!switched) throw new ApiError(409, notPayable(await ownGroup(db, customerId, reference), new Date()) ?? PAYMENT_MESSAGES.expired);
}

export interface RazorpayWebhook {
  rawBody: string;
  signature: string | undefined;
}

type Entity = Record<string, unknown>;
interface RazorpayEvent {
  event?: unknown;
  payload?: { payment?: { entity?: Entity }; refund?: { entity?: Entity } };
}

/**
 * What an event is, by what Razorpay signed: its type and the payment or
 * refund it is about. Razorpay sends an event again (with a new
 * X-Razorpay-Event-Id, which is not signed) until it gets a 2xx; keyed by
 * the signed body, a replay is applied once however it is labelled.
 */
export function webhookEventKey(event: RazorpayEvent, rawBody: string): string {
  const type = typeof event.event === 'string' ? event.event : 'unknown';
  const entity = type.startsWith('refund.') ? event.payload?.refund?.entity : event.payload?.payment?.entity;
  const id = typeof entity?.id === 'string' ? entity.id : createHash('sha256').update(rawBody).digest('hex');
  return `${type}:${id}`;
}

/**
 * POST /payment/razorpay/webhook: an event counts only with a valid
 * signature over the raw body (webhook secret), and once, by what it signs,
 * in the same transaction as its effect. payment.captured and order.paid pay
 * the group even if the shopper never came back (or, for a group paid by
 * another payment, are refunded); payment.failed records a decline;
 * refund.processed and refund.failed settle a refund. Answers what happened.
 */
export async function applyRazorpayWebhook(db: Db, webhookSecret: string, webhook: RazorpayWebhook): Promise<string> {
  if (!signatureMatches(webhook.rawBody, webhook.signature, webhookSecret)) throw new ApiError(400, PAYMENT_MESSAGES.badSignature);
  let event: RazorpayEvent;
  try {
    event = JSON.parse(webhook.rawBody) as RazorpayEvent;
  } catch {
    throw new ApiError(400, PAYMENT_MESSAGES.badSignature);
  }
  const type = typeof event.event === 'string' ? event.event : 'unknown';
  const payment = event.payload?.payment?.entity ?? {};
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, { provider: 'razorpay', event_id: webhookEventKey(event, webhook.rawBody), event_type: type, now: now.toISOString() }))) {
      return WEBHOOK_OUTCOMES.replayed;
    }
    if (type === 'refund.processed' || type === 'refund.failed') return applyRefundEvent(trx, type, event.payload?.refund?.entity ?? {}, now);
    const orderId = typeof payment.order_id === 'string' ? payment.order_id : '';
    const attempt = orderId ? await findAttemptByProviderOrder(trx, 'razorpay', orderId) : undefined;
    if (!attempt) return WEBHOOK_OUTCOMES.notOurs;
    if (type === 'payment.failed') {
      await applyDeclined(trx, attempt, String((payment as { error_description?: unknown }).error_description ?? PAYMENT_MESSAGES.declined), now);
      return WEBHOOK_OUTCOMES.declined;
    }
    if (type !== 'payment.captured' && type !== 'order.paid') return WEBHOOK_OUTCOMES.ignored;
    // The event's own word for the amount is checked against the order, as a shopper's proof is.
    if (payment.amount !== attempt.amount || payment.currency !== attempt.currency || typeof payment.id !== 'string') return WEBHOOK_OUTCOMES.mismatch;
    return WEBHOOK_OUTCOMES[await applyPaid(trx, attempt, payment.id, typeof payment.method === 'string' ? payment.method : null, now)];
  });
}

/** Ends the holds that ran out unpaid (each group claimed by one conditional statement); answers how many. */
export async function expireHolds(db: Db, now: Date = new Date(), batch = 50): Promise<number> {
  let expired = 0;
  for (const orderNumber of await findExpiredHolds(db, now.toISOString(), batch)) {
    if (await db.transaction().execute((trx) => applyExpiry(trx, orderNumber, now))) expired += 1;
  }
  return expired;
}

async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      console.error(`Payment provider: ${error.message}`);
      throw new ApiError(502, PAYMENT_MESSAGES.providerDown);
    }
    throw error;
  }
}
