import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { bearer, signIn, verifiedAccount, type TestApi } from '../fixtures/customer.fixtures.ts';

const ODD_VALUES: unknown[] = [null, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, true, [], {}, ['a'], 'x'.repeat(5000), '\u0000', '💥', '<script>', "' or 1=1 --"];
const FIELDS = ['email', 'password', 'firstname', 'lastname', 'phone_number', 'token', 'password_confirmation', 'old_password', 'new_password', 'confirm_password'];
const RAW_BODIES = ['', 'null', '[]', '"text"', '42', '{', '{"email":', 'not json at all'];

/** A body every endpoint accepts, so one odd field at a time reaches past validation of the rest. */
const VALID_BASE = {
  firstname: 'Asha',
  lastname: 'Rao',
  email: 'fuzz@example.com',
  password: 'secret!1',
  password_confirmation: 'secret!1',
  old_password: 'secret!1',
  new_password: 'secret!1',
  confirm_password: 'secret!1',
  token: 'not-a-real-token',
};

// Logout last: it ends the session the signed-in endpoints use.
const ENDPOINTS: [method: string, path: string, signedIn: boolean][] = [
  ['POST', '/customer/register', false],
  ['POST', '/customer/login', false],
  ['POST', '/customer/forgot-password', false],
  ['POST', '/customer/token-password', false],
  ['POST', '/customer/verify-email', false],
  ['POST', '/customer/resend-verification', false],
  ['POST', '/customer/reset-password', true],
  ['POST', '/customer/change-email', true],
  ['POST', '/customer/update-user-details', true],
  ['POST', '/customer/account-details', true],
  ['GET', '/customer/account', true],
  ['POST', '/customer/logout', true],
];

describe('customer endpoints under odd input', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let token: string;
  beforeAll(async () => {
    store = await createTestDatabase();
    // Rate limits may answer 429 part way through; the fuzz only asks for no 5xx.
    api = createTestApi(store);
    token = await signIn(api, await verifiedAccount(api));
  });
  afterAll(() => store.close());

  it('never answers 5xx to odd JSON bodies, raw bodies or bearer headers', { timeout: 180_000 }, async () => {
    const statuses = new Set<number>();
    for (const [method, path, signedIn] of ENDPOINTS) {
      const headerSets = signedIn
        ? [bearer(token), {}, { Authorization: 'Bearer' }, { Authorization: 'Basic abc' }, bearer('x'.repeat(500))]
        : [{}];
      for (const headers of headerSets) {
        if (method === 'GET') {
          const res = await api.call(method, path, { headers });
          statuses.add(res.status);
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
          continue;
        }
        for (const value of ODD_VALUES) {
          for (const field of FIELDS) {
            const res = await api.call(method, path, { json: { ...VALID_BASE, [field]: value }, headers });
            statuses.add(res.status);
            expect(res.status, `${method} ${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
          }
        }
        for (const body of RAW_BODIES) {
          const res = await api.call(method, path, {
            body,
            headers: { ...headers, 'Content-Type': 'application/json' },
          });
          expect(res.status, `${path} raw ${body}`).toBeLessThan(500);
        }
      }
    }
    expect([...statuses].every((s) => s < 500)).toBe(true);
  });

  it('never answers 5xx to odd query strings on verify-email (a GET spends nothing: 404)', async () => {
    for (const query of ['', '?token=', '?token=%00', '?token[]=a', '?token=a&token=b', `?token=${'a'.repeat(3000)}`]) {
      expect((await api.get(`/customer/verify-email${query}`)).status).toBe(404);
    }
  });

  it('the queue composes every mail the odd calls queued without an error', async () => {
    await api.mailQueue.idle();
    const left = await store.db.selectFrom('mail_queue').select(['kind', 'state', 'last_error']).execute();
    expect(left).toEqual([]);
  });
});
