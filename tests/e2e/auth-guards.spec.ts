/**
 * Route guards (SPEC §2 access column) and the session cookie (SECURITY
 * promises 5, 6, 20). The server answers a guarded path with a redirect
 * before any page renders, so the wrong page never flashes.
 */
import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_SHOPPER, signInThroughApi } from './helpers.ts';
import { API_KEY } from './store-api.ts';

const SIGNED_IN_ONLY = ['/payment', '/my-account/account', '/my-account/orders', '/order-success', '/order-failure'];
const SIGNED_OUT_ONLY = ['/signin', '/signup', '/forgot-password', '/reset-password'];

async function loginToken(request: APIRequestContext, shopper = DEMO_SHOPPER): Promise<string> {
  const response = await request.post('/api/customer/login', {
    headers: { 'API-KEY': API_KEY },
    data: { email: shopper.email, password: shopper.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.token;
}

/** POST /session as the browser does after a sign-in; answers the status and Set-Cookie. */
async function openSession(request: APIRequestContext, token: unknown) {
  const response = await request.post('/session', { data: { token } });
  return { status: response.status(), setCookie: response.headers()['set-cookie'] ?? '' };
}

const withCookie = (token: string) => ({ headers: { Cookie: `store_session=${token}` }, maxRedirects: 0 });

test('signed-out visitors to every signed-in page are sent to /signin before anything renders', async ({ request }) => {
  for (const path of SIGNED_IN_ONLY) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()['location'], path).toBe('/signin');
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
    expect(await response.text(), path).toBe('');
  }
});

test('signed-in visitors to the sign-in, sign-up, forgot and reset pages are sent home', async ({ request }) => {
  const token = await loginToken(request);
  for (const path of SIGNED_OUT_ONLY) {
    const response = await request.get(path, withCookie(token));
    expect(response.status(), path).toBe(302);
    expect(response.headers()['location'], path).toBe('/');
  }
  // ...and through to the signed-in pages: the account page itself, not a redirect or an error.
  const account = await request.get('/my-account/account', withCookie(token));
  expect(account.status()).toBe(200);
  expect(await account.text()).toMatch(/<h1[^>]*>My Account<\/h1>/);
});

test('a browser signed in through /session is guarded the same way', async ({ page }) => {
  await page.goto('/');
  await signInThroughApi(page);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/$/);
});

test('the session cookie is HttpOnly, SameSite=Lax, Path=/, 90 days, and not Secure only on plain-HTTP localhost', async ({ request }) => {
  const { status, setCookie } = await openSession(request, await loginToken(request));
  expect(status).toBe(200);
  expect(setCookie).toMatch(/^store_session=[\w-]{43};/);
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('SameSite=Lax');
  expect(setCookie).toContain('Path=/');
  expect(setCookie).toContain('Max-Age=7776000');
  expect(setCookie).not.toContain('Secure');
});

test('behind a public host name the session cookie is Secure', async ({ request }) => {
  const token = await loginToken(request);
  const port = Number(new URL(test.info().project.use.baseURL!).port);
  const setCookie = await new Promise<string>((resolve, reject) => {
    const body = JSON.stringify({ token });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/session',
        method: 'POST',
        headers: { Host: 'shop.example.in', Origin: 'http://shop.example.in', 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.headers['set-cookie'] ?? '')));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('Secure');
});

test('a token the API does not know never becomes a cookie', async ({ request }) => {
  for (const token of ['not-a-real-token-but-well-formed-000000000', 'a;b', '', 42]) {
    const { status, setCookie } = await openSession(request, token);
    expect([400, 401]).toContain(status);
    expect(setCookie).not.toMatch(/store_session=(?!deleted)/);
  }
});

test('after logout the old cookie no longer opens a signed-in page and is cleared', async ({ request }) => {
  const token = await loginToken(request);
  const before = await request.get('/my-account/account', withCookie(token));
  expect(before.status()).toBe(200);
  expect(await before.text()).toMatch(/<h1[^>]*>My Account<\/h1>/);
  const logout = await request.post('/api/customer/logout', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(200);
  const after = await request.get('/my-account/account', withCookie(token));
  expect(after.status()).toBe(302);
  expect(after.headers()['location']).toBe('/signin');
  expect(after.headers()['set-cookie']).toMatch(/store_session=deleted; .*Expires=Thu, 01 Jan 1970/);
});

test('closing the session clears the cookie and revokes the token', async ({ request }) => {
  const token = await loginToken(request);
  // Browsers send Origin with every DELETE; Astro's origin check refuses one without it.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const closed = await request.delete('/session', { headers: { Cookie: `store_session=${token}`, Origin: origin } });
  expect(closed.status()).toBe(200);
  expect(closed.headers()['set-cookie']).toMatch(/store_session=deleted/);
  const account = await request.get('/api/customer/account', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
  expect(account.status()).toBe(401);
});

test('the cookie alone never authenticates the store API', async ({ request }) => {
  const token = await loginToken(request);
  const response = await request.get('/api/customer/account', { headers: { 'API-KEY': API_KEY, Cookie: `store_session=${token}` } });
  expect(response.status()).toBe(401);
});

test('another site cannot post a form to /session', async ({ request }) => {
  const token = await loginToken(request);
  const response = await request.post('/session', {
    headers: { Origin: 'https://attacker.example', 'Content-Type': 'application/x-www-form-urlencoded' },
    data: `token=${token}`,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()['set-cookie'] ?? '').not.toContain('store_session=');
});
