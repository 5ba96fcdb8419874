import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { verifyPassword } from '../../api/auth/password.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import {
  GOOD_PASSWORD,
  bearer,
  mailedToken,
  signIn,
  uniqueEmail,
  verifiedAccount,
  type TestApi,
} from '../fixtures/customer.fixtures.ts';
import { sendCode, uniquePhone } from '../fixtures/otp.fixtures.ts';

const PATH = '/customer/update-user-details';
const ODD_VALUES: unknown[] = [null, 0, -1, 1.5, true, [], {}, ['a'], 'x'.repeat(5000), '\u0000', '💥', "' or 1=1 --"];
const FIELDS = ['firstname', 'lastname', 'email', 'password', 'alt_phone_number'];
const RAW_BODIES = ['', 'null', '[]', '"text"', '42', '{', '{"email":', 'not json at all'];

describe('POST /customer/update-user-details (guest details after checkout OTP)', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  /** A phone-only customer signed in by checkout OTP; answers its phone and bearer token. */
  async function checkoutGuest() {
    const phone = uniquePhone();
    const otp = await sendCode(api, '/otp/send', phone);
    const res = await api.post('/otp/verify/checkout', { mobile: phone, otp });
    if (res.status !== 200) throw new Error(`checkout verify answered ${res.status}`);
    return { phone, token: res.body.data.token as string };
  }

  const details = (email: string, extra: Record<string, unknown> = {}) => ({
    firstname: 'Meera',
    lastname: 'Iyer',
    email,
    ...extra,
  });

  it('completes names, email and password; after the mailed link the guest signs in with them', async () => {
    const { phone, token } = await checkoutGuest();
    const email = uniqueEmail('guest');
    const res = await api.post(PATH, details(` ${email.toUpperCase()} `, { password: GOOD_PASSWORD }), bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Details updated',
      data: {
        customer: {
          id: expect.any(Number),
          firstname: 'Meera',
          lastname: 'Iyer',
          email,
          phone_number: phone,
          alt_phone_number: phone,
        },
      },
    });
    const unverified = await api.post('/customer/login', { email, password: GOOD_PASSWORD });
    expect(unverified.status).toBe(403);
    const link = await mailedToken(api, email, '/verify-email');
    expect((await api.post('/customer/verify-email', { token: link })).status).toBe(200);
    const session = await signIn(api, email);
    const account = await api.get('/customer/account', bearer(session));
    expect(account.body.data).toMatchObject({ email, firstname: 'Meera', phone_number: phone });
  });

  it('stores a given alternate phone and keeps the guest without a password when none is given', async () => {
    const { phone, token } = await checkoutGuest();
    const alt = uniquePhone();
    const res = await api.post(PATH, details(uniqueEmail('guest'), { alt_phone_number: alt, password: '' }), bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data.customer).toMatchObject({ phone_number: phone, alt_phone_number: alt });
    const row = await store.db.selectFrom('customers').select('password_hash').where('phone_number', '=', phone).executeTakeFirst();
    expect(row?.password_hash).toBeNull();
  });

  it('retires the link mailed to an earlier email when the email changes again', async () => {
    const { token } = await checkoutGuest();
    const first = uniqueEmail('guest');
    const second = uniqueEmail('guest');
    expect((await api.post(PATH, details(first), bearer(token))).status).toBe(200);
    const oldLink = await mailedToken(api, first, '/verify-email');
    expect((await api.post(PATH, details(second), bearer(token))).status).toBe(200);
    expect((await api.post('/customer/verify-email', { token: oldLink })).status).toBe(400);
    const newLink = await mailedToken(api, second, '/verify-email');
    expect((await api.post('/customer/verify-email', { token: newLink })).status).toBe(200);
  });

  it('refuses an email another customer has with 409 but accepts the customer its own', async () => {
    const taken = await verifiedAccount(api);
    const { token } = await checkoutGuest();
    const clash = await api.post(PATH, details(taken), bearer(token));
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ success: false, errors: { email: ['This email is already registered'] } });

    const session = await signIn(api, taken);
    const own = await api.post(PATH, details(taken), bearer(session));
    expect(own.status).toBe(200);
    expect(own.body.data.customer).toMatchObject({ email: taken, firstname: 'Meera' });
    // Unchanged email: still verified, so the password still signs in.
    await signIn(api, taken);
  });

  it('does not overwrite an existing password', async () => {
    const email = await verifiedAccount(api);
    const session = await signIn(api, email);
    const res = await api.post(PATH, details(email, { password: 'other!pass' }), bearer(session));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      errors: { password: ['Use change password to change an existing password'] },
    });
    const row = await store.db.selectFrom('customers').select(['password_hash', 'firstname']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, GOOD_PASSWORD)).toBe(true);
    expect(row.firstname).toBe('Asha');
  });

  it('answers the SPEC §5 messages for bad fields', async () => {
    const { token } = await checkoutGuest();
    const res = await api.post(
      PATH,
      { firstname: 'A', lastname: '', email: 'not-an-email', password: 'abc', alt_phone_number: '12345' },
      bearer(token),
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors).toEqual({
      firstname: ['Must be at least 2 characters'],
      lastname: ['This field is required'],
      email: ['Must be a valid email address'],
      password: ['Password must be at least 6 characters', 'Must contain at least one special character'],
      alt_phone_number: ['Must be a valid 10-digit number'],
    });
    const missing = await api.post(PATH, {}, bearer(token));
    expect(missing.body.errors).toMatchObject({ email: ['Email is required'] });
  });

  it('answers 401 without a live bearer token', async () => {
    const body = details(uniqueEmail('guest'));
    const headerSets: Record<string, string>[] = [{}, { Authorization: 'Bearer nope' }, { Authorization: 'Basic abc' }];
    for (const headers of headerSets) {
      const res = await api.post(PATH, body, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'User not authenticated' });
    }
  });

  it('never answers 5xx to odd bodies', { timeout: 120_000 }, async () => {
    const { token } = await checkoutGuest();
    const base = details(uniqueEmail('fuzz'));
    for (const value of ODD_VALUES) {
      for (const field of FIELDS) {
        const res = await api.call('POST', PATH, { json: { ...base, [field]: value }, headers: bearer(token) });
        expect(res.status, `${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
      }
    }
    for (const body of RAW_BODIES) {
      const res = await api.call('POST', PATH, { body, headers: { ...bearer(token), 'Content-Type': 'application/json' } });
      expect(res.status, `raw ${body}`).toBeLessThan(500);
    }
  });
});
