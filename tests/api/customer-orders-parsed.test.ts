import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createApiClient, type ApiClient } from '../../src/lib/api/client.ts';
import { cancelCustomerOrder, getCustomerOrders } from '../../src/lib/api/customer-orders.ts';
import { lookUpPincode } from '../../src/lib/api/pincode.ts';
import { getShippingAddress, saveShippingAddress } from '../../src/lib/api/shipping.ts';
import { TEST_API_KEY, createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, stockOf, type TestShopper } from '../fixtures/order.fixtures.ts';

/** The storefront's parsers (src/lib/api) against the real API: the contract checked from both sides. */
describe('the storefront reads orders, the address and PIN codes as the API answers them', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const clientFor = (shopper: TestShopper): ApiClient =>
    createApiClient({
      baseUrl: 'http://store.test/api',
      apiKey: TEST_API_KEY,
      token: shopper.token,
      fetch: (url, init) => Promise.resolve(api.app.fetch(new Request(url, init))),
    });

  it('parses the orders with paise, the customer and the paging; cancels with the status and message', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = await createProduct(store.db, { M: { price: 1234_50, stock: 5 } }, { name: 'Chikankari Kurta' });
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta!, 2)]), shopper.headers);
    expect(placed.status).toBe(200);
    const client = clientFor(shopper);

    const listed = await getCustomerOrders(client);
    if (!listed.ok) throw new Error(JSON.stringify(listed));
    expect(listed.value).toMatchObject({ currentPage: 1, lastPage: 1, total: 1, customer: { fullName: 'Asha Rao', email: shopper.email, phoneNumber: shopper.phone } });
    expect(listed.value.orders[0]).toMatchObject({
      orderNumber: placed.body.data.order_number,
      status: 'order has been placed',
      paymentMethod: 'cod',
      pricePaise: 123450,
      finalAmountPaise: 123450,
      discountPaise: 0,
      quantity: 2,
      productName: 'Chikankari Kurta',
      productVariation: 'M',
    });
    expect(await stockOf(store.db, kurta!.variantId)).toBe(3);

    const orderId = listed.value.orders[0]!.orderId;
    const cancelled = await cancelCustomerOrder(client, { order_id: orderId, reject_reason_select: 'Other', reject_reason_input: 'Wrong colour' });
    expect(cancelled).toEqual({ ok: true, value: true, messages: [expect.any(String)] });
    expect(await stockOf(store.db, kurta!.variantId)).toBe(5);
    const again = await cancelCustomerOrder(client, { order_id: orderId, reject_reason_select: 'Changed My Mind' });
    expect(again).toMatchObject({ ok: false, messages: [expect.any(String)] });
    const someoneElse = await cancelCustomerOrder(clientFor(await createShopper(store.db)), { order_id: orderId, reject_reason_select: 'Changed My Mind' });
    expect(someoneElse.ok).toBe(false);
  });

  it('reads no address as null, saves one and reads it back', async () => {
    const shopper = await createShopper(store.db);
    const client = clientFor(shopper);
    expect(await getShippingAddress(client)).toMatchObject({ ok: true, value: null });
    const address = {
      firstname: 'Asha',
      lastname: 'Rao',
      phone_number: '9876543210',
      alt_phone_number: undefined,
      address: '14 Linking Road',
      pincode: '400050',
      city: 'Mumbai Suburban',
      state: 'Maharashtra',
    };
    const saved = await saveShippingAddress(client, address);
    expect(saved).toEqual({
      ok: true,
      value: { firstname: 'Asha', lastname: 'Rao', phoneNumber: '9876543210', altPhoneNumber: null, address: '14 Linking Road', pincode: '400050', city: 'Mumbai Suburban', state: 'Maharashtra' },
      messages: ['Shipping address saved successfully'],
    });
    expect(await getShippingAddress(client)).toMatchObject({ ok: true, value: { pincode: '400050' } });
  });

  it('looks up a PIN code; an unknown one is a failure with the server message', async () => {
    const client = clientFor(await createShopper(store.db));
    expect(await lookUpPincode(client, '400050')).toMatchObject({ ok: true, value: { state: 'Maharashtra' } });
    expect(await lookUpPincode(client, '999999')).toMatchObject({ ok: false, messages: ['We could not find this pincode'] });
  });
});
