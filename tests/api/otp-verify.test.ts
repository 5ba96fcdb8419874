import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { bearer, type TestApi } from '../fixtures/customer.fixtures.ts';
import { accountWithPhone, sendCode, storedCodes, uniquePhone, wrongCode } from '../fixtures/otp.fixtures.ts';

const INVALID = { success: false, message: 'Invalid OTP' };

describe('OTP verification', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  const verifyLogin = (mobile: string, otp: string) => api.post('/otp/verify/login', { mobile, otp });
  const verifyCheckout = (mobile: string, otp: string) => api.post('/otp/verify/checkout', { mobile, otp, user_token: 'x' });

  it('signs a customer in with a login code, answering a working token and the customer', async () => {
    const phone = uniquePhone();
    const email = await accountWithPhone(api, phone);
    const res = await verifyLogin(phone, await sendCode(api, '/login/otp', phone));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'OTP verified successfully' });
    expect(res.body.data.customer).toMatchObject({ email, phone_number: phone, alt_phone_number: phone });
    const account = await api.get('/customer/account', bearer(res.body.data.token as string));
    expect(account.status).toBe(200);
  });

  it('refuses a code for a phone without an account, and a phone with no code', async () => {
    expect((await verifyLogin(uniquePhone(), '123456')).body).toEqual(INVALID);
    const phone = uniquePhone();
    const code = await sendCode(api, '/login/otp', phone);
    const res = await verifyLogin(phone, code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID);
  });

  it('refuses a code after its 10 minutes', async () => {
    const phone = uniquePhone();
    await accountWithPhone(api, phone);
    const code = await sendCode(api, '/login/otp', phone);
    const past = new Date(Date.now() - 1000).toISOString();
    await store.db.updateTable('otps').set({ expires_at: past }).where('phone_number', '=', phone).execute();
    const res = await verifyLogin(phone, code);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID);
  });

  it('accepts a code only once', async () => {
    const phone = uniquePhone();
    await accountWithPhone(api, phone);
    const code = await sendCode(api, '/login/otp', phone);
    expect((await verifyLogin(phone, code)).status).toBe(200);
    const again = await verifyLogin(phone, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID);
  });

  it('binds a code to its purpose: a checkout code fails at login and still works at checkout', async () => {
    const phone = uniquePhone();
    await accountWithPhone(api, phone);
    const code = await sendCode(api, '/otp/send', phone);
    expect((await verifyLogin(phone, code)).body).toEqual(INVALID);
    expect((await verifyCheckout(phone, code)).status).toBe(200);
  });

  it('invalidates the old code when a new one is sent', async () => {
    const phone = uniquePhone();
    await accountWithPhone(api, phone);
    let old = await sendCode(api, '/login/otp', phone);
    let fresh = await sendCode(api, '/login/otp', phone);
    while (fresh === old) [old, fresh] = [fresh, await sendCode(api, '/login/otp', phone)];
    expect((await verifyLogin(phone, old)).body).toEqual(INVALID);
    expect((await verifyLogin(phone, fresh)).status).toBe(200);
  });

  it('burns a code after 5 wrong tries, even for the right code', async () => {
    const phone = uniquePhone();
    await accountWithPhone(api, phone);
    const code = await sendCode(api, '/login/otp', phone);
    for (let i = 0; i < 5; i += 1) expect((await verifyLogin(phone, wrongCode(code))).body).toEqual(INVALID);
    expect((await verifyLogin(phone, code)).body).toEqual(INVALID);
    expect((await storedCodes(store, phone)).at(-1)!.attempts).toBe(5);
  });

  it('carries the wrong-try count over a resend instead of resetting it', async () => {
    const phone = uniquePhone();
    await accountWithPhone(api, phone);
    const first = await sendCode(api, '/login/otp', phone);
    for (let i = 0; i < 3; i += 1) await verifyLogin(phone, wrongCode(first));
    const second = await sendCode(api, '/login/otp', phone);
    expect((await storedCodes(store, phone)).at(-1)!.attempts).toBe(3);
    for (let i = 0; i < 2; i += 1) await verifyLogin(phone, wrongCode(second));
    expect((await verifyLogin(phone, second)).body).toEqual(INVALID);
    // A resend after the burn is burned too, until the burned code's time is up.
    const third = await sendCode(api, '/login/otp', phone);
    expect((await verifyLogin(phone, third)).body).toEqual(INVALID);
  });

  it('lets exactly one of many concurrent verifies of one code succeed', async () => {
    const phone = uniquePhone();
    await accountWithPhone(api, phone);
    const code = await sendCode(api, '/login/otp', phone);
    const answers = await Promise.all(Array.from({ length: 10 }, () => verifyLogin(phone, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
  });

  it('creates a phone-only customer at checkout: not existing, empty names, no email', async () => {
    const phone = uniquePhone();
    const res = await verifyCheckout(phone, await sendCode(api, '/otp/send', phone));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('OTP verified successfully');
    expect(res.body.data).toMatchObject({ is_existing_customer: false, token: expect.any(String) });
    expect(res.body.data.customer).toMatchObject({ firstname: '', lastname: '', email: null, phone_number: phone });
    const again = await verifyCheckout(phone, await sendCode(api, '/otp/send', phone));
    expect(again.body.data).toMatchObject({ is_existing_customer: false, customer: { id: res.body.data.customer.id } });
    const customers = await store.db.selectFrom('customers').select(['password_hash']).where('phone_number', '=', phone).execute();
    expect(customers).toEqual([{ password_hash: null }]);
  });

  it('signs in an existing customer with an email at checkout as existing', async () => {
    const phone = uniquePhone();
    const email = await accountWithPhone(api, phone);
    const res = await verifyCheckout(phone, await sendCode(api, '/otp/send', phone));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_existing_customer: true, customer: { email, phone_number: phone } });
    expect((await api.get('/customer/account', bearer(res.body.data.token as string))).status).toBe(200);
  });

  it('refuses a wrong checkout code and lets exactly one concurrent checkout verify win', async () => {
    const phone = uniquePhone();
    const code = await sendCode(api, '/otp/send', phone);
    expect((await verifyCheckout(phone, wrongCode(code))).body).toEqual(INVALID);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verifyCheckout(phone, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
  });
});
