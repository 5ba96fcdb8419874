import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { readOutbox } from '../../api/mail/mail.transport.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { GOOD_PASSWORD, mailedToken, registration, uniqueEmail, type TestApi } from '../fixtures/customer.fixtures.ts';

describe('POST /customer/register and email verification', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  it('answers the SPEC §3 user object with a verification marker and no token', async () => {
    const email = uniqueEmail();
    const res = await api.post('/customer/register', { ...registration(email), phone_number: '9876543210' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({
      customer: {
        id: expect.any(Number),
        firstname: 'Asha',
        lastname: 'Rao',
        email,
        phone_number: '9876543210',
        alt_phone_number: '9876543210',
      },
      email_verification_token: expect.any(String),
      is_existing_customer: false,
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

  it('answers 409 naming the email when it is already registered, whatever its case', async () => {
    const email = uniqueEmail();
    await api.post('/customer/register', registration(email));
    const again = await api.post('/customer/register', registration(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      success: false,
      message: 'This email is already registered',
      errors: { email: ['This email is already registered'] },
    });
  });

  it('answers 409 naming the phone number when it is already registered', async () => {
    await api.post('/customer/register', { ...registration(uniqueEmail()), phone_number: '9123456780' });
    const again = await api.post('/customer/register', { ...registration(uniqueEmail()), phone_number: '9123456780' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ phone_number: ['This phone number is already registered'] });
  });

  it('mails a verification link from the configured origin even under a forged Host header', async () => {
    const email = uniqueEmail();
    await api.post('/customer/register', registration(email), { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    const [message] = await readOutbox(api.outboxDir, { to: email });
    expect(message?.links[0]).toMatch(/^https:\/\/shop\.example\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('verifies the email once: the link is single use', async () => {
    const email = uniqueEmail();
    await api.post('/customer/register', registration(email));
    const token = await mailedToken(api, email, '/verify-email');
    const first = await api.get(`/customer/verify-email?token=${token}`);
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    const second = await api.post('/customer/verify-email', { token });
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ success: false, message: 'The email verification link is not valid' });
    const row = await store.db.selectFrom('customers').select('email_verified_at').where('email', '=', email).executeTakeFirst();
    expect(row?.email_verified_at).toBeTruthy();
  });

  it('refuses an unknown or missing verification token with 400', async () => {
    expect((await api.get('/customer/verify-email?token=nope')).status).toBe(400);
    expect((await api.get('/customer/verify-email')).status).toBe(400);
  });
});
