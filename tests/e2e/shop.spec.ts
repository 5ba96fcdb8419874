import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../src/lib/page-cache-control.ts';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPost } from './store-api.ts';
import { pageScriptsReady } from './helpers.ts';

interface Listing {
  names: string[];
  total: number;
  lastPage: number;
}

/** What the API lists for some get-products filters (the page must show the same). */
async function apiListing(request: APIRequestContext, filters: Record<string, unknown>, page = 1): Promise<Listing> {
  const body = await apiPost(request, `/get-products?page=${page}`, filters);
  const products = body.data.products;
  return { names: products.data.map((p: { name: string }) => p.name), total: products.total, lastPage: products.last_page };
}

async function categoryId(request: APIRequestContext, name: string): Promise<number> {
  const info = await apiPost(request, '/store-info');
  return info.sub_category_list.find((c: { name: string }) => c.name === name).id;
}

/** Product names shown in the results, in order. */
function shownNames(page: Page) {
  return page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 2 });
}

/** The page's module script enhances the form; module scripts have run once the DOM is loaded. */
async function filtersReady(page: Page) {
  await pageScriptsReady(page);
}

async function openShop(page: Page, path = '/shop') {
  await page.goto(path);
  await filtersReady(page);
}

/**
 * Stops the page's clock once the shop is open: the price boxes' pause
 * (PRICE_INPUT_DEBOUNCE_MS) then passes only when the test says so, not
 * whenever a busy machine is slow between two steps.
 */
async function openShopWithPausedClock(page: Page, path = '/shop') {
  await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
  await openShop(page, path);
  await page.clock.pauseAt(new Date('2026-01-01T11:00:00Z'));
}

/** Every /shop address the page loaded as a document, in order. */
function shopDocuments(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'document' && url.pathname === '/shop') seen.push(url.search);
  });
  return seen;
}

const cspViolations: string[] = [];
test.beforeEach(({ page }) => {
  cspViolations.length = 0;
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
test.afterEach(() => {
  expect(cspViolations, 'no CSP violations in the console').toEqual([]);
});

test('lists the first page of all products with a count and a sendable cache header', async ({ page, request }) => {
  const expected = await apiListing(request, {});
  const response = await page.goto('/shop');
  expect(response?.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(page.getByText(`Showing 1–12 of ${expected.total}`)).toBeVisible();
  await expect(shownNames(page)).toHaveText(expected.names);
});

test('choosing a category lists that category and puts its name in the URL', async ({ page, request }) => {
  const expected = await apiListing(request, { sub_category: [await categoryId(request, 'Shirts')] });
  await openShop(page);
  await page.getByRole('checkbox', { name: 'Shirts', exact: true }).check();
  await expect(page).toHaveURL(/\/shop\?categories=Shirts$/);
  await expect(shownNames(page)).toHaveText(expected.names);
  await expect(page.getByRole('checkbox', { name: 'Shirts', exact: true })).toBeChecked();
});

test('price range and sort change the results and the URL, and survive a reload', async ({ page, request }) => {
  const expected = await apiListing(request, { min_price: 500, max_price: 2000, sort_by: 'price_low_high' });
  await openShopWithPausedClock(page);
  await page.getByRole('spinbutton', { name: 'Min price' }).fill('500');
  await page.getByRole('spinbutton', { name: 'Max price' }).fill('2000');
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/min_price=500&max_price=2000/);
  await filtersReady(page);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/\/shop\?min_price=500&max_price=2000&sort=price_low_high$/);
  await expect(shownNames(page)).toHaveText(expected.names);

  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Min price' })).toHaveValue('500');
  await expect(page.getByRole('spinbutton', { name: 'Max price' })).toHaveValue('2000');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_low_high');
  await expect(shownNames(page)).toHaveText(expected.names);
});

test('a shopper who pauses after one price and goes on to the other loses nothing: both go in one reload', async ({ page }) => {
  const documents = shopDocuments(page);
  await openShopWithPausedClock(page);
  await page.getByRole('spinbutton', { name: 'Min price' }).fill('500');
  await page.getByRole('spinbutton', { name: 'Max price' }).focus();
  await page.clock.runFor(2000);
  await page.getByRole('spinbutton', { name: 'Max price' }).fill('1500');
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/shop\?min_price=500&max_price=1500$/);
  await expect(page.getByRole('spinbutton', { name: 'Max price' })).toHaveValue('1500');
  expect(documents).toEqual(['', '?min_price=500&max_price=1500']);
});

test('a price typed and then left for another control applies at once', async ({ page }) => {
  await openShopWithPausedClock(page);
  await page.getByRole('spinbutton', { name: 'Min price' }).fill('500');
  await page.getByRole('spinbutton', { name: 'Max price' }).focus();
  await page.clock.runFor(2000);
  await page.getByRole('spinbutton', { name: 'Max price' }).press('Tab');
  await expect(page).toHaveURL(/\/shop\?min_price=500$/);
  await expect(page.getByRole('spinbutton', { name: 'Min price' })).toHaveValue('500');
});

test('the size filter lists products sold in that size', async ({ page, request }) => {
  const expected = await apiListing(request, { size: ['M'] });
  await openShop(page);
  await page.getByRole('checkbox', { name: 'M', exact: true }).check();
  await expect(page).toHaveURL(/\/shop\?size=M$/);
  await expect(page.getByText(`of ${expected.total}`)).toBeVisible();
  await expect(shownNames(page)).toHaveText(expected.names);
});

test('a size ticked before the page scripts ran is applied once they start', async ({ page, request }) => {
  const expected = await apiListing(request, { size: ['M'] });
  // The instant-filter script is held until the box is ticked (on a slow phone it arrives after the first paint).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/shop\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not waiting for `load`: a held script inserted before it holds the load event too.
  await page.goto('/shop', { waitUntil: 'domcontentloaded' });
  await page.getByRole('checkbox', { name: 'M', exact: true }).check();
  // Ticked, and nothing applied it yet: the script that would is still held.
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(page).toHaveURL(/\/shop\?size=M$/);
  await expect(page.getByText(`of ${expected.total}`)).toBeVisible();
});

test('the in-stock filter hides sold-out products', async ({ page, request }) => {
  const expected = await apiListing(request, { in_stock: '1', sort_by: 'name_asc' });
  await openShop(page, '/shop?sort=name_asc');
  await page.getByRole('checkbox', { name: 'In stock' }).check();
  await expect(page).toHaveURL(/\/shop\?in_stock=1&sort=name_asc$/);
  await expect(shownNames(page)).toHaveText(expected.names);
  await expect(page.getByRole('region', { name: 'Products' }).getByText('Out of stock')).toHaveCount(0);
});

test('pagination goes to page 2 and back, keeping the other values', async ({ page, request }) => {
  const second = await apiListing(request, { sort_by: 'name_asc' }, 2);
  const first = await apiListing(request, { sort_by: 'name_asc' }, 1);
  await page.goto('/shop?sort=name_asc');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await pagination.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/shop\?sort=name_asc&page=2$/);
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Showing 13–24 of ${second.total}`)).toBeVisible();
  await expect(shownNames(page)).toHaveText(second.names);

  await pagination.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/shop\?sort=name_asc$/);
  await expect(shownNames(page)).toHaveText(first.names);
});

test('a page beyond the last shows the empty state with a link back to page 1', async ({ page }) => {
  await page.goto('/shop?sort=name_asc&page=500');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to page 1' }).click();
  await expect(page).toHaveURL(/\/shop\?sort=name_asc$/);
  await expect(shownNames(page).first()).toBeVisible();
});

test('searching via the URL shows the matching products', async ({ page, request }) => {
  const body = await apiPost(request, '/search-products', { search: 'shirt' });
  const names: string[] = body.data.products.data.map((p: { name: string }) => p.name);
  expect(names.length).toBeGreaterThan(0);
  await page.goto('/shop?search=%20shirt%20');
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “shirt”' })).toBeVisible();
  await expect(shownNames(page)).toHaveText(names);
  await expect(page.getByRole('link', { name: 'Clear search' })).toHaveAttribute('href', '/shop');
});

test('a search narrowed by a price range and sorted by price lists the matches cheapest first and keeps the search', async ({
  page,
  request,
}) => {
  const narrowed = { search: 'shirt', min_price: 500, max_price: 1500, sort_by: 'price_low_high' };
  const body = await apiPost(request, '/search-products', narrowed);
  const names: string[] = body.data.products.data.map((p: { name: string }) => p.name);
  const all = await apiPost(request, '/search-products', { search: 'shirt' });
  expect(names.length).toBeGreaterThan(0);
  expect(body.data.products.total).toBeLessThan(all.data.products.total);

  await openShopWithPausedClock(page, '/shop?search=shirt');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('spinbutton', { name: 'Min price' }).fill('500');
  await filters.getByRole('spinbutton', { name: 'Max price' }).fill('1500');
  await filters.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/\/shop\?search=shirt&min_price=500&max_price=1500&sort=price_low_high$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “shirt”' })).toBeVisible();
  await expect(shownNames(page)).toHaveText(names);
  await expect(filters.getByRole('spinbutton', { name: 'Min price' })).toHaveValue('500');
  await expect(filters.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price_low_high');
});

test('a search with no matches shows the empty state with a way out', async ({ page }) => {
  await page.goto('/shop?search=zzqxnomatch');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(page.getByText('Nothing matches “zzqxnomatch”')).toBeVisible();
  await page.getByRole('region', { name: 'Products' }).getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('bad URL values are ignored and the listing still renders', async ({ page, request }) => {
  const expected = await apiListing(request, {});
  await page.goto('/shop?min_price=abc&max_price=-5&page=-3&sort=cheapest&categories=NoSuchThing');
  await expect(shownNames(page)).toHaveText(expected.names);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
});

test('an API refusal shows the error state with a retry link, not a crash', async ({ page }) => {
  const response = await page.goto('/shop?search=%3C%3E%3C');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Failed to search products' })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', /search=/);
});

test('the shop page has no serious or critical accessibility violations', async ({ page }) => {
  await openShop(page, '/shop?categories=Shirts');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('ticking a filter checkbox keeps the shopper where they were on the page (SPEC §2)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await openShop(page);
  const size = page.getByRole('checkbox', { name: 'M', exact: true });
  await size.evaluate((box) => box.scrollIntoView({ block: 'center' }));
  const before = await page.evaluate(() => Math.round(window.scrollY));
  expect(before).toBeGreaterThan(100);
  await size.check();
  await expect(page).toHaveURL(/\/shop\?size=M$/);
  await filtersReady(page);
  await expect(page.getByRole('checkbox', { name: 'M', exact: true })).toBeChecked();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(before - 40);
  await expect(page.getByRole('checkbox', { name: 'M', exact: true })).toBeInViewport();
});
