import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../../api/auth/client-ip.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import {
  GOOD_PASSWORD,
  bearer,
  registration,
  signIn,
  uniqueEmail,
  verifiedAccount,
  type TestApi,
} from '../fixtures/customer.fixtures.ts';

const INVALID = { success: false, message: 'Invalid email or password' };
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('POST /customer/login', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  it('signs a verified customer in with a token and the customer', async () => {
    const email = await verifiedAccount(api);
    const res = await api.post('/customer/login', { email, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Login successful.' });
    expect(res.body.data.customer).toEqual({
      id: expect.any(Number),
      firstname: 'Asha',
      lastname: 'Rao',
      email,
      phone_number: null,
      alt_phone_number: null,
    });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const email = await verifiedAccount(api);
    const wrong = await api.post('/customer/login', { email, password: 'wrong!pass' });
    const unknown = await api.post('/customer/login', { email: uniqueEmail('nobody'), password: 'wrong!pass' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(INVALID);
    expect(unknown.body).toEqual(INVALID);
  });

  it('asks to verify the email only after a correct password', async () => {
    const email = uniqueEmail();
    await api.post('/customer/register', registration(email));
    const wrong = await api.post('/customer/login', { email, password: 'wrong!pass' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID);
    const right = await api.post('/customer/login', { email, password: GOOD_PASSWORD });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ success: false, message: 'Please verify your email before logging in.' });
  });

  it('answers 429 with Retry-After after 10 straight failures, even for the right password', async () => {
    const email = await verifiedAccount(api);
    for (let i = 0; i < 10; i += 1) {
      expect((await api.post('/customer/login', { email, password: `wrong!${i}` })).status).toBe(401);
    }
    const locked = await api.post('/customer/login', { email, password: GOOD_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, message: 'Too many attempts. Try again later.' });
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('lets exactly 10 of 20 parallel wrong passwords be checked; the other 10 answer 429', async () => {
    const email = await verifiedAccount(api);
    const from = { [CLIENT_ADDRESS_HEADER]: '198.51.100.20' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.post('/customer/login', { email, password: `wrong!${i}` }, from)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await api.post('/customer/login', { email, password: GOOD_PASSWORD })).status).toBe(429);
  });

  it('gives the address back the try of a right password, so sign-ins never use up its failure budget', async () => {
    const email = await verifiedAccount(api);
    const from = { [CLIENT_ADDRESS_HEADER]: '198.51.100.77' };
    for (let i = 0; i < 3; i += 1) {
      expect((await api.post('/customer/login', { email, password: GOOD_PASSWORD }, from)).status).toBe(200);
    }
    const window = await store.db.selectFrom('rate_limits').select('hits').where('bucket', '=', 'login:ip:198.51.100.77').executeTakeFirst();
    expect(window?.hits ?? 0).toBe(0);
  });

  it('resets the failure count on a successful login', async () => {
    const email = await verifiedAccount(api);
    for (let i = 0; i < 9; i += 1) await api.post('/customer/login', { email, password: `wrong!${i}` });
    await signIn(api, email);
    for (let i = 0; i < 9; i += 1) {
      expect((await api.post('/customer/login', { email, password: `wrong!${i}` })).status).toBe(401);
    }
    expect((await api.post('/customer/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
  });
});

describe('sessions', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  it('issues a new 256-bit token at every login and stores only its SHA-256', async () => {
    const email = await verifiedAccount(api);
    const first = await signIn(api, email);
    const second = await signIn(api, email);
    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await store.db.selectFrom('sessions').select('token_hash').execute();
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).toContain(sha256(first));
    expect(hashes).not.toContain(first);
  });

  it('answers the signed-in customer on GET /customer/account and 401 without a bearer token', async () => {
    const email = await verifiedAccount(api);
    const token = await signIn(api, email);
    const res = await api.get('/customer/account', bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(email);
    const anonymous = await api.get('/customer/account');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: 'User not authenticated' });
  });

  it('never authenticates by cookie alone', async () => {
    const token = await signIn(api, await verifiedAccount(api));
    const res = await api.get('/customer/account', { Cookie: `token=${token}; auth_token=${token}` });
    expect(res.status).toBe(401);
  });

  it('logs out: the old token then answers 401', async () => {
    const token = await signIn(api, await verifiedAccount(api));
    const res = await api.post('/customer/logout', {}, bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Logout successful' });
    expect((await api.get('/customer/account', bearer(token))).status).toBe(401);
    expect((await api.post('/customer/logout', {}, bearer(token))).status).toBe(401);
  });

  it('ends a session past its absolute expiry', async () => {
    const token = await signIn(api, await verifiedAccount(api));
    await store.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect((await api.get('/customer/account', bearer(token))).status).toBe(401);
  });

  it('ends a session idle for 30 days', async () => {
    const token = await signIn(api, await verifiedAccount(api));
    const idle = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000 - 1000).toISOString();
    await store.db.updateTable('sessions').set({ last_used_at: idle }).where('token_hash', '=', sha256(token)).execute();
    expect((await api.get('/customer/account', bearer(token))).status).toBe(401);
  });

  it('touches last_used_at at most once a minute', async () => {
    const token = await signIn(api, await verifiedAccount(api));
    const recent = new Date(Date.now() - 30 * 1000).toISOString();
    const older = new Date(Date.now() - 2 * 60 * 1000).toISOString();
    const lastUsed = async () =>
      (await store.db.selectFrom('sessions').select('last_used_at').where('token_hash', '=', sha256(token)).executeTakeFirst())
        ?.last_used_at;
    await store.db.updateTable('sessions').set({ last_used_at: recent }).where('token_hash', '=', sha256(token)).execute();
    await api.get('/customer/account', bearer(token));
    expect(await lastUsed()).toBe(recent);
    await store.db.updateTable('sessions').set({ last_used_at: older }).where('token_hash', '=', sha256(token)).execute();
    await api.get('/customer/account', bearer(token));
    expect(await lastUsed()).not.toBe(older);
  });

  it('updates the names on POST /customer/account-details', async () => {
    const token = await signIn(api, await verifiedAccount(api));
    const res = await api.post('/customer/account-details', { firstname: ' Meera ', lastname: 'Iyer' }, bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ firstname: 'Meera', lastname: 'Iyer' });
    expect((await api.get('/customer/account', bearer(token))).body.data.firstname).toBe('Meera');
    const bad = await api.post('/customer/account-details', { firstname: 'M', lastname: '' }, bearer(token));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ firstname: ['Must be at least 2 characters'], lastname: ['This field is required'] });
  });
});
