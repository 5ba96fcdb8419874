import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function expectNotFoundPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('main').getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
}

test('an unknown path lands on /404 showing the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all?x=1');
  await expect(page).toHaveURL(/\/404$/);
  expect(response?.status()).toBe(404);
  await expectNotFoundPage(page);
});

test('an unknown path answers a 302 redirect to /404', async ({ request }) => {
  const response = await request.get('/definitely-missing', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe('/404');
});

test('/not-found shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/not-found');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/not-found$/);
  await expectNotFoundPage(page);
});

test('the not-found page links back home', async ({ page }) => {
  await page.goto('/404');
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a missing built asset answers 404 rather than redirecting to a page', async ({ request }) => {
  const response = await request.get('/_astro/missing-file.js', { maxRedirects: 0 });
  expect(response.status()).toBe(404);
});

test('the 404 page has no serious or critical accessibility violations', async ({ page }) => {
  test.slow(); // axe takes 5-15 s on a busy 2-core machine
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
