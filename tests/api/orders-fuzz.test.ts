import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';

const ODD_VALUES: unknown[] = [null, 0, -1, 1.5, 1e300, Number.MAX_SAFE_INTEGER, true, [], {}, ['a'], 'x'.repeat(5000), '\u0000', '💥', '<script>', "' or 1=1 --"];
const RAW_BODIES = ['', 'null', '[]', '"text"', '42', '{', '{"products":', 'not json at all'];

/** The buying and after-sale endpoints under odd input (SECURITY 23): never a 5xx, and a refused call changes nothing. */
describe('checkout, coupon, order, return and address endpoints under odd input', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let shopper: TestShopper;
  let variant: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
    shopper = await createShopper(store.db);
    [variant] = (await createProduct(store.db, { M: { price: 500_00, stock: 1000 } })) as [TestVariant];
  });
  afterAll(() => store.close());

  const line = () => orderLine(variant);

  it('never answers 5xx to an odd value in any field or line field', { timeout: 180_000 }, async () => {
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['/checkout', checkoutBody(shopper, [line()])],
      ['/apply-coupon', { coupon_code: 'NOPE', products: [line()] }],
      ['/customer/cancel-order', { order_id: 1, reject_reason_select: 'Other', reject_reason_input: 'x' }],
      ['/customer/return-order', { order_id: 1, reason: 'Other', reason_text: 'x', upi_id: 'asha@okaxis' }],
      ['/customer/shipping-address', { firstname: 'Asha', lastname: 'Rao', phone_number: '9876543210', address: 'a', pincode: '400050', city: 'c', state: 's' }],
    ];
    for (const [path, base] of bodies) {
      for (const field of Object.keys(base)) {
        for (const value of ODD_VALUES) {
          // Each call its own key: the checkout limit would otherwise answer 429 part way through, which is fine but tests less.
          await store.db.deleteFrom('rate_limits').execute();
          const res = await api.post(path, { ...base, [field]: value }, shopper.headers);
          expect(res.status, `${path} ${field}=${JSON.stringify(value)?.slice(0, 30)}`).toBeLessThan(500);
        }
      }
      for (const body of RAW_BODIES) {
        const res = await api.call('POST', path, { body, headers: { ...shopper.headers, 'Content-Type': 'application/json' } });
        expect(res.status, `${path} raw ${body}`).toBeLessThan(500);
      }
    }
    const lineFields = Object.keys(line());
    for (const field of [...lineFields, 'product_id']) {
      for (const value of ODD_VALUES) {
        await store.db.deleteFrom('rate_limits').execute();
        const res = await api.post('/checkout', checkoutBody(shopper, [{ ...line(), [field]: value }]), shopper.headers);
        expect(res.status, `line ${field}=${JSON.stringify(value)?.slice(0, 30)}`).toBeLessThan(500);
      }
    }
    for (const key of ['x'.repeat(300), 'a b', '<script>', "' or 1=1 --", '%00', '{}']) {
      await store.db.deleteFrom('rate_limits').execute();
      const res = await api.post('/checkout', checkoutBody(shopper, [line()]), { ...shopper.headers, 'Idempotency-Key': key });
      expect(res.status, `Idempotency-Key ${key.slice(0, 20)}`).toBeLessThan(500);
    }
    for (const query of ['?page=-1', '?page=abc', '?page=99999999', '?page=1e3', '?page[]=1']) {
      expect((await api.get(`/customer/orders${query}`, shopper.headers)).status).toBeLessThan(500);
    }
  });
});
