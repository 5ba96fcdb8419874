import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import {
  GOOD_PASSWORD,
  bearer,
  freshClientAddress,
  mailedToken,
  signIn,
  fiftyWrongPasswordsFromOneAddress,
  uniqueEmail,
  verifiedAccount,
  type TestApi,
} from '../fixtures/customer.fixtures.ts';

const SENT = { success: true, message: 'If an account exists for this email, a reset link has been sent.' };
const INVALID_LINK = { success: false, message: 'The password reset link is not valid' };
const NEW_PASSWORD = 'n3w-secret!';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('forgot password and reset from the link', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const reset = (token: string, password = NEW_PASSWORD) =>
    api.post('/customer/token-password', { token, password, password_confirmation: password });

  it('answers the same for known and unknown emails and mails only the real account', async () => {
    const email = await verifiedAccount(api);
    const unknown = uniqueEmail('nobody');
    const known = await api.post('/customer/forgot-password', { email });
    const missing = await api.post('/customer/forgot-password', { email: unknown });
    expect(known.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(known.body).toEqual(SENT);
    expect(missing.body).toEqual(SENT);
    expect(await api.mailTo(unknown)).toEqual([]);
    expect(await mailedToken(api, email, '/reset-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('builds the link from the configured origin even with a forged Host header', async () => {
    const email = await verifiedAccount(api);
    await api.post('/customer/forgot-password', { email }, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    const [message] = await api.mailTo(email);
    expect(message?.links[0]).toMatch(/^https:\/\/shop\.example\/reset-password\?token=/);
  });

  it('stores the reset token hashed with a life of at most an hour', async () => {
    const email = await verifiedAccount(api);
    await api.post('/customer/forgot-password', { email });
    const token = await mailedToken(api, email, '/reset-password');
    const row = await store.db
      .selectFrom('password_reset_tokens')
      .select(['token_hash', 'expires_at', 'created_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
    const plain = await store.db.selectFrom('password_reset_tokens').select('id').where('token_hash', '=', token).execute();
    expect(plain).toEqual([]);
  });

  it('sets the new password once, ends every session, and refuses the used link', async () => {
    const email = await verifiedAccount(api);
    const sessions = [await signIn(api, email), await signIn(api, email)];
    await api.post('/customer/forgot-password', { email });
    const token = await mailedToken(api, email, '/reset-password');
    const first = await reset(token);
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    for (const session of sessions) expect((await api.get('/customer/account', bearer(session))).status).toBe(401);
    expect((await api.post('/customer/login', { email, password: GOOD_PASSWORD })).status).toBe(401);
    await signIn(api, email, NEW_PASSWORD);
    const again = await reset(token, 'other!pass');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID_LINK);
  });

  it('refuses an expired or unknown reset link', async () => {
    const email = await verifiedAccount(api);
    await api.post('/customer/forgot-password', { email });
    const token = await mailedToken(api, email, '/reset-password');
    await store.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect((await reset(token)).body).toEqual(INVALID_LINK);
    expect((await reset('made-up-token')).status).toBe(400);
  });

  it('checks the new password with the SPEC §5 rules and messages', async () => {
    const res = await api.post('/customer/token-password', { token: 'x', password: 'abc', password_confirmation: 'abd' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      password: ['Password must be at least 6 characters', 'Must contain at least one special character'],
      password_confirmation: ['Passwords must match'],
    });
  });

  it('a completed reset ends every other reset link of the account, older and newer', async () => {
    const email = await verifiedAccount(api);
    await api.post('/customer/forgot-password', { email });
    const older = await mailedToken(api, email, '/reset-password');
    await api.post('/customer/forgot-password', { email });
    const newer = await mailedToken(api, email, '/reset-password');
    await api.post('/customer/forgot-password', { email });
    const newest = await mailedToken(api, email, '/reset-password');
    expect(new Set([older, newer, newest]).size).toBe(3);
    expect((await reset(newer)).status).toBe(200);
    expect((await reset(older, 'older!pass')).body).toEqual(INVALID_LINK);
    expect((await reset(newest, 'newest!pass')).body).toEqual(INVALID_LINK);
    await signIn(api, email, NEW_PASSWORD);
  });

  it('limits forgot-password requests per email with 429 and Retry-After', async () => {
    const email = uniqueEmail('flood');
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await api.post('/customer/forgot-password', { email }));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]!.status).toBe(429);
    expect(Number(answers[5]!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('POST /customer/reset-password (change password)', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  const change = (token: string, old_password: string, password = NEW_PASSWORD) =>
    api.post('/customer/reset-password', { old_password, new_password: password, confirm_password: password }, bearer(token));

  it('needs the current password', async () => {
    const email = await verifiedAccount(api);
    const token = await signIn(api, email);
    const res = await change(token, 'not-it!');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'Old password is incorrect',
      errors: { old_password: ['Old password is incorrect'] },
    });
    expect((await api.post('/customer/login', { email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const email = await verifiedAccount(api);
    const other = await signIn(api, email);
    const current = await signIn(api, email);
    const res = await change(current, GOOD_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await api.get('/customer/account', bearer(current))).status).toBe(200);
    expect((await api.get('/customer/account', bearer(other))).status).toBe(401);
    await signIn(api, email, NEW_PASSWORD);
  });

  it('a password change ends every reset link issued before it', async () => {
    const email = await verifiedAccount(api);
    await api.post('/customer/forgot-password', { email });
    const token = await mailedToken(api, email, '/reset-password');
    const session = await signIn(api, email);
    expect((await change(session, GOOD_PASSWORD)).status).toBe(200);
    const res = await api.post('/customer/token-password', { token, password: 'late!pass', password_confirmation: 'late!pass' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'The password reset link is not valid' });
    await signIn(api, email, NEW_PASSWORD);
  });

  it('limits wrong current passwords to 5 per account with 429 and Retry-After, even for the right one after', async () => {
    const email = await verifiedAccount(api);
    const token = await signIn(api, email);
    for (let i = 0; i < 5; i += 1) expect((await change(token, `wrong!${i}`)).status).toBe(400);
    const locked = await change(token, GOOD_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, message: 'Too many attempts. Try again later.' });
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    await signIn(api, email);
  });

  it('limits wrong current passwords to 50 per address across accounts with 429 and Retry-After', { timeout: 120_000 }, async () => {
    const wrongFrom = (token: string, i: number, headers: Record<string, string>) =>
      api.post('/customer/reset-password', { old_password: `wrong!${i}`, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD }, { ...bearer(token), ...headers });
    const { statuses, untouched: fresh, from } = await fiftyWrongPasswordsFromOneAddress(store, wrongFrom);
    expect(statuses).toEqual(Array(50).fill(400));
    const refused = await wrongFrom(fresh, 50, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: 'Too many attempts. Try again later.' });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(15 * 60);
    // The account is not what is locked: from another address its wrong password is answered as such.
    expect((await wrongFrom(fresh, 51, freshClientAddress())).status).toBe(400);
  });

  it('answers 401 without a bearer token', async () => {
    const res = await api.post('/customer/reset-password', {
      old_password: GOOD_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
  });
});
