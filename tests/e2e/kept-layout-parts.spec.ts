/**
 * The header and footer are rendered once per what they show and written into
 * every page after (decision 058), also with the page cache off. Each page
 * must still come out whole: one hydration script, no id twice, and a header
 * that follows the store's settings and categories as soon as they change.
 * A server of its own with PAGE_CACHE=off, on a database this test writes to
 * as the store's admin tools would.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { connect, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { insertCategory, insertProducts, insertSeller, insertStoreSettings } from '../../api/db/seed/seed.repository.ts';
import { startServer, type ServerProcess } from './spawned-server.ts';

const API_KEY = 'kept-parts-key';
const SLUG = 'kept-kurta';
/** The layout's own islands: the header's six, the cart drawer and the toaster. */
const LAYOUT_ISLANDS = ['MobileMenu', 'CategoryMenu', 'ShopMenu', 'SearchBox', 'ProfileMenu', 'CartButton', 'CartDrawer', 'AppToaster'];

test.describe.configure({ mode: 'default' });

let server: ServerProcess;
let store: StoreDatabase;

test.beforeAll(async () => {
  server = await startServer({ STORE_API_KEY: API_KEY, PAGE_CACHE: 'off' });
  store = connect({ url: server.databaseUrl });
  await migrateToLatest(store.db);
  await insertStoreSettings(store.db, { store_name: 'Kept Parts Store' });
  const categoryId = await insertCategory(store.db, { name: 'Kurtas', slug: 'kurtas', parent_id: null });
  const retailerId = await insertSeller(store.db, 'retailer', 'Kept Retail');
  await insertProducts(store.db, [
    {
      sku: 'KEPT-1', name: 'Kept Kurta', slug: SLUG, description: '', tags: '', category_id: null,
      sub_category_id: categoryId, category_name: 'Kurtas', retailer_id: retailerId, wholesaler_id: null,
      cover_image: '', product_images: '', created_at: new Date().toISOString(),
      variants: [{ product_variation: 'M', old_price: 500_00, price: 500_00, final_price: 500_00, stock: 3 }],
    },
  ]);
});

test.afterAll(async () => {
  await store?.close();
  await server?.stop();
});

async function html(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(server.origin + path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['x-page-cache'], path).toBe('miss');
  return response.text();
}

const count = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].length;

test('every render of a page carries the whole header and footer, one hydration script and no id twice', async ({ request }) => {
  for (const path of ['/', '/shop', `/products/${SLUG}`, '/faq', '/shop?search=kurta']) {
    // The first render of a part keeps it, the second is written from what was kept.
    for (const render of ['first', 'second']) {
      const page = await html(request, path);
      const where = `${path}, ${render} render`;
      expect(count(page, /customElements\.define\("astro-island"/g), where).toBe(1);
      for (const island of LAYOUT_ISLANDS) {
        expect(count(page, new RegExp(`<astro-island[^>]*component-url="[^"]*/${island}\\.`, 'g')), `${where}: ${island}`).toBe(1);
      }
      const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index), where).toEqual([]);
      const prefixes = [...page.matchAll(/<astro-island[^>]*\sprefix="([^"]+)"/g)].map((match) => match[1]);
      expect(new Set(prefixes).size, where).toBe(prefixes.length);
      expect(page, where).toContain('Welcome to Kept Parts Store');
      expect(page, where).toMatch(/&copy; \d{4} Kept Parts Store/);
    }
  }
});

test('the header marks the section shown and keeps the text searched on /shop', async ({ request }) => {
  const home = await html(request, '/');
  expect(home).toMatch(/<a href="\/" aria-current="page"/);
  const shop = await html(request, '/shop?search=blue%20kurta');
  expect(shop).not.toMatch(/<a href="\/" aria-current="page"/);
  expect(shop).toContain('value="blue kurta"');
  expect(await html(request, '/shop')).not.toContain('value="blue kurta"');
});

test("a new store name and a new category show in the header and footer of the next render", async ({ request }) => {
  expect(await html(request, '/faq')).toContain('Welcome to Kept Parts Store');
  // As the store's admin tools would: straight to the database, not through this server.
  await store.db.updateTable('store_settings').set({ store_name: 'Renamed Parts Store' }).where('id', '=', 1).execute();
  await insertCategory(store.db, { name: 'Dupattas', slug: 'dupattas', parent_id: null });
  const page = await html(request, '/faq');
  expect(page).toContain('Welcome to Renamed Parts Store');
  expect(page).toMatch(/&copy; \d{4} Renamed Parts Store/);
  expect(page).toContain('&quot;name&quot;:&quot;Dupattas&quot;');
  expect(page).not.toContain('Kept Parts Store');
});
