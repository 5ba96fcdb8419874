/**
 * SPEC §2 Header (profile button), Confirmation dialog (logout use); §4 Logout.
 * The shopper is signed in through the API; the header's menu and the dialog
 * are the subject here.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi, watchCsp } from './helpers.ts';
import { API_KEY } from './store-api.ts';

const LOGOUT_TEXT = "Are you sure you want to log out? You'll need to sign in again to access your account.";

/** Signs in on / and reloads, so the header hydrates signed in; resolves to the bearer token. */
async function signedInHome(page: Page): Promise<string> {
  await page.goto('/');
  const token = await signInThroughApi(page);
  await page.reload();
  await expect(accountButton(page)).toBeVisible();
  return token;
}

const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => header(page).getByRole('button', { name: 'Account menu' });
const logoutDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm Logout' });

async function storedAuthUser(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('store-state') ?? '{}').auth?.user ?? null);
}

async function askToLogout(page: Page) {
  await accountButton(page).click();
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(logoutDialog(page)).toBeVisible();
}

test('the HTML shows every visitor the Sign in link; a signed-in shopper gets the account menu once it hydrates', async ({ page }) => {
  const csp = watchCsp(page);
  await signedInHome(page);

  // The server's HTML does not depend on who asks (the page stays cacheable).
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('aria-label="Sign in"');
  expect(html).not.toContain('Account menu');
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  expect(csp).toEqual([]);
});

test('signed-in shopper opens the account menu and closes it with Escape or an outside click', async ({ page }) => {
  const csp = watchCsp(page);
  await signedInHome(page);
  const button = accountButton(page);
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const myAccount = header(page).getByRole('link', { name: 'My Account' });
  await expect(header(page).getByText('Hello, Asha')).toBeVisible();
  await expect(myAccount).toHaveAttribute('href', '/my-account/account');
  await expect(myAccount).toHaveAccessibleDescription('manage your profile');
  await expect(header(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-account/orders');
  await expect(header(page).getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(myAccount).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  await button.click();
  await expect(myAccount).toBeVisible();
  await page.getByRole('main').click({ position: { x: 10, y: 300 } });
  await expect(myAccount).toBeHidden();
  expect(csp).toEqual([]);
});

test('shopper can work the account menu from the keyboard and a chosen link closes it', async ({ page }) => {
  await signedInHome(page);
  await accountButton(page).focus();
  await page.keyboard.press('ArrowDown');
  const myAccount = header(page).getByRole('link', { name: 'My Account' });
  await expect(myAccount).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(header(page).getByRole('link', { name: 'My Orders' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(header(page).getByRole('button', { name: 'Logout' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(myAccount).toBeHidden();

  await accountButton(page).click();
  await myAccount.click();
  await expect(page).toHaveURL(/\/my-account\/account$/);
});

test('Cancel (or Escape) in the logout confirmation keeps the shopper signed in', async ({ page }) => {
  const csp = watchCsp(page);
  await signedInHome(page);

  await askToLogout(page);
  const dialog = logoutDialog(page);
  await expect(dialog).toHaveAccessibleDescription(LOGOUT_TEXT);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(accountButton(page)).toBeFocused();

  await askToLogout(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await expect(accountButton(page)).toBeVisible();
  expect(await storedAuthUser(page)).not.toBeNull();
  await page.reload();
  await expect(accountButton(page)).toBeVisible();
  expect(csp).toEqual([]);
});

test('shopper logs out: lands on /signin with Logout successful, signed out in the browser and on the server', async ({ page }) => {
  const csp = watchCsp(page);
  const token = await signedInHome(page);

  await askToLogout(page);
  await logoutDialog(page).getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Logout successful')).toBeVisible();
  expect(await storedAuthUser(page)).toBeNull();
  await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);

  await page.goto('/my-account/account');
  await expect(page).toHaveURL(/\/signin$/);

  const account = await page.request.get('/api/customer/account', {
    headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` },
  });
  expect(account.status()).toBe(401);
  expect(csp).toEqual([]);
});

const FAILURES = [
  { what: "the server's error", toast: 'Logout service unavailable', answer: { status: 500, json: { success: false, message: 'Logout service unavailable' } } },
  { what: 'no answer at all', toast: 'Logout failed', answer: null },
] as const;

for (const { what, toast, answer } of FAILURES) {
  test(`when the logout call gets ${what}, the shopper is still signed out here and told so`, async ({ page }) => {
    const csp = watchCsp(page);
    await signedInHome(page);
    await page.route('**/api/customer/logout', (route) => (answer ? route.fulfill(answer) : route.abort()));

    await askToLogout(page);
    await logoutDialog(page).getByRole('button', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText(toast, { exact: true })).toBeVisible();
    await expect(page.getByText('Logout successful')).toHaveCount(0);
    expect(await storedAuthUser(page)).toBeNull();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/my-account/orders');
    await expect(page).toHaveURL(/\/signin$/);
    expect(csp).toEqual([]);
  });
}

test('the open account menu and the logout dialog have no serious accessibility problems', async ({ page }) => {
  await signedInHome(page);
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

  await accountButton(page).click();
  await expect(header(page).getByRole('link', { name: 'My Account' })).toBeVisible();
  expect(await serious()).toEqual([]);

  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(logoutDialog(page)).toBeVisible();
  expect(await serious()).toEqual([]);
});
