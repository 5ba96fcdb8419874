import { expect, test } from '@playwright/test';
import { apiPost, apiGet } from './store-api.ts';

test('home page shows the store name and the new arrivals from the API', async ({ page, request }) => {
  const info = await apiPost(request, '/store-info');
  const arrivals = await apiGet(request, '/new-arrivals');
  const storeName: string = info.storeinfo.store_name;
  const products: Array<{ name: string; slug: string }> = arrivals.data.products;
  expect(products.length).toBeGreaterThan(0);

  await page.goto('/');

  await expect(page).toHaveTitle(new RegExp(storeName));
  await expect(page.getByRole('banner').getByRole('link', { name: storeName }).first()).toBeVisible();
  const section = page.getByRole('region', { name: 'New Arrivals' });
  await expect(section.getByRole('heading', { name: 'New Arrivals' })).toBeVisible();
  for (const product of products.slice(0, 4)) {
    await expect(section.getByRole('link', { name: product.name }).first()).toHaveAttribute(
      'href',
      `/products/${product.slug}`,
    );
  }
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
});

test('home page reads and navigates with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'New Arrivals' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  await context.close();
});
