import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { setLinesStatus } from '../../api/orders/order.service.ts';
import { findGroupLines } from '../../api/orders/order.repository.ts';
import { expireHolds } from '../../api/payments/payment.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import {
  checkoutBody,
  placedOrder,
  createCoupon,
  createProduct,
  createShopper,
  orderLine,
  stockOf,
  type TestShopper,
  type TestVariant,
} from '../fixtures/order.fixtures.ts';

describe('GET /customer/orders and POST /customer/cancel-order', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const placed = (shopper: TestShopper, lines: unknown[], extra: Record<string, unknown> = {}) => placedOrder(api, shopper, lines, extra);
  const cancel = (shopper: TestShopper, body: Record<string, unknown>) => api.post('/customer/cancel-order', body, shopper.headers);
  const reason = (orderId: number, extra: Record<string, unknown> = {}) => ({ order_id: orderId, reject_reason_select: 'Changed My Mind', ...extra });

  it('lists the shopper’s lines newest first with SPEC’s fields and the customer’s data', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = await createProduct(store.db, { M: { price: 1000_00, stock: 9 } }, { name: 'Chikankari Kurta' });
    const first = await placed(shopper, [orderLine(kurta!, 2)], { coupon_code: await createCoupon(store.db, { kind: 'flat', value: 100_00 }) });
    const second = await placed(shopper, [orderLine(kurta!)], { payment_method: 'prepaid' });
    const res = await api.get('/customer/orders', shopper.headers);
    expect(res.status).toBe(200);
    const { customerData, orders, pagination } = res.body.data;
    expect(customerData).toEqual([
      {
        fullName: 'Asha Rao',
        email: shopper.email,
        phone_number: shopper.phone,
        shipping_address: expect.objectContaining({ address: '14 Linking Road, Bandra West', pincode: '400050' }),
      },
    ]);
    expect(orders.map((o: { order_id: number }) => o.order_id)).toEqual([second.order_id[0], first.order_id[0]]);
    expect(orders[1]).toMatchObject({
      order_id: first.order_id[0],
      order_number: first.order_number,
      order_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'order has been placed',
      payment_method: 'cod',
      price: '1000.00',
      quantity: 2,
      final_amount: '950.00',
      discount_amount: '100.00',
      product_name: 'Chikankari Kurta',
      product_variation: 'M',
      cover_image: 'https://shop.example/media/kurta.webp',
      product_images: expect.stringContaining('kurta-2.webp'),
    });
    expect(orders[0]).toMatchObject({ status: 'awaiting payment', payment_method: 'prepaid', discount_amount: '0.00' });
    expect(pagination).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 2, from: 1, to: 2 });
  });

  it('pages a shopper with more than 50 lines, 50 at a time', { timeout: 60_000 }, async () => {
    const shopper = await createShopper(store.db);
    const [cap] = await createProduct(store.db, { price: 10_00, stock: 200 });
    // 52 orders of one line; the checkout limit (30 in ten minutes) is cleared between them.
    for (let i = 0; i < 52; i += 1) {
      await store.db.deleteFrom('rate_limits').execute();
      await placed(shopper, [orderLine(cap!)]);
    }
    const one = await api.get('/customer/orders', shopper.headers);
    const two = await api.get('/customer/orders?page=2', shopper.headers);
    expect(one.body.data.orders).toHaveLength(50);
    expect(two.body.data.orders).toHaveLength(2);
    expect(two.body.data.pagination).toMatchObject({ current_page: 2, last_page: 2, total: 52, from: 51, to: 52 });
    for (const page of ['0', '10001', '1234567', 'two']) {
      const refused = await api.get(`/customer/orders?page=${page}`, shopper.headers);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Page must be a whole number from 1 to 10000');
    }
  });

  it('answers an empty list to a shopper without orders, and 401 without a token', async () => {
    const shopper = await createShopper(store.db);
    const res = await api.get('/customer/orders', shopper.headers);
    expect(res.body.data.orders).toEqual([]);
    expect(res.body.data.customerData[0].shipping_address).toBeNull();
    expect((await api.get('/customer/orders')).status).toBe(401);
  });

  it('cancels the shopper’s own line with a reason: status true, stock back, reason, time and history recorded, shopper mailed', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { L: { price: 500_00, stock: 4 } });
    const { order_id: [id] } = await placed(shopper, [orderLine(v!, 3)]);
    expect(await stockOf(store.db, v!.variantId)).toBe(1);
    const res = await cancel(shopper, reason(id!, { reject_reason_select: 'Other', reject_reason_input: '  Wrong colour  ' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, status: true, message: 'Order cancelled successfully' });
    expect(await stockOf(store.db, v!.variantId)).toBe(4);
    const row = await store.db.selectFrom('orders').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'order has been cancelled', cancel_reason: 'Other', cancel_reason_text: 'Wrong colour', cancelled_at: expect.any(String) });
    const history = await store.db.selectFrom('order_status_history').select(['from_status', 'status', 'changed_by', 'note']).where('order_id', '=', id!).orderBy('id').execute();
    expect(history).toEqual([
      { from_status: null, status: 'order has been placed', changed_by: 'shopper', note: null },
      { from_status: 'order has been placed', status: 'order has been cancelled', changed_by: 'shopper', note: 'Wrong colour' },
    ]);
    const product = await store.db.selectFrom('products').select(['total_stock', 'in_stock_size_keys']).where('id', '=', v!.productId).executeTakeFirstOrThrow();
    expect(product).toEqual({ total_stock: 4, in_stock_size_keys: '|l|' });
    const [notice] = await api.mailTo(shopper.email);
    expect(notice?.subject).toMatch(/item cancelled/);
  });

  it('answers another shopper’s order like a missing one: 404, nothing changes', async () => {
    const owner = await createShopper(store.db);
    const other = await createShopper(store.db);
    const [v] = await createProduct(store.db, { price: 100_00, stock: 5 });
    const { order_id: [id] } = await placed(owner, [orderLine(v!)]);
    for (const orderId of [id!, 2_000_000]) {
      const res = await cancel(other, reason(orderId));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, status: false, message: 'Order not found' });
    }
    expect(await stockOf(store.db, v!.variantId)).toBe(4);
  });

  it('refuses to cancel from a status past SPEC’s five (delivered, or awaiting payment) with 409', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { price: 100_00, stock: 5 });
    const { order_id: [id], order_number: number } = await placed(shopper, [orderLine(v!)]);
    await setLinesStatus(store.db, await findGroupLines(store.db, number), 'order is ready for pickup', null);
    await setLinesStatus(store.db, await findGroupLines(store.db, number), 'order has been delivered', null);
    const res = await cancel(shopper, reason(id!));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, status: false, message: 'This order can no longer be cancelled' });
    const prepaid = await placed(shopper, [orderLine(v!)], { payment_method: 'prepaid' });
    expect((await cancel(shopper, reason(prepaid.order_id[0]!))).status).toBe(409);
    expect(await stockOf(store.db, v!.variantId)).toBe(3);
  });

  it('checks the reason with SPEC §5’s messages', async () => {
    const shopper = await createShopper(store.db);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ order_id: 1 }, { reject_reason_select: ['Please select a reason'] }],
      [{ order_id: 1, reject_reason_select: '' }, { reject_reason_select: ['Please select a valid reason'] }],
      [{ order_id: 1, reject_reason_select: 'Because' }, { reject_reason_select: ['Please select a valid reason'] }],
      [{ order_id: 1, reject_reason_select: 'Other' }, { reject_reason_input: ['Please specify your reason'] }],
      [{ order_id: 1, reject_reason_select: 'Other', reject_reason_input: '   ' }, { reject_reason_input: ['Reason cannot be empty'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await cancel(shopper, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, status: false, errors });
    }
  });

  it('ten parallel cancels change the status once and give the stock back once', { timeout: 30_000 }, async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { S: { price: 100_00, stock: 5 } });
    const { order_id: [id] } = await placed(shopper, [orderLine(v!, 2)]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(shopper, reason(id!))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await stockOf(store.db, v!.variantId)).toBe(5);
    const history = await store.db.selectFrom('order_status_history').select('status').where('order_id', '=', id!).execute();
    expect(history.filter((h) => h.status === 'order has been cancelled')).toHaveLength(1);
  });

  it('gives the coupon’s use back when the order’s last line is cancelled', async () => {
    const shopper = await createShopper(store.db);
    const [a] = (await createProduct(store.db, { price: 400_00, stock: 5 })) as [TestVariant];
    const [b] = (await createProduct(store.db, { price: 600_00, stock: 5 })) as [TestVariant];
    const code = await createCoupon(store.db, { kind: 'flat', value: 100_00, usage_limit: 1 });
    const { order_id: [first, second] } = await placed(shopper, [orderLine(a), orderLine(b)], { coupon_code: code });
    const used = async () => Number((await store.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);
    expect(await used()).toBe(1);
    await cancel(shopper, reason(first!));
    expect(await used()).toBe(1);
    await cancel(shopper, reason(second!));
    expect(await used()).toBe(0);
    // Given back: another shopper may use it now.
    const next = await createShopper(store.db);
    expect((await api.post('/checkout', checkoutBody(next, [orderLine(a)], { coupon_code: code }), next.headers)).status).toBe(200);
  });

  it('the store moves a line only along allowed transitions, and its cancel gives the stock back too', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { price: 100_00, stock: 5 });
    const { order_number: number } = await placed(shopper, [orderLine(v!, 2)]);
    const lines = () => findGroupLines(store.db, number);
    const [skip] = await setLinesStatus(store.db, await lines(), 'order has been delivered', null);
    expect(skip).toMatchObject({ changed: false, reason: "cannot go from 'order has been placed' to 'order has been delivered'" });
    expect((await setLinesStatus(store.db, await lines(), 'order is confirmed', 'Packed'))[0]).toMatchObject({ changed: true });
    expect((await setLinesStatus(store.db, await lines(), 'order has been cancelled', 'Out of stock at the seller'))[0]).toMatchObject({ changed: true });
    expect(await stockOf(store.db, v!.variantId)).toBe(5);
    const [row] = await lines();
    expect(row).toMatchObject({ status: 'order has been cancelled', cancel_reason: 'Cancelled by the store', cancel_reason_text: 'Out of stock at the seller' });
  });

  it('the store cannot place an order that waits for its payment, so a hold that ends never gives back stock an order still needs', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { price: 100_00, stock: 5 });
    const { order_number: number } = await placed(shopper, [orderLine(v!, 2)], { payment_method: 'prepaid' });
    const lines = () => findGroupLines(store.db, number);
    const [waiting] = await setLinesStatus(store.db, await lines(), 'order has been placed', null);
    expect(waiting).toMatchObject({ changed: false, reason: "cannot go from 'awaiting payment' to 'order has been placed'" });
    await expireHolds(store.db, new Date(Date.now() + 31 * 60_000));
    expect(await stockOf(store.db, v!.variantId)).toBe(5);
    const [failed] = await setLinesStatus(store.db, await lines(), 'order has been placed', null);
    expect(failed).toMatchObject({ changed: false, reason: "cannot go from 'payment failed' to 'order has been placed'" });
    expect((await lines()).map((line) => line.status)).toEqual(['payment failed']);
    expect(await stockOf(store.db, v!.variantId)).toBe(5);
  });
});
