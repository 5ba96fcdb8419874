import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiPost } from './store-api.ts';

test('a shopper goes from the home page to a category to a product', async ({ page, request }) => {
  const categories = (await apiPost(request, '/store-info')).sub_category_list as Array<{ id: number; name: string }>;
  const category = categories[0]!;
  const listing = await apiPost(request, '/get-products', { sub_category: String(category.id) });
  const first = listing.data.products.data[0] as { name: string; slug: string };

  await page.goto('/');
  await page.getByRole('region', { name: 'Shop by Category', exact: true }).getByRole('link', { name: category.name }).first().click();
  await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('categories') === category.name);
  await page.getByRole('link', { name: first.name }).first().click();
  await page.waitForURL(`**/products/${first.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
});

test('every product of the demo store is reachable from the home page without JavaScript', async ({ browser, request }) => {
  test.slow(); // the home page and every page of /shop, one after the other
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const total = (await apiPost(request, '/get-products', {})).data.products.total as number;
  const seen = new Set<string>();
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).first().click();
  // Each page is read once its address is the one clicked (a click alone does not wait for the new page).
  await expect(page).toHaveURL((url) => url.pathname === '/shop');
  for (let shown = 1; ; shown += 1) {
    const hrefs = await page.locator('main a[href^="/products/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    hrefs.forEach((href) => seen.add(href));
    const next = page.getByRole('link', { name: /next/i });
    if ((await next.count()) === 0) break;
    await next.first().click();
    await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('page') === String(shown + 1));
  }
  expect(seen.size).toBe(total);
  await context.close();
});

test('the home page has no serious or critical accessibility violations', async ({ page }) => {
  test.slow();
  await page.goto('/');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
