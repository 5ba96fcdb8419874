import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { sendCode, uniquePhone } from '../fixtures/otp.fixtures.ts';
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

const CHANGE_REQUESTED = 'We sent a link to your new email address. Your email changes once you open it.';
const NEEDS_PASSWORD = 'To change your email, use My Account with your password';

describe('an account’s email changes only with the current password (SECURITY 34)', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const emailOf = async (id: number) =>
    (await store.db.selectFrom('customers').select(['email', 'email_verified_at']).where('id', '=', id).executeTakeFirstOrThrow());
  const idOf = async (email: string) =>
    (await store.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const changeEmail = (token: string, body: Record<string, unknown>) => api.post('/customer/change-email', body, bearer(token));

  it('a bearer token alone cannot move an account to another address through update-user-details', async () => {
    const owner = await verifiedAccount(api);
    const id = await idOf(owner);
    const stolen = await signIn(api, owner);
    const attacker = uniqueEmail('attacker');
    const res = await api.post(
      '/customer/update-user-details',
      { firstname: 'Mallory', lastname: 'Evil', email: attacker },
      bearer(stolen),
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: NEEDS_PASSWORD, errors: { email: [NEEDS_PASSWORD] } });
    expect((await emailOf(id)).email).toBe(owner);
    expect(await api.mailTo(attacker)).toEqual([]);
    // Nor by setting a password on the way.
    const withPassword = await api.post(
      '/customer/update-user-details',
      { firstname: 'Mallory', lastname: 'Evil', email: owner, password: 'taken!over' },
      bearer(stolen),
    );
    expect(withPassword.status).toBe(400);
    await signIn(api, owner);
  });

  it('an account from checkout OTP that confirmed its email cannot be moved by its token either', async () => {
    const phone = uniquePhone();
    const otp = await sendCode(api, '/otp/send', phone);
    const token = (await api.post('/otp/verify/checkout', { mobile: phone, otp })).body.data.token as string;
    const first = uniqueEmail('guest');
    expect((await api.post('/customer/update-user-details', { firstname: 'Meera', lastname: 'Iyer', email: first }, bearer(token))).status).toBe(200);
    expect((await api.post('/customer/verify-email', { token: await mailedToken(api, first, '/verify-email') })).status).toBe(200);
    const moved = await api.post(
      '/customer/update-user-details',
      { firstname: 'Meera', lastname: 'Iyer', email: uniqueEmail('elsewhere') },
      bearer(token),
    );
    expect(moved.status).toBe(403);
    // The same email with new names is still fine.
    const renamed = await api.post('/customer/update-user-details', { firstname: 'Meenakshi', lastname: 'Iyer', email: first }, bearer(token));
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.customer).toMatchObject({ firstname: 'Meenakshi', email: first });
  });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const owner = await verifiedAccount(api);
    const token = await signIn(api, owner);
    const wrong = await changeEmail(token, { email: uniqueEmail('new'), password: 'not-it!' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: 'Password is incorrect', errors: { password: ['Password is incorrect'] } });
    const missing = await changeEmail(token, { email: uniqueEmail('new') });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ password: ['Password is required'] });
    expect((await api.mailTo(owner)).map((m) => m.subject)).not.toContainEqual(expect.stringMatching(/about to change/));
  });

  it('with the password: the old address is told at once and kept until the new one is confirmed', async () => {
    const owner = await verifiedAccount(api);
    const id = await idOf(owner);
    const token = await signIn(api, owner);
    const next = uniqueEmail('new');
    const res = await changeEmail(token, { email: ` ${next.toUpperCase()} `, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: CHANGE_REQUESTED, data: { customer: { email: owner } } });

    const [notice] = await api.mailTo(owner);
    expect(notice?.subject).toMatch(/Your email address is about to change/);
    expect(notice?.text).toContain(next);
    expect(notice?.links).toEqual(['https://shop.example/forgot-password']);

    // Until the link is opened the account keeps the old address, verified, for sign-in and resets.
    expect(await emailOf(id)).toMatchObject({ email: owner, email_verified_at: expect.any(String) });
    await signIn(api, owner);
    expect((await api.post('/customer/login', { email: next, password: GOOD_PASSWORD })).status).toBe(401);

    const link = await mailedToken(api, next, '/verify-email');
    expect((await api.post('/customer/verify-email', { token: link })).status).toBe(200);
    expect(await emailOf(id)).toMatchObject({ email: next, email_verified_at: expect.any(String) });
    await signIn(api, next);
    expect((await api.post('/customer/login', { email: owner, password: GOOD_PASSWORD })).status).toBe(401);
  });

  it('a reset link mailed to the old address dies when the change completes', async () => {
    const owner = await verifiedAccount(api);
    const token = await signIn(api, owner);
    await api.post('/customer/forgot-password', { email: owner });
    const reset = await mailedToken(api, owner, '/reset-password');
    const next = uniqueEmail('new');
    await changeEmail(token, { email: next, password: GOOD_PASSWORD });
    await api.post('/customer/verify-email', { token: await mailedToken(api, next, '/verify-email') });
    const late = await api.post('/customer/token-password', { token: reset, password: 'late!pass', password_confirmation: 'late!pass' });
    expect(late.status).toBe(400);
  });

  it('a password reset by the owner cancels a pending change asked for with a stolen password', async () => {
    const owner = await verifiedAccount(api);
    const id = await idOf(owner);
    const stolen = await signIn(api, owner);
    const attacker = uniqueEmail('attacker');
    await changeEmail(stolen, { email: attacker, password: GOOD_PASSWORD });
    const attackerLink = await mailedToken(api, attacker, '/verify-email');
    await api.post('/customer/forgot-password', { email: owner });
    const reset = await mailedToken(api, owner, '/reset-password');
    expect((await api.post('/customer/token-password', { token: reset, password: 'mine!again', password_confirmation: 'mine!again' })).status).toBe(200);
    expect((await api.post('/customer/verify-email', { token: attackerLink })).status).toBe(400);
    expect((await emailOf(id)).email).toBe(owner);
  });

  it('only the newest change request can complete', async () => {
    const owner = await verifiedAccount(api);
    const token = await signIn(api, owner);
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    await changeEmail(token, { email: first, password: GOOD_PASSWORD });
    const firstLink = await mailedToken(api, first, '/verify-email');
    await changeEmail(token, { email: second, password: GOOD_PASSWORD });
    const secondLink = await mailedToken(api, second, '/verify-email');
    expect((await api.post('/customer/verify-email', { token: firstLink })).status).toBe(400);
    expect((await api.post('/customer/verify-email', { token: secondLink })).status).toBe(200);
  });

  it('an address that has an account gets no link, only a note to its owner, and the change never completes', async () => {
    const owner = await verifiedAccount(api);
    const other = await verifiedAccount(api);
    const token = await signIn(api, owner);
    const before = (await api.mailTo(other)).length;
    const res = await changeEmail(token, { email: other, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CHANGE_REQUESTED);
    const mails = await api.mailTo(other);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toMatch(/Someone tried to use your address/);
    expect(mails[0]?.links.some((l) => l.includes('token='))).toBe(false);
  });

  it('refuses the address the account already has', async () => {
    const owner = await verifiedAccount(api);
    const res = await changeEmail(await signIn(api, owner), { email: owner, password: GOOD_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: ['This is already your email address'] });
  });

  it('limits wrong passwords to 5 per account with 429 and Retry-After', async () => {
    const token = await signIn(api, await verifiedAccount(api));
    for (let i = 0; i < 5; i += 1) expect((await changeEmail(token, { email: uniqueEmail('x'), password: `wrong!${i}` })).status).toBe(400);
    const locked = await changeEmail(token, { email: uniqueEmail('x'), password: GOOD_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('limits wrong passwords to 50 per address across accounts, shared with password changes', { timeout: 120_000 }, async () => {
    const wrongFrom = (token: string, i: number, headers: Record<string, string>) =>
      api.post('/customer/change-email', { email: uniqueEmail('x'), password: `wrong!${i}` }, { ...bearer(token), ...headers });
    const { statuses, untouched: fresh, from } = await fiftyWrongPasswordsFromOneAddress(store, wrongFrom);
    expect(statuses).toEqual(Array(50).fill(400));
    const refused = await wrongFrom(fresh, 50, from);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: 'Too many attempts. Try again later.' });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The same count guards the password change.
    const change = { old_password: 'wrong!again', new_password: 'n3w-secret!', confirm_password: 'n3w-secret!' };
    expect((await api.post('/customer/reset-password', change, { ...bearer(fresh), ...from })).status).toBe(429);
    // The account is not what is locked: from another address its wrong password is answered as such.
    expect((await wrongFrom(fresh, 51, freshClientAddress())).status).toBe(400);
  });

  it('answers 401 without a bearer token', async () => {
    const res = await api.post('/customer/change-email', { email: uniqueEmail(), password: GOOD_PASSWORD });
    expect(res.status).toBe(401);
  });
});
