import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { DEMO_COUPONS } from '../../api/db/seed/demo-store.ts';
import { insertCoupons } from '../../api/db/seed/seed.repository.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createCoupon, createProduct, createShopper, orderLine, ordersOf, stockOf, type TestVariant } from '../fixtures/order.fixtures.ts';

const INVALID = (message: string) => ({ success: false, message, errors: { coupon_code: ['Invalid Code'] } });

describe('POST /apply-coupon and coupons at checkout', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let kurta: TestVariant;
  let watch: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
    [kurta] = (await createProduct(store.db, { M: { price: 600_00, stock: 50 } })) as [TestVariant];
    [watch] = (await createProduct(store.db, { price: 1500_00, stock: 50 })) as [TestVariant];
    await insertCoupons(store.db, DEMO_COUPONS.map((c) => ({ ...c, active: 1 })));
  });
  afterAll(() => store.close());

  const usedCount = async (code: string) =>
    Number((await store.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);
  const preview = (code: string, products: unknown[] | undefined, headers: Record<string, string> = {}) =>
    api.post('/apply-coupon', { coupon_code: code, ...(products ? { products } : {}) }, headers);

  it('answers the discount for the given lines: a percentage, rounded down, within its cap', async () => {
    const code = await createCoupon(store.db, { kind: 'percent', value: 15, max_discount: 200_00 });
    const small = await preview(code.toLowerCase(), [orderLine(kurta)]);
    expect(small.status).toBe(200);
    expect(small.body).toEqual({
      success: true,
      message: 'Coupon applied',
      data: { coupon: { id: expect.any(Number), code, discount: '90.00', subtotal: '600.00', total: '510.00' } },
    });
    const capped = await preview(code, [orderLine(kurta, 2), orderLine(watch)]);
    expect(capped.body.data.coupon.discount).toBe('200.00');
  });

  it('works as the README says for the demo coupons', async () => {
    // WELCOME10: 10% off, at most ₹500.
    expect((await preview('WELCOME10', [orderLine(watch)])).body.data.coupon.discount).toBe('150.00');
    expect((await preview('WELCOME10', [orderLine(watch, 5)])).body.data.coupon.discount).toBe('500.00');
    // FLAT200: ₹200 off orders over ₹999.
    expect((await preview('FLAT200', [orderLine(watch)])).body.data.coupon.discount).toBe('200.00');
    const below = await preview('FLAT200', [orderLine(kurta)]);
    expect(below.status).toBe(400);
    expect(below.body).toEqual(INVALID('This coupon needs an order of at least ₹999.00'));
    // SUMMER25: expired.
    const expired = await preview('SUMMER25', [orderLine(watch)]);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual(INVALID('This coupon has expired'));
    // FIRST50: one use in all.
    expect((await preview('FIRST50', [orderLine(kurta)])).body.data.coupon.discount).toBe('50.00');
  });

  it('refuses with 400, Invalid Code on the field and a message saying why', async () => {
    const soon = await createCoupon(store.db, { kind: 'flat', value: 10_00, starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    const spent = await createCoupon(store.db, { kind: 'flat', value: 10_00, usage_limit: 3 });
    await store.db.updateTable('coupons').set({ used_count: 3 }).where('code', '=', spent).execute();
    const cases: Array<[string, string]> = [
      ['NOSUCHCODE', 'This coupon code does not exist'],
      [soon, 'This coupon is not valid yet'],
      [spent, 'This coupon has been used up'],
    ];
    for (const [code, message] of cases) {
      const res = await preview(code, [orderLine(kurta)]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INVALID(message));
    }
    expect((await preview('  ', [orderLine(kurta)])).body.errors).toEqual({ coupon_code: ['Please enter a coupon code'] });
    expect((await preview('X'.repeat(51), [orderLine(kurta)])).body.errors).toEqual({ coupon_code: ['Invalid Code'] });
  });

  it('prices the signed-in cart when no lines are sent, and tells a guest without lines to add some', async () => {
    const shopper = await createShopper(store.db);
    await api.post('/customer/add-to-cart', { product_id: watch.productId, id: watch.variantId, quantity: 2 }, shopper.headers);
    const res = await preview('FLAT200', undefined, shopper.headers);
    expect(res.body.data.coupon).toMatchObject({ discount: '200.00', subtotal: '3000.00', total: '2800.00' });
    const guest = await preview('FLAT200', undefined);
    expect(guest.status).toBe(400);
    expect(guest.body.message).toBe('Add items to your cart to apply a coupon');
  });

  it('says a once-per-shopper coupon was used once the shopper has an order with it', async () => {
    const shopper = await createShopper(store.db);
    const code = await createCoupon(store.db, { kind: 'percent', value: 10, per_customer_limit: 1 });
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta)], { coupon_code: code }), shopper.headers);
    expect(placed.status).toBe(200);
    expect((await preview(code, [orderLine(kurta)], shopper.headers)).body).toEqual(INVALID('You have already used this coupon'));
    const again = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta)], { coupon_code: code }), shopper.headers);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(INVALID('You have already used this coupon'));
    expect(await ordersOf(store.db, shopper.customerId)).toHaveLength(1);
  });

  it('charges at checkout the discount the preview showed, shared per unit so every line adds up', async () => {
    const shopper = await createShopper(store.db);
    const code = await createCoupon(store.db, { kind: 'flat', value: 333_33 });
    const lines = [orderLine(kurta, 3), orderLine(watch)];
    const shown = (await preview(code, lines)).body.data.coupon;
    const res = await api.post('/checkout', checkoutBody(shopper, lines, { coupon_code: code }), shopper.headers);
    expect(res.status).toBe(200);
    const rows = await ordersOf(store.db, shopper.customerId);
    const discount = rows.reduce((sum, r) => sum + Number(r.discount_amount), 0);
    expect((discount / 100).toFixed(2)).toBe(shown.discount);
    for (const r of rows) expect(Number(r.discount_amount)).toBe((Number(r.price) - Number(r.final_amount)) * Number(r.quantity));
    const group = await store.db.selectFrom('order_groups').selectAll().where('order_number', '=', res.body.data.order_number).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ subtotal: 3 * 600_00 + 1500_00, discount, total: 3 * 600_00 + 1500_00 - discount, coupon_id: expect.any(Number) });
  });

  it('counts one use for an order whose Idempotency-Key is sent again, one after the other or at once', { timeout: 30_000 }, async () => {
    const shopper = await createShopper(store.db);
    const code = await createCoupon(store.db, { kind: 'flat', value: 100_00, usage_limit: 5 });
    const body = checkoutBody(shopper, [orderLine(kurta)], { coupon_code: code });
    const headers = { ...shopper.headers, 'Idempotency-Key': `coupon-order-${code}` };
    const first = await api.post('/checkout', body, headers);
    expect(first.status).toBe(200);
    const again = await api.post('/checkout', body, headers);
    const together = await Promise.all(Array.from({ length: 5 }, () => api.post('/checkout', body, headers)));
    for (const replay of [again, ...together]) expect(replay.body).toEqual(first.body);
    expect(await usedCount(code)).toBe(1);
    const redemptions = await store.db.selectFrom('coupon_redemptions').select('checkout_ref').where('customer_id', '=', shopper.customerId).execute();
    expect(redemptions).toEqual([{ checkout_ref: first.body.data.order_number }]);
    expect(await ordersOf(store.db, shopper.customerId)).toHaveLength(1);
  });

  it('gives the demo FIRST50 to the first order only: a second shopper’s order answers 409 and creates nothing', async () => {
    const first = await createShopper(store.db);
    const second = await createShopper(store.db);
    const stockBefore = await stockOf(store.db, kurta.variantId);
    const made = await api.post('/checkout', checkoutBody(first, [orderLine(kurta)], { coupon_code: 'FIRST50' }), first.headers);
    expect(made.status).toBe(200);
    const refused = await api.post('/checkout', checkoutBody(second, [orderLine(kurta)], { coupon_code: 'FIRST50' }), second.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(INVALID('This coupon has been used up'));
    expect(await ordersOf(store.db, second.customerId)).toEqual([]);
    expect(await store.db.selectFrom('order_groups').select('id').where('customer_id', '=', second.customerId).execute()).toEqual([]);
    expect(await stockOf(store.db, kurta.variantId)).toBe(stockBefore - 1);
    expect(await usedCount('FIRST50')).toBe(1);
  });

  it('refuses a coupon that lapsed between the preview and the order with 409, creating nothing', async () => {
    const shopper = await createShopper(store.db);
    const code = await createCoupon(store.db, { kind: 'flat', value: 50_00 });
    expect((await preview(code, [orderLine(kurta)])).status).toBe(200);
    await store.db.updateTable('coupons').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('code', '=', code).execute();
    const res = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta)], { coupon_code: code }), shopper.headers);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(INVALID('This coupon has expired'));
    expect(await ordersOf(store.db, shopper.customerId)).toEqual([]);
  });
});
