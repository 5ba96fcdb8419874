import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { API_KEY } from './store-api.ts';

/**
 * Proxy mode: a second storefront process with STORE_API_URL pointing at the
 * e2e server's API renders pages from that API and forwards /api/* to it.
 */
const PROXY_PORT = (Number(process.env.E2E_PORT) || 4399) - 1;
let proxy: ChildProcess;

// One worker runs both tests: beforeAll per worker would start two proxies on one port.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const upstream = new URL(test.info().project.use.baseURL!);
  proxy = spawn('node', ['server.ts'], {
    env: { ...process.env, PORT: String(PROXY_PORT), HOST: '127.0.0.1', STORE_API_URL: `${upstream.origin}/api` },
    stdio: 'ignore',
  });
  const request = await playwright.request.newContext();
  await expect
    .poll(async () => (await request.get(`http://127.0.0.1:${PROXY_PORT}/`).catch(() => null))?.status(), {
      timeout: 20_000,
    })
    .toBe(200);
  await request.dispose();
});

test.afterAll(() => {
  proxy?.kill('SIGTERM');
});

test("a storefront in proxy mode renders the other server's store", async ({ page, request }) => {
  const info = await (await request.post('/api/store-info', { headers: { 'API-KEY': API_KEY } })).json();
  await page.goto(`http://127.0.0.1:${PROXY_PORT}/`);
  await expect(page).toHaveTitle(new RegExp(info.storeinfo.store_name));
  await expect(page.getByRole('region', { name: 'New Arrivals' }).getByRole('link').first()).toBeVisible();
});

test('a storefront in proxy mode forwards /api calls, bodies and status codes included', async ({ request }) => {
  const base = `http://127.0.0.1:${PROXY_PORT}/api`;
  const search = await request.post(`${base}/search-products`, { headers: { 'API-KEY': API_KEY }, data: { search: 'shirt' } });
  expect(search.status()).toBe(200);
  expect((await search.json()).data.products.total).toBeGreaterThan(0);
  const unknown = await request.get(`${base}/single-product-details/no-such-product`, { headers: { 'API-KEY': API_KEY } });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ success: false, message: 'Product not found' });
  const noKey = await request.post(`${base}/store-info`);
  expect(noKey.status()).toBe(401);
});
