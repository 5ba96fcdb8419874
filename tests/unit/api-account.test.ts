import { describe, expect, it } from 'vitest';
import {
  changePassword,
  forgotPassword,
  getAccount,
  login,
  logout,
  register,
  tokenPassword,
  updateAccountDetails,
  updateUserDetails,
  verifyEmail,
} from '../../src/lib/api/account.ts';
import { createApiClient, type ApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { sendCheckoutOtp, sendLoginOtp, verifyCheckoutOtp, verifyLoginOtp } from '../../src/lib/api/otp.ts';
import { MESSAGES } from '../../src/lib/messages.ts';

interface Call {
  url: string;
  method: string | undefined;
  body: unknown;
  bearer: string | null;
}

/** A fake network recording each call (a test double for fetch only). */
function fakeFetch(answer: () => Promise<Response> = async () => Response.json({ success: true, data: {} })) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    const headers = new Headers(init.headers);
    calls.push({
      url,
      method: init.method,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      bearer: headers.get('Authorization'),
    });
    return answer();
  };
  return { fetch, calls };
}

const base = { baseUrl: 'http://store.test/api', apiKey: 'demo-store-key' };
const networkDown = () => Promise.reject(new TypeError('fetch failed'));

type Case = [name: string, call: (api: ApiClient) => Promise<unknown>, fallback: string];

const cases: Case[] = [
  ['register', (api) => register(api, { firstname: 'Asha', lastname: 'Rao', email: 'a@x.in', password: 'secret1' }), 'Registration failed'],
  ['login', (api) => login(api, { email: 'a@x.in', password: 'secret1' }), 'Login failed'],
  ['forgotPassword', (api) => forgotPassword(api, { email: 'a@x.in' }), 'Failed to reset password'],
  ['tokenPassword', (api) => tokenPassword(api, { token: 't', password: 'secret2', password_confirmation: 'secret2' }), 'Failed to reset password'],
  [
    'changePassword',
    (api) => changePassword(api, { old_password: 'secret1', new_password: 'secret2', confirm_password: 'secret2' }),
    'Failed to reset password',
  ],
  ['updateAccountDetails', (api) => updateAccountDetails(api, { firstname: 'Asha', lastname: 'Rao' }), 'Failed to update account details'],
  ['getAccount', (api) => getAccount(api), 'Something went wrong'],
  [
    'updateUserDetails',
    (api) => updateUserDetails(api, { firstname: 'Asha', lastname: 'Rao', email: 'a@x.in' }),
    'Failed to update account details',
  ],
  ['verifyEmail', (api) => verifyEmail(api, 'mail-token'), 'Something went wrong'],
  ['sendCheckoutOtp', (api) => sendCheckoutOtp(api, { mobile: '9876543210' }), 'Failed to send OTP'],
  ['sendLoginOtp', (api) => sendLoginOtp(api, { mobile: '9876543210' }), 'Failed to send OTP'],
  ['verifyLoginOtp', (api) => verifyLoginOtp(api, { mobile: '9876543210', otp: '123456' }), 'OTP verification failed'],
  ['verifyCheckoutOtp', (api) => verifyCheckoutOtp(api, { mobile: '9876543210', otp: '123456' }), 'OTP verification failed'],
];

describe('account and OTP calls', () => {
  it.each(cases)('%s answers a network failure with its SPEC fallback', async (_name, call, fallback) => {
    const { fetch } = fakeFetch(networkDown);
    expect(await call(createApiClient({ ...base, fetch }))).toEqual({ ok: false, messages: [fallback], fieldErrors: {}, data: undefined });
  });

  it('logout revokes the given token as the bearer, whatever the client holds', async () => {
    const { fetch, calls } = fakeFetch();
    await logout(createApiClient({ ...base, fetch, token: 'other' }), 'session-token');
    expect(calls[0]).toEqual({ url: 'http://store.test/api/customer/logout', method: 'POST', body: {}, bearer: 'Bearer session-token' });
  });

  it('logout answers a network failure with Logout failed', async () => {
    const { fetch } = fakeFetch(networkDown);
    expect(await logout(createApiClient({ ...base, fetch }), 't')).toMatchObject({ ok: false, messages: [MESSAGES.auth.logoutFailed] });
  });
});
