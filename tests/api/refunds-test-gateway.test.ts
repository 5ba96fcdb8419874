import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { findOrderLine } from '../../api/orders/order.repository.ts';
import { setLinesStatus } from '../../api/orders/order.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, stockOf, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * The test gateway's payments and refunds (decision 065): parallel confirms
 * of one payment answer alike on both databases, and a cancelled paid line
 * is refunded through it at once, shown as TEST MODE.
 */
describe('payments and refunds with the test gateway', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let kurta: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
    [kurta] = (await createProduct(store.db, { L: { price: 1499_50, stock: 200 } })) as [TestVariant];
  });
  afterAll(async () => {
    await store.close();
  });

  async function prepaid(shopper: TestShopper, quantity = 1) {
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta, quantity)], { payment_method: 'prepaid' }), shopper.headers);
    expect(placed.status).toBe(200);
    return { reference: placed.body.data.order_number as string, lineIds: placed.body.data.order_id as number[] };
  }
  const confirm = (shopper: TestShopper, reference: string) => api.post('/payment/confirm', { reference, outcome: 'success', method: 'upi' }, shopper.headers);

  it('ten confirms of one payment at once all answer 200 paid: one attempt, one payment, the stock taken once, nothing refunded', async () => {
    const shopper = await createShopper(store.db);
    const before = await stockOf(store.db, kurta.variantId);
    const { reference } = await prepaid(shopper, 2);
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(shopper, reference)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.data.status)).toEqual(Array(10).fill('paid'));
    for (const answer of answers) expect(['Payment received', 'This order is already paid']).toContain(answer.body.message);
    expect(await store.db.selectFrom('payment_attempts').select('status').where('order_number', '=', reference).execute()).toEqual([{ status: 'paid' }]);
    expect(await store.db.selectFrom('payments').select('purpose').where('order_number', '=', reference).execute()).toEqual([{ purpose: 'order' }]);
    await api.refundQueue.idle();
    expect(await store.db.selectFrom('refunds').select('id').where('order_number', '=', reference).execute()).toEqual([]);
    expect(await stockOf(store.db, kurta.variantId)).toBe(before - 2);
    expect((await api.mailTo(shopper.email)).filter((m) => m.subject.endsWith('confirmed'))).toHaveLength(1);
  });

  it('a cancelled paid line is refunded through the test gateway at once and shown as TEST MODE, in the orders and on the order’s page', async () => {
    const shopper = await createShopper(store.db);
    const { reference, lineIds } = await prepaid(shopper, 3);
    expect((await confirm(shopper, reference)).status).toBe(200);
    const cancelled = await api.post('/customer/cancel-order', { order_id: lineIds[0], reject_reason_select: 'Ordered by Mistake' }, shopper.headers);
    expect(cancelled.body).toEqual({ success: true, status: true, message: 'Order cancelled successfully' });
    await api.refundQueue.idle();
    const refund = { amount: '4498.50', status: 'processed', initiated_at: expect.any(String), processed_at: expect.any(String), test_mode: true };
    const [line] = (await api.get('/customer/orders', shopper.headers)).body.data.orders;
    expect(line).toMatchObject({ order_id: lineIds[0], status: 'order has been cancelled', refund, return_status: null, returnable_until: null });
    const group = (await api.get(`/orders/${reference}`, shopper.headers)).body.data;
    expect(group.lines[0]).toMatchObject({ order_id: lineIds[0], refund });
    const made = (await api.mailTo(shopper.email)).find((m) => m.subject.endsWith('refund made'));
    expect(made!.text).toContain('We have refunded ₹4,498.50.');
    expect(made!.text).toContain('TEST MODE: this store takes test payments, so no money moved.');
    const notice = (await api.mailTo(shopper.email)).find((m) => m.subject.endsWith('item cancelled'));
    expect(notice!.text).toContain('A refund of ₹4,498.50 has been initiated to your original payment method; it usually reaches your account in 5-7 working days.');
  });

  it('a line the store cancelled while its order waited for payment is refunded from the payment that comes after', async () => {
    const shopper = await createShopper(store.db);
    const [cap] = (await createProduct(store.db, { price: 500_00, stock: 5 })) as [TestVariant];
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta, 1), orderLine(cap, 1)], { payment_method: 'prepaid' }), shopper.headers);
    const reference = placed.body.data.order_number as string;
    const [kurtaLine, capLine] = placed.body.data.order_id as number[];
    const [outcome] = await setLinesStatus(store.db, [(await findOrderLine(store.db, capLine!))!], 'order has been cancelled', 'Seller out of stock');
    expect(outcome).toMatchObject({ changed: true });
    expect((await confirm(shopper, reference)).status).toBe(200);
    await api.refundQueue.idle();
    const refunds = await store.db.selectFrom('refunds').select(['order_id', 'amount', 'status', 'reason']).where('order_number', '=', reference).execute();
    expect(refunds).toEqual([{ order_id: capLine, amount: 500_00, status: 'processed', reason: 'cancelled' }]);
    const statuses = await store.db.selectFrom('orders').select(['id', 'status']).where('checkout_ref', '=', reference).orderBy('id').execute();
    expect(statuses).toEqual([
      { id: kurtaLine, status: 'order has been placed' },
      { id: capLine, status: 'order has been cancelled' },
    ]);
  });
});
