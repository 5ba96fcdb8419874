import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiPost } from './store-api.ts';

async function apiNames(request: APIRequestContext, filters: Record<string, unknown>, page = 1): Promise<string[]> {
  const body = await apiPost(request, `/get-products?page=${page}`, filters);
  return body.data.products.data.map((p: { name: string }) => p.name);
}

function shownNames(page: Page) {
  return page.getByRole('region', { name: 'Products' }).getByRole('heading', { level: 2 });
}

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

test('without JavaScript, submitting the filter form filters the listing', async ({ browser, request }) => {
  const info = await apiPost(request, '/store-info');
  const id = info.sub_category_list.find((c: { name: string }) => c.name === 'Denims').id;
  const expected = await apiNames(request, { sub_category: [id], in_stock: '1' });
  const page = await noJsPage(browser);
  await page.goto('/shop');
  await page.getByRole('checkbox', { name: 'Denims', exact: true }).check();
  await page.getByRole('checkbox', { name: 'In stock' }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/categories=Denims/);
  await expect(page).toHaveURL(/in_stock=1/);
  await expect(shownNames(page)).toHaveText(expected);
  await expect(page.getByRole('checkbox', { name: 'Denims', exact: true })).toBeChecked();
  await page.context().close();
});

test('without JavaScript, changing the sort and applying re-orders the listing', async ({ browser, request }) => {
  const expected = await apiNames(request, { sort_by: 'price_high_low' });
  const page = await noJsPage(browser);
  await page.goto('/shop');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/sort=price_high_low/);
  await expect(shownNames(page)).toHaveText(expected);
  await page.context().close();
});

test('without JavaScript, pagination links move between pages', async ({ browser, request }) => {
  const second = await apiNames(request, { sort_by: 'price_high_low' }, 2);
  const third = await apiNames(request, { sort_by: 'price_high_low' }, 3);
  const page = await noJsPage(browser);
  await page.goto('/shop?sort=price_high_low');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/shop\?sort=price_high_low&page=2$/);
  await expect(shownNames(page)).toHaveText(second);
  await pagination.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=3$/);
  await expect(pagination.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  await expect(shownNames(page)).toHaveText(third);
  await page.context().close();
});

test('without JavaScript, a search with no matches shows the empty state', async ({ browser }) => {
  const page = await noJsPage(browser);
  await page.goto('/shop?search=zzqxnomatch');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await page.context().close();
});

test('without JavaScript, a search narrowed by a price range and sorted by price keeps the search', async ({
  browser,
  request,
}) => {
  const body = await apiPost(request, '/search-products', {
    search: 'shirt',
    min_price: 500,
    max_price: 1500,
    sort_by: 'price_low_high',
  });
  const expected: string[] = body.data.products.data.map((p: { name: string }) => p.name);
  expect(expected.length).toBeGreaterThan(0);
  const page = await noJsPage(browser);
  await page.goto('/shop?search=shirt');
  await page.getByRole('spinbutton', { name: 'Min price' }).fill('500');
  await page.getByRole('spinbutton', { name: 'Max price' }).fill('1500');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/[?&]search=shirt(&|$)/);
  await expect(page).toHaveURL(/min_price=500&max_price=1500/);
  await expect(page).toHaveURL(/sort=price_low_high/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “shirt”' })).toBeVisible();
  await expect(shownNames(page)).toHaveText(expected);
  await page.context().close();
});
