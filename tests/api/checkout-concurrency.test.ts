import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createCoupon, createProduct, createShopper, orderLine, stockOf } from '../fixtures/order.fixtures.ts';

/**
 * Orders placed at the same moment (SECURITY 11, 14, 16, 17): exact counts,
 * on SQLite and on PostgreSQL (where the requests really run in parallel, on a
 * pool of connections).
 */
describe('parallel checkouts', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  const orderCount = async (variantId: number) =>
    Number((await store.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('variant_id', '=', variantId).executeTakeFirstOrThrow()).n);

  it('fifty shoppers ordering one of ten units make exactly ten orders and stock 0, never below', { timeout: 60_000 }, async () => {
    const [v] = await createProduct(store.db, { M: { price: 899_00, stock: 10 } });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createShopper(store.db)));
    const answers = await Promise.all(shoppers.map((s) => api.post('/checkout', checkoutBody(s, [orderLine(v!)]), s.headers)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await stockOf(store.db, v!.variantId)).toBe(0);
    expect(await orderCount(v!.variantId)).toBe(10);
    const product = await store.db.selectFrom('products').select(['total_stock', 'in_stock_size_keys']).where('id', '=', v!.productId).executeTakeFirstOrThrow();
    expect(product).toEqual({ total_stock: 0, in_stock_size_keys: '' });
  });

  it('ten parallel sends of one Idempotency-Key make one order and take the stock once', { timeout: 30_000 }, async () => {
    const [v] = await createProduct(store.db, { price: 450_00, stock: 20 });
    const shopper = await createShopper(store.db);
    const headers = { ...shopper.headers, 'Idempotency-Key': 'double-click-1' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post('/checkout', checkoutBody(shopper, [orderLine(v!, 2)]), headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.data.order_number)).size).toBe(1);
    expect(await orderCount(v!.variantId)).toBe(1);
    expect(await stockOf(store.db, v!.variantId)).toBe(18);
  });

  it('a coupon with one use left discounts exactly one of twenty parallel orders; the others get 409 and nothing', { timeout: 60_000 }, async () => {
    const [v] = await createProduct(store.db, { price: 1000_00, stock: 100 });
    const code = await createCoupon(store.db, { kind: 'flat', value: 100_00, usage_limit: 1 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createShopper(store.db)));
    const answers = await Promise.all(
      shoppers.map((s) => api.post('/checkout', checkoutBody(s, [orderLine(v!)], { coupon_code: code }), s.headers)),
    );
    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ success: false, message: 'This coupon has been used up', errors: { coupon_code: ['Invalid Code'] } });
    }
    expect(await orderCount(v!.variantId)).toBe(1);
    expect(await stockOf(store.db, v!.variantId)).toBe(99);
    const coupon = await store.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow();
    expect(Number(coupon.used_count)).toBe(1);
    const discounted = await store.db.selectFrom('orders').select(['discount_amount', 'final_amount']).where('variant_id', '=', v!.variantId).execute();
    expect(discounted).toEqual([{ discount_amount: 100_00, final_amount: 900_00 }]);
  });

  it('one shopper’s parallel orders with a once-per-shopper coupon discount one order only', { timeout: 30_000 }, async () => {
    const [v] = await createProduct(store.db, { price: 1000_00, stock: 100 });
    const code = await createCoupon(store.db, { kind: 'percent', value: 10, per_customer_limit: 1 });
    const shopper = await createShopper(store.db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.post('/checkout', checkoutBody(shopper, [orderLine(v!)], { coupon_code: code }), shopper.headers)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(7).fill('You have already used this coupon'));
  });
});
