import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiPost } from './store-api.ts';

interface Category {
  id: number;
  name: string;
}

async function categoriesFromApi(request: Parameters<typeof apiPost>[0]): Promise<Category[]> {
  const info = await apiPost(request, '/store-info');
  const categories: Category[] = info.sub_category_list;
  expect(categories.length).toBeGreaterThan(0);
  return categories;
}

test('the categories page lists every category from the store, each linking to the shop filtered by it', async ({
  page,
  request,
}) => {
  const categories = await categoriesFromApi(request);
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

  const tiles = page.getByRole('main').getByRole('listitem');
  await expect(tiles).toHaveCount(categories.length);
  for (const category of categories) {
    const link = page.getByRole('main').getByRole('link', { name: category.name, exact: true });
    const href = await link.getAttribute('href');
    const target = new URL(href ?? '', page.url());
    expect(target.pathname).toBe('/shop');
    expect(target.searchParams.get('categories')).toBe(category.name);
  }
});

test('choosing a category tile goes to /shop?categories=<name>', async ({ page, request }) => {
  // A name with an apostrophe when there is one, to check the encoding round trip.
  const categories = await categoriesFromApi(request);
  const category = categories.find((c) => c.name.includes("'")) ?? categories[0]!;
  await page.goto('/categories');

  const navigation = page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/shop',
  );
  await page.getByRole('main').getByRole('link', { name: category.name, exact: true }).click();
  const target = new URL((await navigation).url());
  expect(target.searchParams.get('categories')).toBe(category.name);
});

test('the first row of category images loads at once and the rest lazily', async ({ page }) => {
  await page.goto('/categories');
  const images = page.getByRole('main').locator('img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.last()).toHaveAttribute('data-lazy', '');
});

test('the categories page has no serious or critical accessibility violations', async ({ page }) => {
  test.slow(); // axe takes 5-15 s on a busy 2-core machine
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('the categories page works with JavaScript disabled', async ({ browser, request }) => {
  const categories = await categoriesFromApi(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/categories');
  await expect(page.getByRole('main').getByRole('link', { name: categories[0]!.name, exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(categories.length);
  await context.close();
});
