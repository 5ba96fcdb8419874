import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { createShopper } from '../fixtures/order.fixtures.ts';

const ADDRESS = {
  firstname: 'Asha',
  lastname: 'Rao',
  phone_number: '9876543210',
  address: ' 14 Linking Road, Bandra West ',
  pincode: '400050',
  city: 'Mumbai Suburban',
  state: 'Maharashtra',
};

describe('the shipping address', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  it('answers data.data null before one is saved', async () => {
    const shopper = await createShopper(store.db);
    const res = await api.get('/customer/get-shipping-address', shopper.headers);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Success', data: { data: null } });
  });

  it('saves one address per customer, replaced on the next save, and answers it in data (GET: data.data)', async () => {
    const shopper = await createShopper(store.db);
    const saved = await api.post('/customer/shipping-address', ADDRESS, shopper.headers);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: 'Shipping address saved successfully',
      data: { ...ADDRESS, address: '14 Linking Road, Bandra West', alt_phone_number: null },
    });
    await api.post('/customer/shipping-address', { ...ADDRESS, address: 'MG Road 5', alt_phone_number: '9123456780' }, shopper.headers);
    const read = await api.get('/customer/get-shipping-address', shopper.headers);
    expect(read.body.data.data).toMatchObject({ address: 'MG Road 5', alt_phone_number: '9123456780' });
    const rows = await store.db.selectFrom('shipping_addresses').select('id').where('customer_id', '=', shopper.customerId).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers the SPEC §5 messages and saves nothing for bad fields', async () => {
    const shopper = await createShopper(store.db);
    const res = await api.post('/customer/shipping-address', { phone_number: '12', pincode: '40005', alt_phone_number: '5' }, shopper.headers);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstname: ['This field is required'],
      lastname: ['This field is required'],
      phone_number: ['Must be a valid 10-digit number'],
      alt_phone_number: ['Must be a valid 10-digit number'],
      address: ['Address is required'],
      pincode: ['Must be a valid 6-digit pincode'],
      city: ['City is required'],
      state: ['State is required'],
    });
    expect((await api.get('/customer/get-shipping-address', shopper.headers)).body.data.data).toBeNull();
  });

  it('refuses a NUL character in a text with 400 under its field (PostgreSQL cannot store one)', async () => {
    const shopper = await createShopper(store.db);
    const res = await api.post('/customer/shipping-address', { ...ADDRESS, address: 'Flat 4\u0000B' }, shopper.headers);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'Contains a character that is not allowed',
      errors: { address: ['Contains a character that is not allowed'] },
    });
  });

  it('answers 401 without a token', async () => {
    expect((await api.post('/customer/shipping-address', ADDRESS)).status).toBe(401);
    expect((await api.get('/customer/get-shipping-address')).status).toBe(401);
  });
});

describe('GET /pincode/{pin}', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  it('answers the district as the city and the state from India Post’s directory', async () => {
    const cases: Array<[string, string, string]> = [
      ['400050', 'Mumbai Suburban', 'Maharashtra'],
      ['110001', 'New Delhi', 'Delhi'],
      ['560001', 'Bengaluru Urban', 'Karnataka'],
      ['190001', 'Srinagar', 'Jammu and Kashmir'],
      ['744101', 'South Andamans', 'Andaman and Nicobar Islands'],
    ];
    for (const [pincode, city, state] of cases) {
      const res = await api.get(`/pincode/${pincode}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ pincode, city, state });
    }
  });

  it('answers 404 for a PIN code India Post does not list, and 400 for one that is not six digits', async () => {
    const unknown = await api.get('/pincode/000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'We could not find this pincode', errors: { pincode: ['We could not find this pincode'] } });
    for (const bad of ['12345', '1234567', 'abcdef', '40005%20']) {
      const res = await api.get(`/pincode/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ pincode: ['Must be a valid 6-digit pincode'] });
    }
  });
});
