import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPaymentConfig } from '../../api/config.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { expireHolds } from '../../api/payments/payment.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../helpers/razorpay-stand-in.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, stockOf, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * The Razorpay adapter against a local stand-in of Razorpay's API (through
 * RAZORPAY_API_URL): attempts are Razorpay orders, a payment counts only when
 * its signature, amount and currency check out, webhooks count once and only
 * when signed, and a payment that comes after the hold ended is refunded
 * (SECURITY 31-33).
 */
describe('prepaid orders with Razorpay', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let razorpay: RazorpayStandIn;
  let variant: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    razorpay = await startRazorpayStandIn();
    const payment = readPaymentConfig(razorpay.storeEnv);
    api = createTestApi(store, { payment });
    [variant] = (await createProduct(store.db, { L: { price: 799_00, stock: 100 } })) as [TestVariant];
  });
  afterAll(async () => {
    await store.close();
    await razorpay.close();
  });

  /** A prepaid order and its Razorpay attempt, as the payment page opens it. */
  async function attemptFor(shopper: TestShopper) {
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(variant, 2)], { payment_method: 'prepaid' }), shopper.headers);
    expect(placed.body.data.payment).toEqual({ provider: 'razorpay', reference: placed.body.data.order_number, amount: '1598.00', currency: 'INR' });
    const started = await api.post('/payment/retry', { reference: placed.body.data.order_number }, shopper.headers);
    expect(started.status).toBe(200);
    return { reference: placed.body.data.order_number as string, payment: started.body.data.payment as Record<string, string> };
  }
  const statuses = async (reference: string) => (await store.db.selectFrom('orders').select('status').where('checkout_ref', '=', reference).execute()).map((r) => r.status);
  const paymentStatus = async (reference: string) =>
    (await store.db.selectFrom('order_groups').select('payment_status').where('order_number', '=', reference).executeTakeFirstOrThrow()).payment_status;
  const confirm = (shopper: TestShopper, reference: string, proof: Record<string, string>) =>
    api.post('/payment/confirm', { reference, ...proof }, shopper.headers);
  const webhook = (hook: { body: string; signature: string; eventId: string }, headers: Record<string, string> = {}) =>
    api.call('POST', '/payment/razorpay/webhook', {
      body: hook.body,
      // No API-KEY: Razorpay does not have the store's key; its signature is what counts.
      headers: { 'API-KEY': '', 'Content-Type': 'application/json', 'X-Razorpay-Signature': hook.signature, 'X-Razorpay-Event-Id': hook.eventId, ...headers },
    });

  /** Records what the store writes to console.error and console.warn (and keeps it off the test output). */
  function logSpies() {
    const spies = [vi.spyOn(console, 'error').mockImplementation(() => {}), vi.spyOn(console, 'warn').mockImplementation(() => {})];
    let lines: string[] = [];
    return {
      text: () => lines.join('\n'),
      restore: () => {
        lines = spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' ')));
        for (const spy of spies) spy.mockRestore();
      },
    };
  }

  it('opens a Razorpay order for the amount in paise with our order number as its receipt, and tells the page the public key only', async () => {
    const shopper = await createShopper(store.db);
    const { reference, payment } = await attemptFor(shopper);
    const order = razorpay.orders.get(payment.provider_order_id!);
    expect(order).toMatchObject({ amount: 1598_00, currency: 'INR', receipt: reference });
    expect(payment).toMatchObject({ provider: 'razorpay', key_id: razorpay.keyId, provider_order_id: order!.id, amount: '1598.00' });
    expect(JSON.stringify(payment)).not.toContain(razorpay.keySecret);
    // The same waiting attempt is reused: Razorpay takes any number of tries on one order.
    const again = await api.post('/payment/retry', { reference }, shopper.headers);
    expect(again.body.data.payment.provider_order_id).toBe(order!.id);
  });

  it('a payment with a good signature, amount and currency marks the order paid once', async () => {
    const shopper = await createShopper(store.db);
    const { reference, payment } = await attemptFor(shopper);
    const { proof } = razorpay.pay(payment.provider_order_id!);
    const paid = await confirm(shopper, reference, proof);
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    expect(await statuses(reference)).toEqual(['order has been placed']);
    const again = await confirm(shopper, reference, proof);
    expect(again.body.data.status).toBe('paid');
    const history = await store.db.selectFrom('order_status_history as h').innerJoin('orders as o', 'o.id', 'h.order_id').select('h.status').where('o.checkout_ref', '=', reference).execute();
    expect(history.filter((h) => h.status === 'order has been placed')).toHaveLength(1);
    const attempt = await store.db.selectFrom('payment_attempts').select(['status', 'method', 'provider_payment_id']).where('order_number', '=', reference).executeTakeFirstOrThrow();
    expect(attempt).toEqual({ status: 'paid', method: 'upi', provider_payment_id: proof.razorpay_payment_id });
  });

  it('captures an authorized payment before counting it', async () => {
    const shopper = await createShopper(store.db);
    const { reference, payment } = await attemptFor(shopper);
    const { proof, payment: made } = razorpay.pay(payment.provider_order_id!, { status: 'authorized' });
    expect((await confirm(shopper, reference, proof)).body.data.status).toBe('paid');
    expect(razorpay.payments.get(made.id)?.status).toBe('captured');
  });

  it('refuses a bad signature, a payment of another amount, or another order’s payment, changing nothing', async () => {
    const shopper = await createShopper(store.db);
    const { reference, payment } = await attemptFor(shopper);
    const { proof } = razorpay.pay(payment.provider_order_id!);
    const forged = await confirm(shopper, reference, { ...proof, razorpay_signature: proof.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ success: false, message: 'The payment could not be verified' });
    // Signed right, but for ₹1 of a ₹1,598 order.
    const cheap = razorpay.pay(payment.provider_order_id!, { amount: 100 });
    expect((await confirm(shopper, reference, cheap.proof)).status).toBe(400);
    // Another shopper's own, genuine payment, presented for this order.
    const other = await createShopper(store.db);
    const theirs = await attemptFor(other);
    const theirProof = razorpay.pay(theirs.payment.provider_order_id!).proof;
    expect((await confirm(shopper, reference, theirProof)).status).toBeGreaterThanOrEqual(400);
    expect(await statuses(reference)).toEqual(['awaiting payment']);
    expect(await paymentStatus(reference)).toBe('awaiting');
    // And nobody else may confirm this order at all.
    expect((await confirm(other, reference, proof)).status).toBe(404);
  });

  it('refuses the test gateway’s proof with 404 while the store takes Razorpay payments', async () => {
    const shopper = await createShopper(store.db);
    const { reference } = await attemptFor(shopper);
    const res = await confirm(shopper, reference, { outcome: 'success' });
    expect(res.status).toBe(404);
    expect(await statuses(reference)).toEqual(['awaiting payment']);
  });

  it('a signed payment.captured webhook pays the order when the shopper never came back; a replay changes nothing', async () => {
    const shopper = await createShopper(store.db);
    const { reference, payment } = await attemptFor(shopper);
    const { payment: made } = razorpay.pay(payment.provider_order_id!);
    const hook = razorpay.webhook('payment.captured', made);
    const first = await webhook(hook);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('order paid');
    expect(await statuses(reference)).toEqual(['order has been placed']);
    const replay = await webhook(hook);
    expect(replay.body.message).toBe('already applied');
    // The same signed body under a new (unsigned) event id header is the same event.
    expect((await webhook({ ...hook, eventId: 'evt_relabelled' })).body.message).toBe('already applied');
    // order.paid for the same payment, another event: already paid by it, nothing changes.
    expect((await webhook(razorpay.webhook('order.paid', made))).body.message).toBe('order already paid by this payment');
    const mails = (await api.mailTo(shopper.email)).filter((m) => /confirmed/.test(m.subject));
    expect(mails).toHaveLength(1);
  });

  it('refuses a forged or unsigned webhook with 400 and applies nothing', async () => {
    const shopper = await createShopper(store.db);
    const { reference, payment } = await attemptFor(shopper);
    const { payment: made } = razorpay.pay(payment.provider_order_id!);
    const hook = razorpay.webhook('payment.captured', made);
    expect((await webhook({ ...hook, signature: 'f'.repeat(64) })).status).toBe(400);
    expect((await webhook({ ...hook, body: hook.body.replace('"captured"', '"captured" ') })).status).toBe(400);
    const unsigned = await api.call('POST', '/payment/razorpay/webhook', { body: hook.body, headers: { 'Content-Type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect(await statuses(reference)).toEqual(['awaiting payment']);
    const events = await store.db.selectFrom('payment_events').select('event_id').where('event_id', '=', `payment.captured:${made.id}`).execute();
    expect(events).toEqual([]);
  });

  it('a payment.failed webhook records the decline; the stock stays held for a retry', async () => {
    const shopper = await createShopper(store.db);
    const before = await stockOf(store.db, variant.variantId);
    const { reference, payment } = await attemptFor(shopper);
    const { payment: made } = razorpay.pay(payment.provider_order_id!, { status: 'failed' });
    expect((await webhook(razorpay.webhook('payment.failed', made))).body.message).toBe('payment failure recorded');
    expect(await statuses(reference)).toEqual(['payment failed']);
    // Still held: the checkout took 2, and the decline gave nothing back.
    expect(await stockOf(store.db, variant.variantId)).toBe(before - 2);
    const retry = await api.post('/payment/retry', { reference }, shopper.headers);
    expect(retry.body.data.payment.provider_order_id).not.toBe(payment.provider_order_id);
  });

  it('a signed payment.captured of another amount or currency is recorded as a mismatch and leaves the order awaiting payment', async () => {
    const shopper = await createShopper(store.db);
    const before = await stockOf(store.db, variant.variantId);
    const { reference, payment } = await attemptFor(shopper);
    // Signed with the webhook secret, so only the amount and currency check can refuse them.
    const cheap = razorpay.pay(payment.provider_order_id!, { amount: 100 }).payment;
    expect((await webhook(razorpay.webhook('payment.captured', cheap))).body).toEqual({ success: true, message: 'amount or currency does not match the order; nothing changed' });
    const dollars = razorpay.pay(payment.provider_order_id!).payment;
    expect((await webhook(razorpay.webhook('payment.captured', { ...dollars, currency: 'USD' }))).body).toEqual({ success: true, message: 'amount or currency does not match the order; nothing changed' });
    expect(await paymentStatus(reference)).toBe('awaiting');
    expect(await statuses(reference)).toEqual(['awaiting payment']);
    expect(await stockOf(store.db, variant.variantId)).toBe(before - 2);
    const attempts = await store.db.selectFrom('payment_attempts').select(['status', 'provider_payment_id']).where('order_number', '=', reference).execute();
    expect(attempts).toEqual([{ status: 'created', provider_payment_id: null }]);
    expect((await api.mailTo(shopper.email)).filter((m) => /confirmed/.test(m.subject))).toEqual([]);
  });

  it('a payment.captured and the hold’s end at the same moment: one wins; the stock goes back once, or the payment is refunded', { timeout: 30_000 }, async () => {
    for (let round = 0; round < 5; round += 1) {
      const shopper = await createShopper(store.db);
      const before = await stockOf(store.db, variant.variantId);
      const { reference, payment } = await attemptFor(shopper);
      await store.db.updateTable('order_groups').set({ hold_expires_at: new Date(Date.now() - 1).toISOString() }).where('order_number', '=', reference).execute();
      const { payment: made } = razorpay.pay(payment.provider_order_id!);
      const [hook, expired] = await Promise.all([webhook(razorpay.webhook('payment.captured', made)), expireHolds(store.db)]);
      if ((await paymentStatus(reference)) === 'paid') {
        expect(hook.body.message).toBe('order paid');
        expect(expired).toBe(0);
        expect(await stockOf(store.db, variant.variantId)).toBe(before - 2);
        expect(razorpay.refunds.filter((r) => r.payment_id === made.id)).toEqual([]);
      } else {
        expect(hook.body.message).toBe('order no longer waiting for payment; this payment is refunded');
        expect(await stockOf(store.db, variant.variantId)).toBe(before);
        await api.refundQueue.idle();
        expect(razorpay.refunds.filter((r) => r.payment_id === made.id)).toHaveLength(1);
      }
    }
  });

  it('answers 502 while Razorpay cannot be reached, and opens no attempt', async () => {
    const shopper = await createShopper(store.db);
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(variant)], { payment_method: 'prepaid' }), shopper.headers);
    const logged = logSpies();
    razorpay.setDown(true);
    try {
      const res = await api.post('/payment/retry', { reference: placed.body.data.order_number }, shopper.headers);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ success: false, message: 'The payment service could not be reached. Please try again.' });
    } finally {
      razorpay.setDown(false);
      logged.restore();
    }
    // The outage is logged, without either secret (SECURITY 33).
    expect(logged.text()).toContain('Payment provider: Razorpay answered 503');
    for (const secret of [razorpay.keySecret, razorpay.webhookSecret]) expect(logged.text()).not.toContain(secret);
    expect(await store.db.selectFrom('payment_attempts').select('id').where('order_number', '=', placed.body.data.order_number).execute()).toEqual([]);
  });

  it('sends the key secret only as Razorpay’s basic auth, never in an answer', async () => {
    const shopper = await createShopper(store.db);
    const { reference } = await attemptFor(shopper);
    const view = await api.get(`/orders/${reference}`, shopper.headers);
    for (const secret of [razorpay.keySecret, razorpay.webhookSecret]) expect(JSON.stringify(view.body)).not.toContain(secret);
    expect(view.body.data.payment).toMatchObject({ provider: 'razorpay', key_id: razorpay.keyId });
  });
});
