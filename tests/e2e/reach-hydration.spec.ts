/**
 * Islands that load on the shopper's first reach (`client:reach`, decision
 * 029): on a fresh page, the first click, key or hover made while the island
 * is still loading works once it has loaded. Each test holds the island's
 * module until the shopper has acted, so the action surely comes first.
 */
import { expect, test, type Page } from '@playwright/test';
import { sizedProducts, guestLine, seedGuestCart } from './cart-steps.ts';
import { holdIsland, pageScriptsReady, signInThroughApi, verifiedAccount, watchCsp } from './helpers.ts';
import { apiPost } from './store-api.ts';

const header = (page: Page) => page.getByRole('banner');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const searchInput = (page: Page) => page.getByPlaceholder('Search for products, brands, categories...');

test('a click on search before it has loaded opens the dropdown, and a letter typed meanwhile is in the box', async ({ page }) => {
  const csp = watchCsp(page);
  const island = await holdIsland(page, 'SearchBox');
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Search products' }).click();
  await island.asked;
  await page.keyboard.type('k');
  island.release();

  await expect(searchInput(page)).toBeFocused();
  await expect(searchInput(page)).toHaveValue('k');
  await expect(header(page).getByRole('button', { name: 'Search products' })).toHaveAttribute('aria-expanded', 'true');
  // The click went to the hydrated button, not to the no-JavaScript link (#header-search).
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.hash === '');
  await page.keyboard.type('urta');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === 'kurta');
  expect(csp).toEqual([]);
});

test('Enter on the focused search link before it has loaded opens the dropdown with the box focused', async ({ page }) => {
  const island = await holdIsland(page, 'SearchBox');
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Search products' }).focus();
  await island.asked;
  await page.keyboard.press('Enter');
  island.release();
  await expect(searchInput(page)).toBeFocused();
});

test('ArrowDown on the Category link before it has loaded opens the dropdown with the first category focused', async ({ page, request }) => {
  const first = (await apiPost(request, '/store-info')).sub_category_list[0].name as string;
  const island = await holdIsland(page, 'CategoryMenu');
  await page.goto('/');
  const link = mainNav(page).getByRole('link', { name: 'Category', exact: true });
  await link.focus();
  await island.asked;
  await page.keyboard.press('ArrowDown');
  island.release();

  const list = mainNav(page).getByRole('list', { name: 'Categories' });
  await expect(list.getByRole('link', { name: first, exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(link).toBeFocused();
});

test('pointing at the Shop link before it has loaded opens the carousel once loaded', async ({ page }) => {
  const island = await holdIsland(page, 'ShopMenu');
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Shop', exact: true }).hover();
  await island.asked;
  island.release();
  await expect(page.getByRole('region', { name: 'Shop categories' })).toBeVisible();
});

test('a click on Cart before it has loaded opens the cart drawer, not the cart page', async ({ page }) => {
  const island = await holdIsland(page, 'CartButton');
  await page.goto('/');
  await header(page).getByRole('link', { name: 'Cart', exact: true }).click();
  await island.asked;
  island.release();

  const drawer = page.getByRole('dialog', { name: 'Cart(0)', exact: true });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await drawer.getByRole('button', { name: 'Close cart' }).click();
  await expect(header(page).getByRole('button', { name: 'Cart, 0 items' })).toBeFocused();
});

test('a press on Cart that began on the link and ends once the button has replaced it opens the cart drawer', async ({ page }) => {
  const island = await holdIsland(page, 'CartButton');
  await page.goto('/');
  const link = header(page).getByRole('link', { name: 'Cart', exact: true });
  const box = (await link.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await island.asked;
  island.release();
  // The button takes the link's place under the pressed mouse: Chromium sends no click for such a press.
  await expect(header(page).getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  await page.mouse.up();

  const drawer = page.getByRole('dialog', { name: 'Cart(0)', exact: true });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a signed-in shopper sees the account menu, and a cart with lines its count, after a reload without reaching for them', async ({ page, request }) => {
  const [first, second] = await sizedProducts(request);
  await page.goto('/categories');
  await signInThroughApi(page);
  await seedGuestCart(page, [guestLine(first!), guestLine(second!)]);
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
});

test('a toast kept by the previous page shows on a page where nothing was reached', async ({ page }) => {
  await page.goto('/categories');
  await pageScriptsReady(page);
  await page.evaluate(() =>
    sessionStorage.setItem('store-toasts', JSON.stringify([{ kind: 'success', message: 'Kept for this page', flow: 'account' }])),
  );
  await page.goto('/faq');
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Kept for this page')).toBeVisible();
});

test('Sign in pressed before the sign-in form has loaded signs the shopper in once it has', async ({ page, request }) => {
  const { email, password } = await verifiedAccount(request);
  const csp = watchCsp(page);
  const island = await holdIsland(page, 'SignInForm');
  await page.goto('/signin');
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await island.asked;
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  island.release();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Login successful.')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(csp).toEqual([]);
});

test('Enter in the forgot-password form before it has loaded sends the link once it has, with the address typed meanwhile', async ({ page }) => {
  const island = await holdIsland(page, 'ForgotPasswordForm');
  await page.goto('/forgot-password');
  const email = page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true });
  await email.fill('nobody-here@example.com');
  await island.asked;
  await email.press('Enter');
  island.release();

  await expect(page.getByRole('main').getByRole('status')).toContainText('Check your email');
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password' && url.search === '');
  await expect(email).toHaveValue('nobody-here@example.com');
});

test('an email typed and left before the sign-up form has loaded shows its message once it has', async ({ page }) => {
  const island = await holdIsland(page, 'SignUpForm');
  await page.goto('/signup');
  const email = page.getByRole('main').getByRole('textbox', { name: 'Email' });
  await email.pressSequentially('not-an');
  await island.asked;
  await page.keyboard.press('Tab');
  island.release();

  await expect(email).toHaveValue('not-an');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Must be a valid email address/);
});

test('the Mobile OTP tab clicked before the sign-in form has loaded opens once it has', async ({ page }) => {
  const island = await holdIsland(page, 'SignInForm');
  await page.goto('/signin');
  const tab = page.getByRole('tab', { name: 'Mobile OTP' });
  await tab.click();
  await island.asked;
  island.release();

  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('a tap on the menu button before it has loaded opens the menu dialog with its close button focused', async ({ page }) => {
    const island = await holdIsland(page, 'MobileMenu');
    await page.goto('/');
    await header(page).getByRole('link', { name: 'Open menu' }).tap();
    await island.asked;
    island.release();

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(page).toHaveURL((url) => url.hash === '');
  });
});
