import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { expireHolds } from '../../api/payments/payment.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createCoupon, createProduct, createShopper, orderLine, stockOf, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * Prepaid orders through the built-in test gateway (PAYMENT_PROVIDER unset):
 * the whole payment flow of API-NOTES "Payments" on one machine, with the
 * order states of issue 14 (SECURITY 32, 33).
 */
describe('prepaid orders with the test gateway', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let variant: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
    [variant] = (await createProduct(store.db, { M: { price: 1200_00, stock: 100 } })) as [TestVariant];
  });
  afterAll(() => store.close());

  async function prepaidOrder(shopper: TestShopper, extra: Record<string, unknown> = {}) {
    const res = await api.post('/checkout', checkoutBody(shopper, [orderLine(variant, 2)], { payment_method: 'prepaid', ...extra }), shopper.headers);
    expect(res.status).toBe(200);
    return res.body.data as { order_number: string; order_id: number[]; payment: Record<string, unknown> };
  }
  const statuses = async (orderNumber: string) =>
    (await store.db.selectFrom('orders').select('status').where('checkout_ref', '=', orderNumber).execute()).map((r) => r.status);
  const group = (orderNumber: string) => store.db.selectFrom('order_groups').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  const pay = (shopper: TestShopper, reference: string, outcome: string) =>
    api.post('/payment/confirm', { reference, outcome, method: 'upi' }, shopper.headers);
  const confirmationsTo = async (email: string) => (await api.mailTo(email)).filter((m) => /confirmed/.test(m.subject));

  it('answers a prepaid checkout with what the payment page needs, and mails no confirmation before the payment', async () => {
    const shopper = await createShopper(store.db);
    const order = await prepaidOrder(shopper);
    expect(order.payment).toEqual({ provider: 'test', reference: order.order_number, amount: '2400.00', currency: 'INR' });
    expect(await statuses(order.order_number)).toEqual(['awaiting payment']);
    expect(await confirmationsTo(shopper.email)).toEqual([]);
  });

  it('a paid attempt places the order once, mails the confirmation, and a repeat changes nothing', async () => {
    const shopper = await createShopper(store.db);
    const order = await prepaidOrder(shopper);
    const started = await api.post('/payment/retry', { reference: order.order_number }, shopper.headers);
    expect(started.body.data.payment).toMatchObject({ provider: 'test', reference: order.order_number, amount: '2400.00', status: 'awaiting' });
    const paid = await pay(shopper, order.order_number, 'success');
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ success: true, message: 'Payment received', data: { status: 'paid', reference: order.order_number, orders: order.order_id } });
    expect(await statuses(order.order_number)).toEqual(['order has been placed']);
    expect(await group(order.order_number)).toMatchObject({ payment_status: 'paid', paid_at: expect.any(String) });
    expect(await confirmationsTo(shopper.email)).toHaveLength(1);
    const again = await pay(shopper, order.order_number, 'success');
    expect(again.body).toMatchObject({ success: true, message: 'This order is already paid' });
    expect(await confirmationsTo(shopper.email)).toHaveLength(1);
    const history = await store.db.selectFrom('order_status_history').select(['status', 'changed_by']).where('order_id', '=', order.order_id[0]!).orderBy('id').execute();
    expect(history).toEqual([
      { status: 'awaiting payment', changed_by: 'shopper' },
      { status: 'order has been placed', changed_by: 'payment' },
    ]);
  });

  it('the confirmation mail of a paid order links to its order page at the store’s origin, in the text and the HTML', async () => {
    const shopper = await createShopper(store.db);
    const order = await prepaidOrder(shopper);
    expect((await pay(shopper, order.order_number, 'success')).body.data.status).toBe('paid');
    const [mail] = await confirmationsTo(shopper.email);
    const orderPage = `${api.config.siteOrigin}/order-success?order=${order.order_number}`;
    expect(mail?.links).toEqual([orderPage, `${api.config.siteOrigin}/my-account/orders`]);
    expect(mail?.text).toContain(`Your order: ${orderPage}`);
    expect(mail?.html).toContain(`<a href="${orderPage}">View your order</a>`);
  });

  it('a declined payment keeps the stock held; Retry payment then succeeds', async () => {
    const shopper = await createShopper(store.db);
    const before = await stockOf(store.db, variant.variantId);
    const order = await prepaidOrder(shopper);
    const declined = await pay(shopper, order.order_number, 'failure');
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ message: 'The test payment was declined', data: { status: 'payment failed' } });
    expect(await statuses(order.order_number)).toEqual(['payment failed']);
    expect(await stockOf(store.db, variant.variantId)).toBe(before - 2);
    const retry = await api.post('/payment/retry', { reference: order.order_number }, shopper.headers);
    expect(retry.status).toBe(200);
    expect(await statuses(order.order_number)).toEqual(['awaiting payment']);
    expect((await pay(shopper, order.order_number, 'success')).body.data.status).toBe('paid');
    expect(await stockOf(store.db, variant.variantId)).toBe(before - 2);
  });

  it('Pay on delivery instead turns a declined order into cash on delivery, placed and confirmed', async () => {
    const shopper = await createShopper(store.db);
    const order = await prepaidOrder(shopper);
    await pay(shopper, order.order_number, 'failure');
    const switched = await api.post('/payment/switch-to-cod', { reference: order.order_number }, shopper.headers);
    expect(switched.body).toEqual({ success: true, message: 'Your order will be paid on delivery' });
    expect(await statuses(order.order_number)).toEqual(['order has been placed']);
    expect(await group(order.order_number)).toMatchObject({ payment_method: 'cod', payment_status: 'cod', hold_expires_at: null });
    const [line] = await store.db.selectFrom('orders').select('payment_method').where('checkout_ref', '=', order.order_number).execute();
    expect(line?.payment_method).toBe('cod');
    expect(await confirmationsTo(shopper.email)).toHaveLength(1);
    expect((await pay(shopper, order.order_number, 'success')).status).toBe(409);
  });

  it('an unpaid hold ends once: stock and the coupon’s use go back, and the order can no longer be paid or switched', async () => {
    const shopper = await createShopper(store.db);
    const code = await createCoupon(store.db, { kind: 'flat', value: 100_00, usage_limit: 5 });
    const before = await stockOf(store.db, variant.variantId);
    const order = await prepaidOrder(shopper, { coupon_code: code });
    await store.db.updateTable('order_groups').set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_number', '=', order.order_number).execute();
    const [first, second] = await Promise.all([expireHolds(store.db), expireHolds(store.db)]);
    expect(first! + second!).toBe(1);
    expect(await expireHolds(store.db)).toBe(0);
    expect(await stockOf(store.db, variant.variantId)).toBe(before);
    expect(await statuses(order.order_number)).toEqual(['payment failed']);
    expect(await group(order.order_number)).toMatchObject({ payment_status: 'expired' });
    const used = await store.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
    expect(Number(used.used_count)).toBe(0);
    for (const path of ['/payment/retry', '/payment/switch-to-cod']) {
      const res = await api.post(path, { reference: order.order_number }, shopper.headers);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The time to pay for this order has passed. Please order again.');
    }
  });

  it('a payment and the hold’s end at the same moment: exactly one wins, and stock is released at most once', { timeout: 30_000 }, async () => {
    for (let round = 0; round < 5; round += 1) {
      const shopper = await createShopper(store.db);
      const before = await stockOf(store.db, variant.variantId);
      const order = await prepaidOrder(shopper);
      await api.post('/payment/retry', { reference: order.order_number }, shopper.headers);
      await store.db.updateTable('order_groups').set({ hold_expires_at: new Date(Date.now() - 1).toISOString() }).where('order_number', '=', order.order_number).execute();
      const [paid, expired] = await Promise.all([pay(shopper, order.order_number, 'success'), expireHolds(store.db)]);
      const state = (await group(order.order_number)).payment_status;
      if (state === 'paid') {
        expect(paid.body.data.status).toBe('paid');
        expect(expired).toBe(0);
        expect(await stockOf(store.db, variant.variantId)).toBe(before - 2);
      } else {
        expect(state).toBe('expired');
        expect(paid.status).toBe(409);
        expect(await stockOf(store.db, variant.variantId)).toBe(before);
        // No attempt counts as paid (the test gateway moved no money, so there is nothing to give back).
        const attempts = await store.db.selectFrom('payment_attempts').select('status').where('order_number', '=', order.order_number).execute();
        expect(attempts.map((a) => a.status)).not.toContain('paid');
      }
    }
  });

  it('another shopper’s order, and an unknown one, answer 404 and change nothing', async () => {
    const owner = await createShopper(store.db);
    const other = await createShopper(store.db);
    const order = await prepaidOrder(owner);
    for (const reference of [order.order_number, 'OD000000000000']) {
      for (const path of ['/payment/retry', '/payment/switch-to-cod']) expect((await api.post(path, { reference }, other.headers)).status).toBe(404);
      expect((await pay(other, reference, 'success')).status).toBe(404);
      expect((await api.get(`/orders/${reference}`, other.headers)).status).toBe(404);
    }
    expect(await statuses(order.order_number)).toEqual(['awaiting payment']);
    expect((await api.post('/payment/retry', { reference: 'not-an-order' }, owner.headers)).body.errors).toEqual({ reference: ['Order number is not valid'] });
  });

  it('GET /orders/{number} answers the shopper’s own order with lines, totals, address and payment', async () => {
    const shopper = await createShopper(store.db);
    const order = await prepaidOrder(shopper);
    const res = await api.get(`/orders/${order.order_number}`, shopper.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      order_number: order.order_number,
      payment_method: 'prepaid',
      payment_status: 'awaiting',
      subtotal: '2400.00',
      discount: '0.00',
      total: '2400.00',
      lines: [expect.objectContaining({ order_id: order.order_id[0], quantity: 2, price: '1200.00', status: 'awaiting payment' })],
      shipping: expect.objectContaining({ full_name: 'Asha Rao', address: '14 Linking Road, Bandra West', pincode: '400050' }),
      payment: expect.objectContaining({ provider: 'test', reference: order.order_number, amount: '2400.00' }),
    });
  });

  it('answers 404 at the Razorpay webhook while the store runs the test gateway', async () => {
    const res = await api.call('POST', '/payment/razorpay/webhook', { body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(404);
  });
});
