/**
 * The page cache (decision 023): catalogue pages are kept and sent with a
 * public Cache-Control, a change to what they show (an order taking stock,
 * any write to the database, also from another process) drops them, and
 * personal pages are never kept. A server of its own, on a database this test
 * also writes to, as another process (the orders CLI, an import) would.
 */
import { get, type IncomingHttpHeaders } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createSession } from '../../api/auth/session.service.ts';
import { connect, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { insertCategory, insertCustomer, insertProducts, insertSeller, insertStoreSettings } from '../../api/db/seed/seed.repository.ts';
import { startServer, type ServerProcess } from './spawned-server.ts';
import { zstdDecode } from '../helpers/zstd-frames.ts';

const API_KEY = 'page-cache-key';
const SLUG = 'cached-kurta';
const PUBLIC = 'public, max-age=60, s-maxage=60, stale-while-revalidate=600';

// One server and database for the file, its tests in order.
test.describe.configure({ mode: 'default' });

let server: ServerProcess;
let store: StoreDatabase;
let productId: number;
let retailerId: number;

test.beforeAll(async () => {
  server = await startServer({ STORE_API_KEY: API_KEY });
  store = connect({ url: server.databaseUrl });
  await migrateToLatest(store.db);
  await insertStoreSettings(store.db, { store_name: 'Cache Test Store' });
  const categoryId = await insertCategory(store.db, { name: 'Kurtas', slug: 'kurtas', parent_id: null });
  retailerId = await insertSeller(store.db, 'retailer', 'Cache Retail');
  [productId] = (await insertProducts(store.db, [
    {
      sku: 'CACHE-1', name: 'Cached Kurta', slug: SLUG, description: '', tags: '', category_id: null,
      sub_category_id: categoryId, category_name: 'Kurtas', retailer_id: retailerId, wholesaler_id: null,
      cover_image: '', product_images: '', created_at: new Date().toISOString(),
      variants: [{ product_variation: 'M', old_price: 500_00, price: 500_00, final_price: 500_00, stock: 3 }],
    },
  ])) as [number];
});

test.afterAll(async () => {
  await store?.close();
  await server?.stop();
});

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(server.origin + path);
  expect(response.status()).toBe(200);
  return { text: await response.text(), cache: response.headers()['x-page-cache'], cacheControl: response.headers()['cache-control'] };
}

test('a product page is kept and sent with the public Cache-Control a CDN follows', async ({ request }) => {
  const first = await page(request, `/products/${SLUG}`);
  expect(first.cacheControl).toBe(PUBLIC);
  const second = await page(request, `/products/${SLUG}`);
  expect(second.cache).toBe('hit');
  expect(second.cacheControl).toBe(PUBLIC);
  expect(second.text).toBe(first.text);
});

test('a kept page stays whole when compressed for a client taking zstd alone, again and again', async ({ request }) => {
  const kept = await page(request, `/products/${SLUG}`);
  expect((await page(request, `/products/${SLUG}`)).cache).toBe('hit');
  // The cache has brotli and gzip copies only: its own page is compressed on the way out, on the worker's thread.
  for (let i = 0; i < 3; i += 1) {
    const zstd = await rawGet(`/products/${SLUG}`, 'zstd');
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zstd.headers['x-page-cache']).toBe('hit');
    expect(zstdDecode(zstd.body).toString('utf8')).toBe(kept.text);
  }
  expect((await page(request, `/products/${SLUG}`)).text).toBe(kept.text);
});

function rawGet(path: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(server.origin + path, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('a kept product page shows the new stock once an order takes it', async ({ request }) => {
  await page(request, `/products/${SLUG}`);
  const before = await page(request, `/products/${SLUG}`);
  expect(before.cache).toBe('hit');
  expect(before.text).not.toContain('Only 2 left');

  const email = 'cache-shopper@example.com';
  const customerId = await insertCustomer(store.db, { firstname: 'Cache', lastname: 'Shopper', email, phone_number: '9811122233', email_verified_at: new Date().toISOString() });
  const token = await createSession(store.db, customerId);
  const order = await request.post(`${server.origin}/api/checkout`, {
    headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}`, 'Idempotency-Key': 'cache-order-1' },
    data: {
      firstname: 'Cache', lastname: 'Shopper', email, phone_number: '9811122233', payment_method: 'cod',
      address: '1 Test Road', pincode: '400050', city: 'Mumbai Suburban', state: 'Maharashtra',
      products: [{ retailer_id: retailerId, retailer_product_id: productId, quantity: 1, final_amount: '500.00', product_variation: 'M' }],
    },
  });
  expect(order.status(), await order.text()).toBe(200);

  const after = await page(request, `/products/${SLUG}`);
  expect(after.cache).toBe('miss');
  expect(after.text).toContain('Only 2 left');
});

test('a change another process writes to the database drops the kept pages', async ({ request }) => {
  await page(request, '/shop');
  expect((await page(request, '/shop')).cache).toBe('hit');
  // As the orders CLI or an import would: straight to the database, not through this server.
  await store.db.updateTable('products').set({ name: 'Renamed Kurta' }).where('id', '=', productId).execute();
  const after = await page(request, '/shop');
  expect(after.cache).toBe('miss');
  expect(after.text).toContain('Renamed Kurta');
});

test('personal pages are never kept: the cart and the guarded routes send private, no-store', async ({ request }) => {
  for (const path of ['/cart', '/signin']) {
    await request.get(server.origin + path);
    const again = await request.get(server.origin + path, { maxRedirects: 0 });
    expect(again.headers()['x-page-cache'], path).toBeUndefined();
    expect(again.headers()['cache-control'] ?? '', path).not.toContain('public');
  }
});

test('PAGE_CACHE=off renders every request but still sends the public Cache-Control', async ({ request }) => {
  const uncached = await startServer({ STORE_API_KEY: API_KEY, PAGE_CACHE: 'off' });
  try {
    for (let i = 0; i < 2; i += 1) {
      const response = await request.get(`${uncached.origin}/`);
      expect(response.headers()['x-page-cache']).toBe('miss');
      expect(response.headers()['cache-control']).toBe(PUBLIC);
    }
  } finally {
    await uncached.stop();
  }
});
