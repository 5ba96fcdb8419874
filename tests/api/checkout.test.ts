import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { bearer } from '../fixtures/customer.fixtures.ts';
import { sendCode, uniquePhone } from '../fixtures/otp.fixtures.ts';
import {
  checkoutBody,
  createProduct,
  createShopper,
  ordersOf,
  orderLine,
  stockOf,
  type TestShopper,
} from '../fixtures/order.fixtures.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';

describe('POST /checkout', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const checkout = (shopper: TestShopper, body: unknown, headers: Record<string, string> = {}) =>
    api.post('/checkout', body, { ...shopper.headers, ...headers });

  it('places a cash-on-delivery order: one row per line under one order number, priced by the server, stock taken', async () => {
    const shopper = await createShopper(store.db);
    const [small, medium] = await createProduct(store.db, { S: { price: 999_00, stock: 5 }, M: { price: 1099_00, stock: 3 } });
    const [watch] = await createProduct(store.db, { price: 2499_50, stock: 2 }, { wholesaler: true });
    const res = await checkout(shopper, checkoutBody(shopper, [orderLine(small!, 2), orderLine(medium!), orderLine(watch!)]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Order placed successfully' });
    const { order_id: ids, order_number: number, customer } = res.body.data;
    expect(number).toMatch(/^OD\d{12}$/);
    expect(ids).toHaveLength(3);
    expect(customer).toMatchObject({ id: shopper.customerId, email: shopper.email });

    const rows = await ordersOf(store.db, shopper.customerId);
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
    expect(rows.map((r) => [r.checkout_ref, r.order_number, r.status, r.quantity, r.price, r.final_amount])).toEqual([
      [number, `${number}-1`, 'order has been placed', 2, 999_00, 999_00],
      [number, `${number}-2`, 'order has been placed', 1, 1099_00, 1099_00],
      [number, `${number}-3`, 'order has been placed', 1, 2499_50, 2499_50],
    ]);
    expect(rows[2]).toMatchObject({ wholesaler_id: watch!.wholesalerId, retailer_id: null, payment_method: 'cod', full_name: 'Asha Rao' });
    expect(await stockOf(store.db, small!.variantId)).toBe(3);
    expect(await stockOf(store.db, medium!.variantId)).toBe(2);
    expect(await stockOf(store.db, watch!.variantId)).toBe(1);
    const group = await store.db.selectFrom('order_groups').selectAll().where('order_number', '=', number).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ subtotal: 2 * 999_00 + 1099_00 + 2499_50, discount: 0, total: 2 * 999_00 + 1099_00 + 2499_50, hold_expires_at: null });
    const history = await store.db.selectFrom('order_status_history').selectAll().where('order_id', 'in', ids).execute();
    expect(history.map((h) => [h.from_status, h.status, h.changed_by])).toEqual(ids.map(() => [null, 'order has been placed', 'shopper']));
  });

  it('keeps the listing columns true: total stock and the in-stock sizes drop as sizes sell out', async () => {
    const shopper = await createShopper(store.db);
    const [small, large] = await createProduct(store.db, { S: { price: 500_00, stock: 1 }, L: { price: 500_00, stock: 4 } });
    expect((await checkout(shopper, checkoutBody(shopper, [orderLine(small!), orderLine(large!, 2)]))).status).toBe(200);
    const product = await store.db.selectFrom('products').select(['total_stock', 'in_stock_size_keys', 'size_keys']).where('id', '=', small!.productId).executeTakeFirstOrThrow();
    expect(product).toEqual({ total_stock: 2, in_stock_size_keys: '|l|', size_keys: '|s|l|' });
  });

  it('clears the ordered lines from the server cart and keeps the others', async () => {
    const shopper = await createShopper(store.db);
    const [ordered] = await createProduct(store.db, { price: 300_00, stock: 9 });
    const [kept] = await createProduct(store.db, { price: 400_00, stock: 9 });
    for (const v of [ordered!, kept!]) {
      expect((await api.post('/customer/add-to-cart', { product_id: v.productId, id: v.variantId, quantity: 1 }, shopper.headers)).status).toBe(200);
    }
    expect((await checkout(shopper, checkoutBody(shopper, [orderLine(ordered!)]))).status).toBe(200);
    const cart = await api.get('/customer/cart', shopper.headers);
    expect(cart.body.data.cart.map((l: { product_id: number }) => l.product_id)).toEqual([kept!.productId]);
  });

  it('saves the address as the shipping address only when the shopper has none', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { price: 300_00, stock: 9 });
    await checkout(shopper, checkoutBody(shopper, [orderLine(v!)], { address: 'First Street 1' }));
    await checkout(shopper, checkoutBody(shopper, [orderLine(v!)], { address: 'Second Street 2' }));
    const saved = await api.get('/customer/get-shipping-address', shopper.headers);
    expect(saved.body.data.data).toMatchObject({ address: 'First Street 1', pincode: '400050', city: 'Mumbai Suburban', state: 'Maharashtra' });
  });

  it('mails the confirmation after the order: number, lines, amounts in rupees with Indian grouping, payment, address', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { M: { price: 123456_00, stock: 3 } }, { name: 'Banarasi Silk Saree' });
    const res = await checkout(shopper, checkoutBody(shopper, [orderLine(v!, 2)]));
    const [mail] = await api.mailTo(shopper.email);
    expect(mail?.subject).toBe(`Store: Order ${res.body.data.order_number} confirmed`);
    expect(mail?.text).toContain('Banarasi Silk Saree (size M): 2 x ₹1,23,456.00 = ₹2,46,912.00');
    expect(mail?.text).toContain('Total: ₹2,46,912.00');
    expect(mail?.text).toContain('Payment: Cash on Delivery (COD)');
    expect(mail?.text).toContain('14 Linking Road, Bandra West');
    expect(mail?.links).toContain('https://shop.example/my-account/orders');
  });

  it('starts a prepaid order at awaiting payment with the stock held for 30 minutes', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { price: 700_00, stock: 2 });
    const before = Date.now();
    const res = await checkout(shopper, checkoutBody(shopper, [orderLine(v!)], { payment_method: 'prepaid' }));
    expect(res.status).toBe(200);
    const [row] = await ordersOf(store.db, shopper.customerId);
    expect(row).toMatchObject({ status: 'awaiting payment', payment_method: 'prepaid' });
    expect(await stockOf(store.db, v!.variantId)).toBe(1);
    const group = await store.db.selectFrom('order_groups').select('hold_expires_at').where('order_number', '=', res.body.data.order_number).executeTakeFirstOrThrow();
    const hold = Date.parse(group.hold_expires_at!) - before;
    expect(hold).toBeGreaterThanOrEqual(30 * 60 * 1000 - 1000);
    expect(hold).toBeLessThanOrEqual(30 * 60 * 1000 + 5000);
  });

  it('lets a guest who verified the phone by checkout OTP order with that token, and nobody without one', async () => {
    const [v] = await createProduct(store.db, { price: 300_00, stock: 9 });
    const phone = uniquePhone();
    const otp = await sendCode(api, '/otp/send', phone);
    const token = (await api.post('/otp/verify/checkout', { mobile: phone, otp })).body.data.token as string;
    const guest = { email: 'guest.buyer@example.com', phone };
    const placed = await api.post('/checkout', checkoutBody(guest, [orderLine(v!)]), bearer(token));
    expect(placed.status).toBe(200);
    for (const headers of [{}, bearer('not-a-token'), { Authorization: 'Basic abc' }]) {
      const res = await api.post('/checkout', checkoutBody(guest, [orderLine(v!)]), headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'User not authenticated' });
    }
    expect(await stockOf(store.db, v!.variantId)).toBe(8);
  });

  it('answers 409 Prices have changed with the fresh prices for a lowered final_amount, and creates nothing', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { XL: { price: 1499_00, stock: 4 } });
    const res = await checkout(shopper, checkoutBody(shopper, [orderLine(v!, 2, 1_00)]));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: 'Prices have changed',
      data: { products: [{ product_id: v!.productId, product_variation: 'XL', quantity: 2, final_price: '1499.00', final_amount: '2998.00' }] },
    });
    expect(await ordersOf(store.db, shopper.customerId)).toEqual([]);
    expect(await stockOf(store.db, v!.variantId)).toBe(4);
  });

  it('refuses a line over 5 and a line over the stock, naming the line, and creates nothing', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { M: { price: 100_00, stock: 3 } }, { name: 'Cotton Kurta' });
    const six = await checkout(shopper, checkoutBody(shopper, [orderLine(v!, 6)]));
    expect(six.status).toBe(400);
    expect(six.body.errors).toEqual({ 'products.0.quantity': ['Quantity must be a whole number between 1 and 5'] });
    // Two lines of one size are one line: 3 + 3 is more than 5... and more than the stock.
    const split = await checkout(shopper, checkoutBody(shopper, [orderLine(v!, 3), orderLine(v!, 3)]));
    expect(split.status).toBe(400);
    expect(split.body.errors).toEqual({ 'products.0.quantity': ['At most 5 of an item can be ordered'] });
    const four = await checkout(shopper, checkoutBody(shopper, [orderLine(v!, 4)]));
    expect(four.status).toBe(409);
    expect(four.body).toMatchObject({ message: 'Only 3 left of Cotton Kurta (size M)', errors: { 'products.0.quantity': ['Only 3 left of Cotton Kurta (size M)'] } });
    expect(await ordersOf(store.db, shopper.customerId)).toEqual([]);
    expect(await stockOf(store.db, v!.variantId)).toBe(3);
  });

  it('checks the stock against the whole order: two lines of one size together', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { L: { price: 100_00, stock: 3 } });
    const res = await checkout(shopper, checkoutBody(shopper, [orderLine(v!, 2), orderLine(v!, 2)]));
    expect(res.status).toBe(409);
    expect(await stockOf(store.db, v!.variantId)).toBe(3);
  });

  it('refuses unknown products, a missing size and an unknown size with 400 under the line', async () => {
    const shopper = await createShopper(store.db);
    const [sized] = await createProduct(store.db, { S: { price: 100_00, stock: 3 } });
    const res = await checkout(
      shopper,
      checkoutBody(shopper, [
        { ...orderLine(sized!), retailer_product_id: 999_999 },
        { ...orderLine(sized!), product_variation: null },
        { ...orderLine(sized!), product_variation: 'XXL' },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'products.0.product_id': ['This product is no longer available'],
      'products.1.product_variation': ['Please select a size'],
      'products.2.product_variation': ['This size is no longer available'],
    });
  });

  it('answers the SPEC §5 messages for the shopper and address fields', async () => {
    const shopper = await createShopper(store.db);
    const res = await checkout(shopper, {
      firstname: 'A',
      lastname: '',
      email: 'x',
      phone_number: '0123',
      products: [],
      payment_method: 'card',
      address: ' ',
      pincode: '4000',
      city: '',
      state: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstname: ['Must be at least 2 characters'],
      lastname: ['This field is required'],
      email: ['Must be a valid email address'],
      phone_number: ['Must be a valid 10-digit number'],
      products: ['There are no products to order'],
      payment_method: ['Please choose a payment method'],
      address: ['Address is required'],
      pincode: ['Must be a valid 6-digit pincode'],
      city: ['City is required'],
      state: ['State is required'],
    });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key with another body', async () => {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { price: 250_00, stock: 5 });
    const key = { 'Idempotency-Key': 'order-key-1' };
    const first = await checkout(shopper, checkoutBody(shopper, [orderLine(v!)]), key);
    const again = await checkout(shopper, checkoutBody(shopper, [orderLine(v!)]), key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await ordersOf(store.db, shopper.customerId)).toHaveLength(1);
    expect(await stockOf(store.db, v!.variantId)).toBe(4);
    const other = await checkout(shopper, checkoutBody(shopper, [orderLine(v!, 2)]), key);
    expect(other.status).toBe(422);
    expect(await ordersOf(store.db, shopper.customerId)).toHaveLength(1);
  });
});
