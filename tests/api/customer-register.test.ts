import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { uniqueAddress, uniquePhone } from '../fixtures/otp.fixtures.ts';
import {
  GOOD_PASSWORD,
  mailedToken,
  registration,
  signIn,
  uniqueEmail,
  verifiedAccount,
  type TestApi,
} from '../fixtures/customer.fixtures.ts';

const REGISTERED = 'Registration successful. Please check your email to verify your account.';
const RESENT = { success: true, message: 'If this email is waiting to be confirmed, a new link is on its way.' };
const INVALID_LINK = { success: false, message: 'The email verification link is not valid' };
const VERIFY_FIRST = { success: false, message: 'Please verify your email before logging in.' };

describe('POST /customer/register and email verification', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const customersWith = (email: string) =>
    store.db.selectFrom('customers').select(['id', 'firstname', 'phone_number']).where('email', '=', email).execute();

  it('answers the SPEC §3 user object with a verification marker and no token', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const res = await api.post('/customer/register', { ...registration(email), phone_number: phone });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: REGISTERED,
      data: {
        customer: { firstname: 'Asha', lastname: 'Rao', email, phone_number: phone, alt_phone_number: phone },
        email_verification_token: expect.any(String),
        is_existing_customer: false,
      },
    });
    expect(res.body.data).not.toHaveProperty('token');
    // The marker is not the mailed secret.
    expect(res.body.data.email_verification_token).not.toBe(await mailedToken(api, email, '/verify-email'));
  });

  it('stores an argon2id hash with the set parameters, salted differently for two users with one password', async () => {
    const [a, b] = [uniqueEmail(), uniqueEmail()];
    await api.post('/customer/register', registration(a));
    await api.post('/customer/register', registration(b));
    const rows = await store.db.selectFrom('customers').select(['email', 'password_hash']).where('email', 'in', [a, b]).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain(GOOD_PASSWORD);
    }
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
  });

  it('enforces the SPEC §5 password rules on the server', async () => {
    const short = await api.post('/customer/register', registration(uniqueEmail(), 'a!b'));
    expect(short.status).toBe(400);
    expect(short.body.errors.password).toEqual(['Password must be at least 6 characters']);
    const plain = await api.post('/customer/register', registration(uniqueEmail(), 'abcdefgh'));
    expect(plain.status).toBe(400);
    expect(plain.body.errors.password).toEqual(['Must contain at least one special character']);
    const blank = await api.post('/customer/register', registration(uniqueEmail(), ''));
    expect(blank.body.errors.password).toEqual(['Password is required']);
  });

  it('answers a registered email exactly as a new one, changes nothing, and mails its owner a notice instead of a link', async () => {
    const taken = await verifiedAccount(api);
    const fresh = uniqueEmail();
    const phone = uniquePhone();
    const body = (email: string) => ({ ...registration(email, 'other!pass'), firstname: 'Mallory', phone_number: phone });
    const again = await api.post('/customer/register', body(taken.toUpperCase()));
    const anew = await api.post('/customer/register', body(fresh));
    expect(again.status).toBe(anew.status);
    expect({ ...again.body, data: { ...again.body.data, customer: { ...again.body.data.customer, email: 'x' } } }).toEqual({
      ...anew.body,
      data: { ...anew.body.data, customer: { ...anew.body.data.customer, email: 'x' } },
    });
    // The account is untouched: same name, same password, one row.
    expect(await customersWith(taken)).toEqual([expect.objectContaining({ firstname: 'Asha' })]);
    await signIn(api, taken);
    const [notice, ...older] = await api.mailTo(taken);
    expect(notice?.subject).toMatch(/Someone tried to register with your address/);
    expect(notice?.links).toEqual(['https://shop.example/forgot-password', 'https://shop.example/signin']);
    // The only link with a token the owner ever got is the one from their own registration.
    expect(older.flatMap((m) => m.links).filter((l) => l.includes('token='))).toHaveLength(1);
  });

  it('answers a phone number another account has like any other, and leaves it off the new account', async () => {
    const phone = uniquePhone();
    await api.post('/customer/register', { ...registration(uniqueEmail()), phone_number: phone });
    const email = uniqueEmail();
    const again = await api.post('/customer/register', { ...registration(email), phone_number: phone });
    expect(again.status).toBe(200);
    expect(again.body.data.customer.phone_number).toBe(phone);
    expect(await customersWith(email)).toEqual([expect.objectContaining({ phone_number: null })]);
    const [mail] = await api.mailTo(email);
    expect(mail?.text).toContain('The mobile number you gave is already used by another account');
  });

  it('mails a verification link from the configured origin even under a forged Host header', async () => {
    const email = uniqueEmail();
    await api.post('/customer/register', registration(email), { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    const [message] = await api.mailTo(email);
    expect(message?.links[0]).toMatch(/^https:\/\/shop\.example\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('verifies the email once, by POST only: the link is single use and a GET spends nothing', async () => {
    const email = uniqueEmail();
    await api.post('/customer/register', registration(email));
    const token = await mailedToken(api, email, '/verify-email');
    const opened = await api.get(`/customer/verify-email?token=${token}`);
    expect(opened.status).toBe(404);
    expect((await api.post('/customer/login', { email, password: GOOD_PASSWORD })).body).toEqual(VERIFY_FIRST);
    const first = await api.post('/customer/verify-email', { token });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    const second = await api.post('/customer/verify-email', { token });
    expect(second.status).toBe(400);
    expect(second.body).toEqual(INVALID_LINK);
    await signIn(api, email);
  });

  it('refuses an unknown or missing verification token with 400', async () => {
    expect((await api.post('/customer/verify-email', { token: 'nope' })).status).toBe(400);
    expect((await api.post('/customer/verify-email', {})).status).toBe(400);
  });
});

describe('an account whose verification link expired is not locked out', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  async function expiredAccount(): Promise<{ email: string; oldToken: string }> {
    const email = uniqueEmail('late');
    await api.post('/customer/register', registration(email));
    const oldToken = await mailedToken(api, email, '/verify-email');
    await store.db
      .updateTable('email_verification_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect((await api.post('/customer/verify-email', { token: oldToken })).status).toBe(400);
    return { email, oldToken };
  }

  it('a resend mails a new link that verifies the account, and the old one stays dead', async () => {
    const { email, oldToken } = await expiredAccount();
    const res = await api.post('/customer/resend-verification', { email }, uniqueAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(RESENT);
    const token = await mailedToken(api, email, '/verify-email');
    expect(token).not.toBe(oldToken);
    expect((await api.post('/customer/verify-email', { token })).status).toBe(200);
    await signIn(api, email);
  });

  it('a resend answers alike for unknown and already verified addresses and mails neither', async () => {
    const verified = await verifiedAccount(api);
    const before = (await api.mailTo(verified)).length;
    const unknown = uniqueEmail('nobody');
    for (const email of [verified, unknown]) {
      const res = await api.post('/customer/resend-verification', { email }, uniqueAddress());
      expect(res.status).toBe(200);
      expect(res.body).toEqual(RESENT);
    }
    expect(await api.mailTo(unknown)).toEqual([]);
    expect(await api.mailTo(verified)).toHaveLength(before);
  });

  it('a completed reset through the mailed link verifies the email', async () => {
    const { email } = await expiredAccount();
    await api.post('/customer/forgot-password', { email }, uniqueAddress());
    const token = await mailedToken(api, email, '/reset-password');
    const res = await api.post('/customer/token-password', { token, password: 'n3w-secret!', password_confirmation: 'n3w-secret!' });
    expect(res.status).toBe(200);
    await signIn(api, email, 'n3w-secret!');
  });

  it('registering the address again mails its owner the way in: a password reset', async () => {
    const { email } = await expiredAccount();
    const again = await api.post('/customer/register', registration(email));
    expect(again.status).toBe(200);
    const [notice] = await api.mailTo(email);
    expect(notice?.links).toContain('https://shop.example/forgot-password');
  });
});

describe('registration and resend limits', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  it('registrations of one email are limited to 5 an hour with 429 and Retry-After', async () => {
    const email = uniqueEmail('flood');
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await api.post('/customer/register', registration(email), uniqueAddress()));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]!.body).toEqual({ success: false, message: 'Too many attempts. Try again later.' });
    expect(Number(answers[5]!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('registrations from one address are limited to 60 an hour', async () => {
    const from = uniqueAddress();
    const statuses = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await api.post('/customer/register', registration(uniqueEmail('ip')), from)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });

  it('resends for one email are limited to 3 an hour, and from one address to 20', async () => {
    const email = uniqueEmail('resend');
    const byEmail = [];
    for (let i = 0; i < 4; i += 1) byEmail.push((await api.post('/customer/resend-verification', { email }, uniqueAddress())).status);
    expect(byEmail).toEqual([200, 200, 200, 429]);
    const from = uniqueAddress();
    const byAddress = [];
    for (let i = 0; i < 21; i += 1) {
      byAddress.push((await api.post('/customer/resend-verification', { email: uniqueEmail('r') }, from)).status);
    }
    expect(byAddress.filter((s) => s === 200)).toHaveLength(20);
    expect(byAddress.at(-1)).toBe(429);
  });

  it('answers the SPEC §5 message for a bad resend email', async () => {
    const res = await api.post('/customer/resend-verification', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: ['Must be a valid email address'] });
  });
});
