import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { findGroupLines } from '../../api/orders/order.repository.ts';
import { setLinesStatus } from '../../api/orders/order.service.ts';
import { expireHolds } from '../../api/payments/payment.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createCoupon, createProduct, createShopper, orderLine, stockOf, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * Cancellations of one order at the same moment (SECURITY 16, 18): the
 * coupon's use comes back exactly once with the order's last line, and every
 * line's stock exactly once, on SQLite and on PostgreSQL (where the requests
 * really run in parallel, on a pool of connections).
 */
const ROUNDS = 10;

describe('parallel cancellations of one order', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  const usedCount = async (code: string) =>
    Number((await store.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);
  const redemptions = async (orderNumber: string) =>
    (await store.db.selectFrom('coupon_redemptions').select('id').where('checkout_ref', '=', orderNumber).execute()).length;
  const cancel = (headers: Record<string, string>, orderId: number) =>
    api.post('/customer/cancel-order', { order_id: orderId, reject_reason_select: 'Changed My Mind' }, headers);

  it(`both lines of a coupon order cancelled at once give the use back exactly once and each line's stock once (${ROUNDS} rounds)`, { timeout: 60_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const shopper = await createShopper(store.db);
      const [kurta] = (await createProduct(store.db, { M: { price: 800_00, stock: 5 } })) as [TestVariant];
      const [dupatta] = (await createProduct(store.db, { price: 400_00, stock: 5 })) as [TestVariant];
      const code = await createCoupon(store.db, { kind: 'flat', value: 100_00, usage_limit: 1 });
      const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta, 2), orderLine(dupatta)], { coupon_code: code }), shopper.headers);
      expect(placed.status).toBe(200);
      const { order_id: ids, order_number: number } = placed.body.data as { order_id: number[]; order_number: string };
      expect(await usedCount(code)).toBe(1);

      const answers = await Promise.all(ids.map((id) => cancel(shopper.headers, id)));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await usedCount(code)).toBe(0);
      expect(await redemptions(number)).toBe(0);
      expect(await stockOf(store.db, kurta.variantId)).toBe(5);
      expect(await stockOf(store.db, dupatta.variantId)).toBe(5);
    }
  });

  it('a hold expiring while the store cancels one of its lines gives the stock and the coupon back once', { timeout: 60_000 }, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const shopper = await createShopper(store.db);
      const [kurta] = (await createProduct(store.db, { M: { price: 800_00, stock: 5 } })) as [TestVariant];
      const [dupatta] = (await createProduct(store.db, { price: 400_00, stock: 5 })) as [TestVariant];
      const code = await createCoupon(store.db, { kind: 'flat', value: 100_00, usage_limit: 1 });
      const body = checkoutBody(shopper, [orderLine(kurta, 2), orderLine(dupatta)], { coupon_code: code, payment_method: 'prepaid' });
      const placed = await api.post('/checkout', body, shopper.headers);
      expect(placed.status).toBe(200);
      const number = placed.body.data.order_number as string;
      await store.db.updateTable('order_groups').set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_number', '=', number).execute();

      const [first] = await findGroupLines(store.db, number);
      await Promise.all([expireHolds(store.db), setLinesStatus(store.db, [first!], 'order has been cancelled', 'Seller out of stock')]);
      expect(await stockOf(store.db, kurta.variantId)).toBe(5);
      expect(await stockOf(store.db, dupatta.variantId)).toBe(5);
      expect(await usedCount(code)).toBe(0);
      expect(await redemptions(number)).toBe(0);
    }
  });

  it('the store cancelling a line whose hold already expired does not give its stock back a second time', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = (await createProduct(store.db, { M: { price: 800_00, stock: 5 } })) as [TestVariant];
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta, 2)], { payment_method: 'prepaid' }), shopper.headers);
    const number = placed.body.data.order_number as string;
    await store.db.updateTable('order_groups').set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() }).where('order_number', '=', number).execute();
    expect(await expireHolds(store.db)).toBe(1);
    expect(await stockOf(store.db, kurta.variantId)).toBe(5);

    const [outcome] = await setLinesStatus(store.db, await findGroupLines(store.db, number), 'order has been cancelled', null);
    expect(outcome).toMatchObject({ from: 'payment failed', changed: true });
    expect(await stockOf(store.db, kurta.variantId)).toBe(5);
    const product = await store.db.selectFrom('products').select(['total_stock', 'in_stock_size_keys']).where('id', '=', kurta.productId).executeTakeFirstOrThrow();
    expect(product).toEqual({ total_stock: 5, in_stock_size_keys: '|m|' });
  });
});
