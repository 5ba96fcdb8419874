import { expect, test } from '@playwright/test';
import { API_KEY } from './store-api.ts';

test('pages are compressed with brotli or gzip as the browser asks', async ({ request }) => {
  const br = await request.get('/', { headers: { 'Accept-Encoding': 'br' } });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  const gzip = await request.get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('API answers are compressed too', async ({ request }) => {
  const response = await request.get('/api/new-arrivals', {
    headers: { 'API-KEY': API_KEY, 'Accept-Encoding': 'br, gzip' },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect((await response.json()).success).toBe(true);
});

test('every page carries the security headers', async ({ request }) => {
  const headers = (await request.get('/')).headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('hashed assets are cached for a year, immutable', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const asset = html.match(/\/_astro\/[^"' )]+\.(css|js)/)?.[0];
  expect(asset, 'the home page links a hashed asset').toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('the API refuses a call without its key, through the server as well', async ({ request }) => {
  const response = await request.post('/api/store-info');
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ success: false, message: 'A valid API-KEY header is required' });
});

test('generated demo images are served', async ({ request }) => {
  const info = await (await request.post('/api/store-info', { headers: { 'API-KEY': API_KEY } })).json();
  const image: string = info.sub_category_list[0].image;
  const response = await request.get(image);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\//);
});
