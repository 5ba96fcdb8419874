/**
 * The storefront's checkout seam against the real API (ARCHITECTURE: the
 * contract checked from both sides): the payload `src/lib/checkout.ts` builds
 * from cart lines is accepted, and every answer parses with the storefront's
 * own parsers (`src/lib/api/checkout.ts`, `pincode.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { applyCouponCall, freshPricesOf, placeOrderCall } from '../../src/lib/api/checkout.ts';
import { createApiClient, type ApiClient } from '../../src/lib/api/client.ts';
import { lookUpPincode } from '../../src/lib/api/pincode.ts';
import type { CartLine } from '../../src/lib/cart.ts';
import { EMPTY_DETAILS, checkoutPayload, couponProductsOf } from '../../src/lib/checkout.ts';
import { paiseToRupeesString } from '../../src/lib/money.ts';
import { TEST_API_KEY, createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { createCoupon, createProduct, createShopper, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';
import { rupees } from '../helpers/rupees.ts';

describe('the storefront checkout client against the API', () => {
  let store: StoreDatabase;
  let harness: ReturnType<typeof createTestApi>;
  beforeAll(async () => {
    store = await createTestDatabase();
    harness = createTestApi(store);
  });
  afterAll(() => store.close());

  const clientFor = (shopper: TestShopper | null): ApiClient =>
    createApiClient({
      baseUrl: 'http://store.test/api',
      apiKey: TEST_API_KEY,
      token: () => shopper?.token,
      fetch: async (url, init) => harness.app.fetch(new Request(url, init)),
    });

  /** A cart line as the cart store holds it. */
  const lineOf = (variant: TestVariant, quantity: number, price = variant.price): CartLine => ({
    product_id: variant.productId,
    retailer_product_id: variant.productId,
    product_name: 'Kurta',
    quantity,
    product_stock: 9,
    final_price: rupees(paiseToRupeesString(price)),
    retailer_id: variant.retailerId,
    wholesaler_id: variant.wholesalerId,
    selected_variant: variant.variation ? { id: variant.variantId, product_variation: variant.variation, final_price: rupees(paiseToRupeesString(price)), stock: 9 } : null,
  });

  const details = (shopper: TestShopper) => ({
    ...EMPTY_DETAILS,
    firstname: 'Asha',
    lastname: 'Rao',
    email: shopper.email,
    phone_number: shopper.phone,
    address: '14 Linking Road',
    pincode: '400050',
    city: 'Mumbai Suburban',
    state: 'Maharashtra',
  });

  it('places the order the storefront builds, and the answer parses into the order number and lines', async () => {
    const shopper = await createShopper(store.db);
    const [medium] = await createProduct(store.db, { M: { price: 849_50, stock: 9 } });
    const [cap] = await createProduct(store.db, { price: 250_00, stock: 9 }, { wholesaler: true });
    const coupon = await createCoupon(store.db, { kind: 'flat', value: 100_00 });
    const lines = [lineOf(medium!, 2), lineOf(cap!, 1)];
    const api = clientFor(shopper);

    const preview = await applyCouponCall(api, { coupon_code: coupon, products: couponProductsOf(lines) });
    expect(preview).toMatchObject({ ok: true, value: { code: coupon, discountPaise: 100_00, subtotalPaise: 2 * 849_50 + 250_00, totalPaise: 2 * 849_50 + 150_00 } });

    const placed = await placeOrderCall(api, checkoutPayload(details(shopper), lines, 'cod', coupon), 'client-key-1');
    expect(placed).toMatchObject({ ok: true, messages: ['Order placed successfully'], value: { prepaid: false, customer: { email: shopper.email } } });
    if (!placed.ok) return;
    expect(placed.value.orderNumber).toMatch(/^OD\d{12}$/);
    expect(placed.value.orderIds).toHaveLength(2);
    // The same key answers the same order.
    const again = await placeOrderCall(api, checkoutPayload(details(shopper), lines, 'cod', coupon), 'client-key-1');
    expect(again).toMatchObject({ ok: true, value: { orderNumber: placed.value.orderNumber } });
  });

  it("reads a 409's fresh prices, a stock refusal under its line, and 'Invalid Code' under coupon_code", async () => {
    const shopper = await createShopper(store.db);
    const [small] = await createProduct(store.db, { S: { price: 500_00, stock: 1 } });
    const api = clientFor(shopper);
    const stale = await placeOrderCall(api, checkoutPayload(details(shopper), [lineOf(small!, 1, 450_00)], 'cod', null), 'client-key-2');
    expect(stale).toMatchObject({ ok: false, messages: ['Prices have changed'] });
    expect(stale.ok || stale.cancelled ? null : freshPricesOf(stale.data)).toEqual([{ product_id: small!.productId, product_variation: 'S', final_price: '500.00' }]);

    const tooMany = await placeOrderCall(api, checkoutPayload(details(shopper), [lineOf(small!, 2)], 'cod', null), 'client-key-3');
    expect(tooMany).toMatchObject({ ok: false, fieldErrors: { 'products.0.quantity': [expect.stringContaining('Only 1 left')] } });

    const expired = await createCoupon(store.db, { kind: 'percent', value: 25, expires_at: new Date(Date.now() - 86_400_000).toISOString() });
    const refused = await applyCouponCall(api, { coupon_code: expired, products: couponProductsOf([lineOf(small!, 1)]) });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { coupon_code: ['Invalid Code'] } });
  });

  it('looks up a PIN code as city and state, and fails for an unknown one', async () => {
    const api = clientFor(null);
    expect(await lookUpPincode(api, '560001')).toMatchObject({ ok: true, value: { city: 'Bengaluru Urban', state: 'Karnataka' } });
    expect(await lookUpPincode(api, '000000')).toMatchObject({ ok: false });
    expect(await lookUpPincode(api, '56000')).toMatchObject({ ok: false });
  });
});
