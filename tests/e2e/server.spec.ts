import http from 'node:http';
import { expect, test } from '@playwright/test';
import { BROWSER_ACCEPT_ENCODING } from '../helpers/browser-encodings.ts';
import { zstdDecode, zstdFrames } from '../helpers/zstd-frames.ts';
import { API_KEY } from './store-api.ts';

/** A GET as a browser sends it, the body left as it came (Playwright's client does not read zstd). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const port = Number(new URL(test.info().project.use.baseURL!).port);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

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

test('a page rendered for the request and an API answer go out in zstd to a browser that lists it', async () => {
  const page = await rawGet('/cart', { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING });
  expect(page.headers['content-encoding']).toBe('zstd');
  expect(page.headers['vary']).toMatch(/Accept-Encoding/i);
  expect(Number(page.headers['content-length'])).toBe(page.body.length);
  const html = zstdDecode(page.body).toString('utf8');
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain('</html>');
  // What comes before the stylesheet, the stylesheet compressed once, and the rest of the page (decision 061).
  const frames = zstdFrames(page.body);
  expect(frames).toHaveLength(3);
  const stylesheet = zstdDecode(frames[1]!).toString('utf8');
  expect(stylesheet.startsWith('<style>')).toBe(true);
  expect(stylesheet.indexOf('</style>')).toBe(stylesheet.length - '</style>'.length);

  const answer = await rawGet('/api/new-arrivals', { 'API-KEY': API_KEY, 'Accept-Encoding': BROWSER_ACCEPT_ENCODING });
  expect(answer.headers['content-encoding']).toBe('zstd');
  expect(JSON.parse(zstdDecode(answer.body).toString('utf8')).success).toBe(true);
});

test('the browser shows a page sent in zstd frames whole: styled, down to its footer', async ({ page }) => {
  const response = await page.goto('/cart');
  expect(response?.headers()['content-encoding']).toBe('zstd');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // The stylesheet's own frame, applied: Tailwind's `flex` on the body.
  expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
});

test('a browser that rates brotli above zstd gets brotli, and scripts keep brotli', async ({ request }) => {
  const page = await rawGet('/cart', { 'Accept-Encoding': 'zstd;q=0.5, br' });
  expect(page.headers['content-encoding']).toBe('br');
  const html = await (await request.get('/')).text();
  const script = html.match(/\/_astro\/[^"' )]+\.js/)?.[0];
  expect(script, 'the home page loads a script').toBeTruthy();
  expect((await rawGet(script!, { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING })).headers['content-encoding']).toBe('br');
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

/** A raw HTTP/1.1 call, so the test controls framing (no Content-Length, chunked bodies). */
function rawPost(path: string, headers: Record<string, string>, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const port = Number(new URL(test.info().project.use.baseURL!).port);
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

test('the API answers a POST with no body and no Content-Length', async () => {
  const res = await rawPost('/api/store-info', { 'API-KEY': API_KEY }, []);
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body).success).toBe(true);
});

test('the API reads a chunked JSON body', async () => {
  const res = await rawPost(
    '/api/search-products',
    { 'API-KEY': API_KEY, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    ['{"search":', '"shirt"}'],
  );
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body).data.products.total).toBeGreaterThan(0);
});

test('a chunked body over 64 KiB is refused with 413', async () => {
  const big = JSON.stringify({ search: 'x'.repeat(70 * 1024) });
  const res = await rawPost(
    '/api/search-products',
    { 'API-KEY': API_KEY, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
    [big.slice(0, 40_000), big.slice(40_000)],
  );
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body).success).toBe(false);
});

test('pages carry a CSP with script hashes and the frame, plugin and base rules', async ({ request }) => {
  const csp = (await request.get('/')).headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).toMatch(/style-src 'self' 'sha256-/);
  expect(csp).not.toContain('unsafe-inline');
});

test('the home page loads without a CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
