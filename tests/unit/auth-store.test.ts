// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import {
  $auth,
  INITIAL_AUTH,
  registerAccount,
  saveGuestDetails,
  sendLoginOtp,
  sendRegistrationOtp,
  signIn,
  signOut,
  verifyCheckoutOtp,
  verifyLoginOtp,
} from '../../src/stores/auth.ts';
import { STORE_STATE_KEY, writePersistedGroup } from '../../src/stores/persist.ts';

interface Call {
  url: string;
  bearer: string | null;
}

/** A browser-like client over a fake network answering `body` (or failing when `body` is an Error). */
function apiAnswering(body: unknown, status = 200) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, bearer: new Headers(init.headers).get('Authorization') });
    if (body instanceof Error) throw body;
    return Response.json(body, { status });
  };
  return { api: createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: () => $auth.get().user?.token }), calls };
}

const stored = () => JSON.parse(localStorage.getItem(STORE_STATE_KEY) ?? '{}') as Record<string, unknown>;
const customer = { id: 7, firstname: 'Asha', lastname: 'Rao', email: 'a@x.in', phone_number: '9876543210' };
const withAlt = { ...customer, alt_phone_number: '9876543210' };
const signUp = { firstname: 'Asha', lastname: 'Rao', email: 'a@x.in', password: 'secret1' };

beforeEach(() => {
  $auth.set(INITIAL_AUTH);
  localStorage.clear();
  // The browser's fetch serves the storefront's /session; the API goes through `apiAnswering`.
  vi.stubGlobal('fetch', async () => new Response(null, { status: 200 }));
});
afterEach(() => vi.unstubAllGlobals());

describe('registration', () => {
  it('stores the user but stays signed out while the email must be verified', async () => {
    const { api } = apiAnswering({ success: true, data: { customer, email_verification_token: 'pending' } });
    await registerAccount(api, signUp);
    expect($auth.get()).toMatchObject({ loading: false, isAuthenticated: false, error: null });
    expect($auth.get().user).toEqual({ customer: withAlt, email_verification_token: 'pending' });
  });

  it('signs in at once when no email_verification_token comes back', async () => {
    const { api } = apiAnswering({ success: true, data: { customer: { ...customer, alt_phone_number: '9000000000' }, token: 't1' } });
    await registerAccount(api, signUp);
    expect($auth.get()).toMatchObject({ isAuthenticated: true, user: { token: 't1', customer: { alt_phone_number: '9000000000' } } });
  });

  it('keeps the field errors of a refusal as the error', async () => {
    const { api } = apiAnswering({ message: 'Validation failed', errors: { email: ['Email is already registered'] } }, 409);
    await registerAccount(api, signUp);
    expect($auth.get()).toMatchObject({ loading: false, isAuthenticated: false, error: 'Email is already registered', user: null });
  });
});

describe('login', () => {
  it('signs in with the token and customer, and persists them without loading flags', async () => {
    const { api } = apiAnswering({ success: true, message: 'Login successful.', data: { token: 't2', customer } });
    await signIn(api, { email: 'a@x.in', password: 'secret1' });
    expect($auth.get()).toMatchObject({ isAuthenticated: true, loading: false, error: null, user: { token: 't2', customer: withAlt } });
    const auth = stored().auth as Record<string, unknown>;
    expect(auth).toMatchObject({ isAuthenticated: true, user: { token: 't2' } });
    expect(auth).not.toHaveProperty('loading');
    expect(auth).not.toHaveProperty('verificationLoading');
  });

  it('asks to verify the email when the refusal carries no message', async () => {
    const { api } = apiAnswering({ success: false });
    await signIn(api, { email: 'a@x.in', password: 'secret1' });
    expect($auth.get()).toMatchObject({ isAuthenticated: false, loading: false, error: MESSAGES.auth.verifyEmailFirst });
  });

  it('shows the server message, or Login failed when the network is down', async () => {
    await signIn(apiAnswering({ message: 'Invalid email or password' }, 401).api, { email: 'a@x.in', password: 'x' });
    expect($auth.get().error).toBe('Invalid email or password');
    await signIn(apiAnswering(new TypeError('fetch failed')).api, { email: 'a@x.in', password: 'x' });
    expect($auth.get()).toMatchObject({ error: 'Login failed', isAuthenticated: false });
  });
});

describe('logout', () => {
  const signedIn = () => {
    $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'live', customer } });
    writePersistedGroup('cart', { items: [1] });
    writePersistedGroup('storeInfo', { name: 'Kapda Bazaar' });
  };

  it('revokes the token and clears everything but store info', async () => {
    signedIn();
    const { api, calls } = apiAnswering({ success: true, message: 'Logout successful' });
    await signOut(api);
    expect(calls[0]).toEqual({ url: '/api/customer/logout', bearer: 'Bearer live' });
    expect($auth.get()).toEqual(INITIAL_AUTH);
    expect(stored()).toEqual({ storeInfo: { name: 'Kapda Bazaar' } });
  });

  it('still clears the client state when the server call fails', async () => {
    signedIn();
    const result = await signOut(apiAnswering(new TypeError('fetch failed')).api);
    expect(result).toMatchObject({ ok: false, messages: ['Logout failed'] });
    expect($auth.get()).toEqual(INITIAL_AUTH);
    expect(stored()).toEqual({ storeInfo: { name: 'Kapda Bazaar' } });
  });
});

describe('OTP', () => {
  it('registration OTP send sets sent and clears verified', async () => {
    $auth.set({ ...INITIAL_AUTH, verified: true });
    const { api, calls } = apiAnswering({ success: true, message: 'OTP sent', data: { otp: '123456' } });
    const result = await sendRegistrationOtp(api, { mobile: '9876543210' });
    expect(calls[0]?.url).toBe('/api/otp/send');
    expect(result).toMatchObject({ ok: true, value: { otp: '123456' }, messages: ['OTP sent'] });
    expect($auth.get()).toMatchObject({ sent: true, loginSent: false, verified: false, verificationLoading: false });
  });

  it('login OTP send sets loginSent and clears verified; a failure sets the verification error', async () => {
    $auth.set({ ...INITIAL_AUTH, verified: true });
    await sendLoginOtp(apiAnswering({ success: true, data: {} }).api, { mobile: '9876543210' });
    expect($auth.get()).toMatchObject({ loginSent: true, sent: false, verified: false });
    await sendLoginOtp(apiAnswering(new TypeError('down')).api, { mobile: '9876543210' });
    expect($auth.get()).toMatchObject({ verificationError: 'Failed to send OTP', verificationLoading: false });
  });

  it('login OTP verification sets verified and authenticated with the user', async () => {
    const { api, calls } = apiAnswering({ success: true, data: { token: 't3', customer } });
    await verifyLoginOtp(api, { mobile: '9876543210', otp: '123456' });
    expect(calls[0]?.url).toBe('/api/otp/verify/login');
    expect($auth.get()).toMatchObject({ verified: true, isAuthenticated: true, user: { token: 't3', customer: withAlt } });
  });

  it('a wrong login OTP leaves the shopper signed out with the server message', async () => {
    await verifyLoginOtp(apiAnswering({ message: 'Invalid OTP' }, 400).api, { mobile: '9876543210', otp: '000000' });
    expect($auth.get()).toMatchObject({ verified: false, isAuthenticated: false, verificationError: 'Invalid OTP' });
  });

  it('checkout OTP verification signs in an existing customer', async () => {
    await verifyCheckoutOtp(apiAnswering({ success: true, data: { token: 't4', customer, is_existing_customer: true } }).api, {
      mobile: '9876543210',
      otp: '123456',
    });
    expect($auth.get()).toMatchObject({ verified: true, isAuthenticated: true, user: { token: 't4', is_existing_customer: true } });
  });

  it('checkout OTP verification stores a new customer without signing in', async () => {
    await verifyCheckoutOtp(apiAnswering({ success: true, data: { token: 't5', customer, is_existing_customer: false } }).api, {
      mobile: '9876543210',
      otp: '123456',
    });
    expect($auth.get()).toMatchObject({ verified: true, isAuthenticated: false, user: { token: 't5', is_existing_customer: false } });
  });
});

describe('guest details', () => {
  it('merges the answered customer into the user, filling alt_phone_number', async () => {
    $auth.set({ ...INITIAL_AUTH, verified: true, user: { token: 't5', customer: { phone_number: '9876543210' } } });
    const { api, calls } = apiAnswering({ success: true, data: { customer: { firstname: 'Asha', lastname: 'Rao', email: 'a@x.in' } } });
    await saveGuestDetails(api, { firstname: 'Asha', lastname: 'Rao', email: 'a@x.in' });
    expect(calls[0]).toEqual({ url: '/api/customer/update-user-details', bearer: 'Bearer t5' });
    expect($auth.get().user).toEqual({
      token: 't5',
      customer: { firstname: 'Asha', lastname: 'Rao', email: 'a@x.in', phone_number: '9876543210', alt_phone_number: '9876543210' },
    });
  });
});

describe('cross-tab sync', () => {
  const fromOtherTab = (value: unknown) =>
    window.dispatchEvent(new StorageEvent('storage', { key: STORE_STATE_KEY, newValue: value === null ? null : JSON.stringify(value) }));

  it("another tab's stored user signs this tab in, and its absence signs out", () => {
    fromOtherTab({ auth: { user: { token: 'other', customer }, isAuthenticated: true, loading: true } });
    expect($auth.get()).toMatchObject({ isAuthenticated: true, loading: false, user: { token: 'other' } });
    fromOtherTab({ storeInfo: { name: 'Kapda Bazaar' } });
    expect($auth.get()).toEqual(INITIAL_AUTH);
  });

  it("another tab's change that leaves the sign-in as it is keeps this tab's in-flight flags", () => {
    const user = { token: 'live', customer };
    $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user, loading: true, verificationLoading: true });
    fromOtherTab({ auth: { user, isAuthenticated: true }, cart: { cartItems: [] } });
    expect($auth.get()).toMatchObject({ isAuthenticated: true, loading: true, verificationLoading: true, user: { token: 'live' } });
  });

  it("a signed-out tab mid-sign-in keeps its loading flag when another tab changes its cart", () => {
    $auth.set({ ...INITIAL_AUTH, loading: true });
    fromOtherTab({ cart: { cartItems: [{ product_id: 3 }] } });
    expect($auth.get()).toEqual({ ...INITIAL_AUTH, loading: true });
  });

  it("another tab's newer customer record is taken, keeping this tab's flags", () => {
    $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'live', customer }, loading: true });
    fromOtherTab({ auth: { user: { token: 'live', customer: { ...customer, firstname: 'Meera' } }, isAuthenticated: true } });
    expect($auth.get()).toMatchObject({ loading: true, user: { customer: { firstname: 'Meera' } } });
  });

  it('clearing the storage in another tab signs out', () => {
    $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'live' } });
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect($auth.get()).toEqual(INITIAL_AUTH);
  });
});

describe('the storefront session cookie follows sign-in and sign-out', () => {
  /** The browser's own fetch, which the actions use for /session; answers 200 unless told. */
  function sessionEndpoint(status = 200) {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(null, { status });
    });
    return calls;
  }

  it('a password sign-in opens the session with its token before it resolves', async () => {
    const calls = sessionEndpoint();
    await signIn(apiAnswering({ success: true, data: { token: 't9', customer } }).api, { email: 'a@x.in', password: 'secret1' });
    expect(calls).toEqual([{ url: '/session', method: 'POST', body: { token: 't9' } }]);
  });

  it('an OTP sign-in and an existing customer’s checkout OTP open it too; a new customer’s does not', async () => {
    const calls = sessionEndpoint();
    await verifyLoginOtp(apiAnswering({ success: true, data: { token: 'o1', customer } }).api, { mobile: '9876543210', otp: '123456' });
    await verifyCheckoutOtp(apiAnswering({ success: true, data: { token: 'c1', customer, is_existing_customer: true } }).api, { mobile: '9876543210', otp: '123456' });
    await verifyCheckoutOtp(apiAnswering({ success: true, data: { token: 'c2', customer, is_existing_customer: false } }).api, { mobile: '9876543210', otp: '123456' });
    expect(calls.map((c) => c.body)).toEqual([{ token: 'o1' }, { token: 'c1' }]);
  });

  it('a failed sign-in opens nothing', async () => {
    const calls = sessionEndpoint();
    await signIn(apiAnswering({ message: 'Invalid email or password' }, 401).api, { email: 'a@x.in', password: 'x' });
    expect(calls).toEqual([]);
  });

  it('a cookie that cannot be set leaves the shopper signed in (the next page retries)', async () => {
    sessionEndpoint(503);
    await signIn(apiAnswering({ success: true, data: { token: 't3', customer } }).api, { email: 'a@x.in', password: 'secret1' });
    expect($auth.get()).toMatchObject({ isAuthenticated: true, user: { token: 't3' } });
  });

  it('sign-out closes the session even when the API call fails', async () => {
    const calls = sessionEndpoint();
    $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'live', customer } });
    await signOut(apiAnswering(new TypeError('fetch failed')).api);
    expect(calls).toEqual([{ url: '/session', method: 'DELETE', body: undefined }]);
  });

  it('the manual-logout event signs this tab out and closes the session, without an API call', async () => {
    const calls = sessionEndpoint();
    $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'live', customer } });
    window.dispatchEvent(new Event('manual-logout'));
    expect($auth.get()).toEqual(INITIAL_AUTH);
    await vi.waitFor(() => expect(calls).toEqual([{ url: '/session', method: 'DELETE', body: undefined }]));
  });
});

describe('restoring on start', () => {
  it('restores the stored auth with loading flags off', async () => {
    localStorage.setItem(STORE_STATE_KEY, JSON.stringify({ auth: { user: { token: 'kept' }, isAuthenticated: true, loading: true } }));
    vi.resetModules();
    const fresh = await import('../../src/stores/auth.ts');
    expect(fresh.$auth.get()).toMatchObject({ user: { token: 'kept' }, isAuthenticated: true, loading: false });
  });
});
