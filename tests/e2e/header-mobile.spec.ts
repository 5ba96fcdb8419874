import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiPost } from './store-api.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

/** The hamburger: a link to the no-JavaScript drawer until reached (client:reach), then the button opening the dialog. */
const hamburgerOf = (page: Page) =>
  page.getByRole('button', { name: 'Open menu' }).or(page.getByRole('link', { name: 'Open menu' }));

test('the drawer opens, locks page scrolling, expands Category and closes', async ({ page, request }) => {
  const info = await apiPost(request, '/store-info');
  const names: string[] = info.sub_category_list.map((category: { name: string }) => category.name);
  await page.goto('/');
  const hamburger = hamburgerOf(page);
  await expect(hamburger).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  await hamburger.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  await expect(drawer.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(drawer.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
  await expect(drawer.getByRole('link', { name: 'Category', exact: true })).toHaveAttribute('href', '/categories');

  const categories = drawer.getByRole('list', { name: 'Categories' });
  await expect(categories).toBeHidden();
  await drawer.getByRole('button', { name: 'Show categories' }).click();
  await expect(categories.getByRole('link')).toHaveCount(names.length);
  await expect(categories.getByRole('link', { name: names[0], exact: true })).toHaveAttribute(
    'href',
    `/shop?${new URLSearchParams({ categories: names[0]! })}`,
  );

  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
  await expect(hamburger).toBeFocused();

  await hamburger.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(hamburger).toBeFocused();
});

test('a drawer link navigates', async ({ page }) => {
  await page.goto('/');
  await hamburgerOf(page).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop');
});

test('with JavaScript disabled the menu link shows the drawer and its links work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Open menu' }).click();
  const drawer = page.locator('#mobile-menu');
  await expect(drawer.getByRole('link', { name: 'Category', exact: true })).toBeVisible();
  await drawer.getByRole('link', { name: 'Category', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/categories');
  await context.close();
});

test('the small-screen header has no CSP violations and no serious accessibility violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/');
  await expect(hamburgerOf(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const serious = async () =>
    (await new AxeBuilder({ page }).include('header').analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await serious()).toEqual([]);

  await hamburgerOf(page).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await serious()).toEqual([]);
  expect(violations).toEqual([]);
});
