/**
 * A store brings its own catalogue (decision 066), as README's "Run your own
 * store" does it: a server process of the built product runs on a fresh, empty
 * store (SEED_DEMO=0), `npm run store -- set` names it (an empty store has no
 * settings, so no store info and no category list), and `npm run catalog --
 * import` (the real commands, other processes on the same SQLite file) imports
 * a Shopify export with a photo from `--images DIR`, and
 * the running server shows it without a restart: its page cache drops on the
 * catalogue version (decision 026) and it serves the imported image, re-encoded
 * to WebP, from the database (server/media-files.ts).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import sharp from 'sharp';
import { startServer, type ServerProcess } from './spawned-server.ts';

const run = promisify(execFile);

/** Shopify's current product CSV header (as in tests/api/catalog-import.test.ts). */
const HEADER =
  'Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Option2 name,Option2 value,Option3 name,Option3 value,Price,Compare-at price,Cost per item,Charge tax,Inventory tracker,Inventory quantity,Continue selling when out of stock,Weight value (grams),Weight unit for display,Requires shipping,Fulfillment service,Product image URL,Image position,Image alt text,Variant image URL,Gift card,SEO title,SEO description';
const COLUMNS = HEADER.split(',');

function row(values: Record<string, string>): string {
  return COLUMNS.map((column) => {
    const value = values[column] ?? '';
    return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');
}

const KURTA = 'Ajrakh Block Print Kurta';
const TOTE = 'Indigo Tote Bag';
const STORE_NAME = 'Kutch Crafts';
/** Madder red, a colour no placeholder or default image has. */
const MADDER = { r: 178, g: 34, b: 52 };

const SHOPIFY_FILE = [
  HEADER,
  row({
    Title: KURTA,
    'URL handle': 'ajrakh-block-print-kurta',
    Description: '<p>Hand block printed cotton, natural dyes.</p>',
    Vendor: 'Kutch Weavers',
    'Product category': 'Women > Ethnic Wear',
    'Published on online store': 'TRUE',
    Status: 'active',
    SKU: 'AJK-S',
    'Option1 name': 'Size',
    'Option1 value': 'S',
    Price: '1499.00',
    'Compare-at price': '1999.00',
    'Inventory quantity': '5',
    'Product image URL': 'ajrakh.png',
    'Image position': '1',
    'Image alt text': KURTA,
  }),
  row({ 'URL handle': 'ajrakh-block-print-kurta', SKU: 'AJK-M', 'Option1 value': 'M', Price: '1499.00', 'Compare-at price': '1999.00', 'Inventory quantity': '0' }),
  row({ 'URL handle': 'ajrakh-block-print-kurta', SKU: 'AJK-L', 'Option1 value': 'L', Price: '1499.00', 'Compare-at price': '1999.00', 'Inventory quantity': '2' }),
  row({
    Title: TOTE,
    'URL handle': 'indigo-tote-bag',
    Description: 'Indigo dyed canvas',
    Vendor: 'Kutch Weavers',
    'Product category': 'Accessories > Bags',
    'Published on online store': 'TRUE',
    Status: 'active',
    SKU: 'TOTE-1',
    'Option1 name': 'Title',
    'Option1 value': 'Default Title',
    Price: '799.00',
    'Inventory quantity': '0',
  }),
].join('\n');

test.describe.configure({ mode: 'serial' });

let server: ServerProcess;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalog-import-e2e-'));
  mkdirSync(join(dir, 'images'));
  writeFileSync(join(dir, 'products.csv'), SHOPIFY_FILE);
  await sharp({ create: { width: 600, height: 600, channels: 3, background: MADDER } })
    .png()
    .toFile(join(dir, 'images', 'ajrakh.png'));
  server = await startServer({ SEED_DEMO: '0' });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * The store's address: SITE_ORIGIN's default, http://localhost:PORT (README:
 * Configuration). Images are named absolute from it (MEDIA_BASE_URL's default),
 * so a page opened at 127.0.0.1 would ask another origin for them and its CSP
 * (img-src 'self') would refuse them.
 */
const store = () => `http://localhost:${server.port}`;

/** Every response the page received, by URL: what the server answered for each image the browser loaded. */
function recordResponses(page: Page): Map<string, Response> {
  const responses = new Map<string, Response>();
  page.on('response', (response) => responses.set(response.url(), response));
  return responses;
}

/** Waits until the image has loaded, then checks it is an imported one: a stored WebP the server answered 200 image/webp for, in our colour. */
async function expectImportedImage(image: Locator, responses: Map<string, Response>) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const loaded = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(new URL(loaded).pathname).toMatch(/^\/media\/products\/[0-9a-f]{16}-ajrakh-block-print-kurta-\d+\.webp$/);
  const response = responses.get(loaded);
  expect(response, `the page loaded ${loaded}`).toBeDefined();
  expect([response!.status(), response!.headers()['content-type']]).toEqual([200, 'image/webp']);
  const { channels } = await sharp(await response!.body()).stats();
  const mean = channels.slice(0, 3).map((channel) => Math.round(channel.mean));
  for (const [index, expected] of [MADDER.r, MADDER.g, MADDER.b].entries()) expect(Math.abs(mean[index]! - expected), `colour ${mean}`).toBeLessThan(10);
}

const productCard = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Products' }).getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name }) });

/** `npm run <script> -- ...` as the shopkeeper runs it: its own process, on the server's database. */
async function command(script: 'catalog' | 'store', ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [`scripts/${script}.ts`, ...args], { env: { ...process.env, DATABASE_URL: server.databaseUrl } });
  return stdout;
}

test('an empty store (SEED_DEMO=0) renders its pages, and /shop has no products before the import', async ({ page }) => {
  for (const path of ['/', '/categories', '/shop']) expect((await page.goto(`${store()}${path}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 2, name: 'No products found' })).toBeVisible();
  // The server keeps this page in its cache: the import must drop it (decision 026).
  expect((await page.reload())?.headers()['x-page-cache']).toBe('hit');
});

test('npm run store -- set names the store, and npm run catalog -- import imports the file and its photo', async () => {
  expect(await command('store', 'set', '--name', STORE_NAME, '--email', 'hello@kutchcrafts.in')).toContain(STORE_NAME);
  const imported = await command('catalog', 'import', join(dir, 'products.csv'), '--images', join(dir, 'images'));
  expect(imported).toMatch(/^Imported: 2 created, 0 updated, 0 unchanged, of 2 products, in [\d.]+ s\.$/m);
  expect(imported).toContain('Created category Ethnic Wear.');
  expect(imported).not.toMatch(/image|problem/i);
});

test('/shop lists the kurta at its price with the MRP struck through and its photo, and the tote as out of stock', async ({ page }) => {
  const responses = recordResponses(page);
  expect((await page.goto(`${store()}/shop`))?.headers()['x-page-cache']).toBe('miss');
  await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();

  const kurta = productCard(page, KURTA);
  await expect(kurta.getByText('Price: ₹1,499.00')).toBeVisible();
  const mrp = kurta.locator('s');
  await expect(mrp).toHaveText('Original price: ₹1,999.00');
  await expect(mrp).toHaveCSS('text-decoration-line', 'line-through');
  await expect(kurta.getByText('25% off')).toBeVisible();
  await expectImportedImage(kurta.getByRole('img', { name: KURTA }), responses);
  await expect(kurta.getByRole('button', { name: `Add to cart: ${KURTA}` })).toBeEnabled();
  await expect(kurta.getByRole('option', { name: 'M (sold out)' })).toBeDisabled();

  const tote = productCard(page, TOTE);
  await expect(tote.getByText('Out of stock')).toBeVisible();
  await expect(tote.getByText('Price: ₹799.00')).toBeVisible();
  await expect(tote.getByRole('button', { name: /add to cart/i })).toHaveCount(0);
});

test("the category 'Ethnic Wear' from /categories lists the kurta alone", async ({ page }) => {
  await page.goto(`${store()}/categories`);
  await page.getByRole('link', { name: 'Ethnic Wear' }).click();
  await expect(page).toHaveURL(/\/shop\?categories=Ethnic(\+|%20)Wear$/);
  await expect(page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 2 })).toHaveText([KURTA]);
});

test('the kurta page shows S and L at ₹1,499.00, M sold out, the MRP and the photo, with no axe violations', async ({ page }) => {
  const responses = recordResponses(page);
  await page.goto(`${store()}/shop`);
  await productCard(page, KURTA).getByRole('link', { name: KURTA }).click();
  await expect(page).toHaveURL(/\/products\/ajrakh-block-print-kurta$/);
  await expect(page.getByRole('heading', { level: 1, name: KURTA })).toBeVisible();
  await expect(page).toHaveTitle(`${KURTA} | ${STORE_NAME}`);

  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('radio')).toHaveCount(3);
  await expect(sizes.getByRole('radio', { name: 'S, ₹1,499.00', exact: true })).toBeEnabled();
  await expect(sizes.getByRole('radio', { name: 'M, sold out', exact: true })).toBeDisabled();
  await expect(sizes.getByRole('radio', { name: 'L, ₹1,499.00', exact: true })).toBeEnabled();
  await expect(sizes.getByText('sold out')).toBeVisible();

  const price = page.getByRole('status', { name: 'Price and stock' });
  await expect(price.getByText('Price: ₹1,499.00').filter({ visible: true })).toBeVisible();
  const mrp = price.locator('s').filter({ visible: true });
  await expect(mrp).toHaveText('Original price: ₹1,999.00');
  await expect(mrp).toHaveCSS('text-decoration-line', 'line-through');
  await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeEnabled();

  await expectImportedImage(page.getByRole('region', { name: 'Product images' }).getByRole('img', { name: KURTA }), responses);

  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the tote, sold without sizes and with no stock, shows as out of stock on its page', async ({ page }) => {
  await page.goto(`${store()}/shop`);
  await productCard(page, TOTE).getByRole('link', { name: TOTE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TOTE })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Size' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Price and stock' })).toContainText('Out of stock');
  await expect(page.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toHaveCount(0);
});
