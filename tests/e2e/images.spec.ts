import { expect, test } from '@playwright/test';

test('product images stop their spinner once loaded', async ({ page }) => {
  await page.goto('/');
  const first = page.locator('.lazy-image').first();
  await expect(first).toHaveAttribute('data-state', 'loaded');
  await expect(first.locator('.lazy-image-spinner')).toBeHidden();
});

test('an image that fails to load shows its alt text instead', async ({ page }) => {
  await page.route('**/media/products/**', (route) => route.abort());
  await page.goto('/');
  const first = page.getByRole('region', { name: 'New Arrivals' }).locator('.lazy-image').first();
  await expect(first).toHaveAttribute('data-state', 'error');
  const alt = await first.locator('img').getAttribute('alt');
  await expect(first.getByText(alt!, { exact: true })).toBeVisible();
});

test('the first row loads eagerly and the rest lazily', async ({ page }) => {
  await page.goto('/');
  const images = page.getByRole('region', { name: 'New Arrivals' }).locator('img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.last()).toHaveAttribute('loading', 'lazy');
});
