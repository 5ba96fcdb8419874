// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { changeAccountPassword, saveAccountDetails, updateCustomerNames } from '../../src/stores/account.ts';
import { $auth, INITIAL_AUTH } from '../../src/stores/auth.ts';
import { STORE_STATE_KEY } from '../../src/stores/persist.ts';

interface Call {
  url: string;
  body: unknown;
  bearer: string | null;
}

/** A browser-like client over a fake network answering `body` with `status`. */
function apiAnswering(body: unknown, status = 200) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, body: JSON.parse(String(init.body ?? 'null')), bearer: new Headers(init.headers).get('Authorization') });
    return Response.json(body, { status });
  };
  return { api: createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: () => $auth.get().user?.token }), calls };
}

const customer = { id: 7, firstname: 'Asha', lastname: 'Rao', email: 'a@x.in', phone_number: '9876543210', alt_phone_number: '9000000000' };
const signedIn = { ...INITIAL_AUTH, isAuthenticated: true, user: { token: 't1', customer } };

beforeEach(() => {
  localStorage.clear();
  $auth.set(signedIn);
  vi.stubGlobal('fetch', async () => new Response(null, { status: 200 }));
});
afterEach(() => vi.unstubAllGlobals());

describe('updateCustomerNames (SPEC §4 Customer record)', () => {
  it('changes only the names and keeps the rest of the record and the session', () => {
    updateCustomerNames({ firstname: 'Meera', lastname: 'Iyer' });
    expect($auth.get()).toMatchObject({ isAuthenticated: true, user: { token: 't1' } });
    expect($auth.get().user?.customer).toEqual({ ...customer, firstname: 'Meera', lastname: 'Iyer' });
  });

  it('is persisted under the one storage key', () => {
    updateCustomerNames({ firstname: 'Meera', lastname: 'Iyer' });
    const stored = JSON.parse(localStorage.getItem(STORE_STATE_KEY) ?? '{}');
    expect(stored.auth.user.customer).toMatchObject({ firstname: 'Meera', lastname: 'Iyer', email: 'a@x.in' });
  });

  it('does nothing when no one is signed in', () => {
    $auth.set(INITIAL_AUTH);
    updateCustomerNames({ firstname: 'Meera', lastname: 'Iyer' });
    expect($auth.get()).toEqual(INITIAL_AUTH);
  });
});

describe('saveAccountDetails', () => {
  it('sends the trimmed names with the bearer and stores the names the server saved', async () => {
    const { api, calls } = apiAnswering({
      success: true,
      message: 'Account details updated successfully',
      data: { ...customer, firstname: 'Meera', lastname: 'Iyer' },
    });
    const result = await saveAccountDetails(api, { firstname: '  Meera ', lastname: 'Iyer' });
    expect(calls).toEqual([{ url: '/api/customer/account-details', body: { firstname: 'Meera', lastname: 'Iyer' }, bearer: 'Bearer t1' }]);
    expect(result).toMatchObject({ ok: true, messages: ['Account details updated successfully'] });
    expect($auth.get().user?.customer).toMatchObject({ firstname: 'Meera', lastname: 'Iyer', phone_number: '9876543210' });
  });

  it('leaves the stored customer alone when the server refuses', async () => {
    const { api } = apiAnswering({ success: false, message: 'Nope' }, 400);
    const result = await saveAccountDetails(api, { firstname: 'Meera', lastname: 'Iyer' });
    expect(result).toMatchObject({ ok: false, messages: ['Nope'] });
    expect($auth.get().user?.customer).toEqual(customer);
  });
});

describe('changeAccountPassword (SPEC §7)', () => {
  it('sends confirm_password equal to new_password and keeps this session', async () => {
    const { api, calls } = apiAnswering({ success: true, message: 'Password changed successfully' });
    await changeAccountPassword(api, { old_password: 'Old@123', new_password: 'New@1234', confirm_password: 'typed-differently' });
    expect(calls).toEqual([
      {
        url: '/api/customer/reset-password',
        body: { old_password: 'Old@123', new_password: 'New@1234', confirm_password: 'New@1234' },
        bearer: 'Bearer t1',
      },
    ]);
    expect($auth.get()).toEqual(signedIn);
  });
});
