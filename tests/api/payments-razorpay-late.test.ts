import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPaymentConfig } from '../../api/config.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { expireHolds } from '../../api/payments/payment.service.ts';
import { createRefundQueue, REFUND_RETRY_DELAYS_MS } from '../../api/refunds/refund-queue.ts';
import { refundProviders, type RefundProviders } from '../../api/refunds/refund.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../helpers/razorpay-stand-in.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, stockOf, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * A Razorpay payment against the hold's end, in both fixed orders (decision
 * 018, SECURITY 32): the expiry first, then the payment, gives the payment
 * back through Razorpay and the stock once; the payment first wins. A refund
 * Razorpay cannot take now stays owed and is made once when it can.
 */
describe('Razorpay payments that meet the end of the hold', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let razorpay: RazorpayStandIn;
  let providers: RefundProviders;
  let variant: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    razorpay = await startRazorpayStandIn();
    const payment = readPaymentConfig(razorpay.storeEnv);
    api = createTestApi(store, { payment });
    providers = refundProviders(payment);
    [variant] = (await createProduct(store.db, { L: { price: 799_00, stock: 100 } })) as [TestVariant];
  });
  afterAll(async () => {
    await store.close();
    await razorpay.close();
  });

  /** A prepaid order of 2 whose Razorpay attempt is open and whose hold has just ended, before the expiry has run. */
  async function heldPastItsEnd(shopper: TestShopper) {
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(variant, 2)], { payment_method: 'prepaid' }), shopper.headers);
    const reference = placed.body.data.order_number as string;
    const started = await api.post('/payment/retry', { reference }, shopper.headers);
    expect(started.status).toBe(200);
    await store.db.updateTable('order_groups').set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_number', '=', reference).execute();
    return { reference, providerOrderId: started.body.data.payment.provider_order_id as string };
  }
  const statuses = async (reference: string) => (await store.db.selectFrom('orders').select('status').where('checkout_ref', '=', reference).execute()).map((r) => r.status);
  const paymentStatus = async (reference: string) =>
    (await store.db.selectFrom('order_groups').select('payment_status').where('order_number', '=', reference).executeTakeFirstOrThrow()).payment_status;
  const attemptOf = (paymentId: string) =>
    store.db.selectFrom('payment_attempts').select('status').where('provider_payment_id', '=', paymentId).executeTakeFirstOrThrow();
  const refundsOf = (paymentId: string) => razorpay.refunds.filter((r) => r.payment_id === paymentId);
  const refundCallsOf = (paymentId: string) => razorpay.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${paymentId}/refund`);
  const captured = (hook: { body: string; signature: string; eventId: string }) =>
    api.call('POST', '/payment/razorpay/webhook', {
      body: hook.body,
      headers: { 'API-KEY': '', 'Content-Type': 'application/json', 'X-Razorpay-Signature': hook.signature, 'X-Razorpay-Event-Id': hook.eventId },
    });

  it('the expiry first, then payment.captured: the payment is refunded once, the lines stay payment failed, the stock came back once', async () => {
    const shopper = await createShopper(store.db);
    const before = await stockOf(store.db, variant.variantId);
    const { reference, providerOrderId } = await heldPastItsEnd(shopper);
    expect(await expireHolds(store.db)).toBe(1);
    expect(await stockOf(store.db, variant.variantId)).toBe(before);

    const { payment: late } = razorpay.pay(providerOrderId);
    expect((await captured(razorpay.webhook('payment.captured', late))).body.message).toBe('order no longer waiting for payment; this payment is refunded');
    await api.refundQueue.idle();
    expect(await paymentStatus(reference)).toBe('expired');
    expect(await statuses(reference)).toEqual(['payment failed']);
    expect(refundsOf(late.id)).toEqual([
      {
        id: expect.any(String),
        payment_id: late.id,
        amount: 1598_00,
        idempotencyKey: expect.stringMatching(/^payment:\d+$/),
        speed: 'optimum',
        notes: { order_number: reference, refund_key: expect.stringMatching(/^payment:\d+$/) },
        status: 'processed',
      },
    ]);
    expect((await attemptOf(late.id)).status).toBe('refunded');
    expect(await stockOf(store.db, variant.variantId)).toBe(before);
    expect(await expireHolds(store.db)).toBe(0);
    expect(await stockOf(store.db, variant.variantId)).toBe(before);
  });

  it('payment.captured first, after the hold ended but before the expiry ran: the order is paid and the expiry then changes nothing', async () => {
    const shopper = await createShopper(store.db);
    const before = await stockOf(store.db, variant.variantId);
    const { reference, providerOrderId } = await heldPastItsEnd(shopper);

    const { payment: made } = razorpay.pay(providerOrderId);
    expect((await captured(razorpay.webhook('payment.captured', made))).body.message).toBe('order paid');
    expect(await expireHolds(store.db)).toBe(0);
    expect(await paymentStatus(reference)).toBe('paid');
    expect(await statuses(reference)).toEqual(['order has been placed']);
    expect(await stockOf(store.db, variant.variantId)).toBe(before - 2);
    expect(refundCallsOf(made.id)).toEqual([]);
    expect((await attemptOf(made.id)).status).toBe('paid');
  });

  it('a late payment’s refund that Razorpay cannot take stays owed; once Razorpay is back, the next round after its delay makes it exactly once', async () => {
    const shopper = await createShopper(store.db);
    const { reference, providerOrderId } = await heldPastItsEnd(shopper);
    expect(await expireHolds(store.db)).toBe(1);
    const { payment: late } = razorpay.pay(providerOrderId);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    razorpay.setDown(true);
    try {
      expect((await captured(razorpay.webhook('payment.captured', late))).body.message).toBe('order no longer waiting for payment; this payment is refunded');
      await api.refundQueue.idle();
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Refund \d+ \(payment:\d+\) not made, retrying in 30 s: Razorpay answered 503/));
    } finally {
      razorpay.setDown(false);
      errors.mockRestore();
    }
    expect((await attemptOf(late.id)).status).toBe('refund_due');
    expect(refundsOf(late.id)).toEqual([]);
    const callsWhileDown = refundCallsOf(late.id).length;

    // Before its delay the refund is not due; once the delay has passed, the round makes it.
    const at = (ms: number) => createRefundQueue({ db: store.db, providers, now: () => new Date(Date.now() + ms) });
    expect(await at(0).runOnce()).toBe(0);
    expect(await at(REFUND_RETRY_DELAYS_MS[0]! + 1000).runOnce()).toBe(1);
    expect(refundCallsOf(late.id)).toHaveLength(callsWhileDown + 1);
    expect(refundsOf(late.id)).toEqual([expect.objectContaining({ payment_id: late.id, amount: 1598_00 })]);
    expect((await attemptOf(late.id)).status).toBe('refunded');
    // Nothing is owed any more: a later round asks Razorpay nothing.
    expect(await at(REFUND_RETRY_DELAYS_MS.at(-1)! * 2).runOnce()).toBe(0);
    expect(refundCallsOf(late.id)).toHaveLength(callsWhileDown + 1);
    expect(await paymentStatus(reference)).toBe('expired');
  });
});
