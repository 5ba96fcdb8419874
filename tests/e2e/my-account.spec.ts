/**
 * My Account (SPEC §2 /my-account/{section}, §5 Profile edit and Change
 * password, §7 account-details and reset-password). Tests that change a name
 * or a password use a fresh, verified account so the demo shoppers stay as
 * they are for every other spec.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { confirmEmailFromLink, expectMessage } from './auth-steps.ts';
import { DEMO_SHOPPER, latestMail, signInThroughApi, verifiedAccount, watchCsp } from './helpers.ts';
import { API_KEY, apiPost } from './store-api.ts';
import { ampleSize, placeOrder } from './my-orders-steps.ts';
import { formatRupees } from '../../src/lib/money.ts';

// The store API's own messages (api/customer/customer.service.ts ACCOUNT_MESSAGES).
const DETAILS_UPDATED = 'Account details updated successfully';
const PASSWORD_CHANGED = 'Password changed successfully';
const OLD_PASSWORD_INCORRECT = 'Old password is incorrect';
const EMAIL_CHANGE_REQUESTED = 'We sent a link to your new email address. Your email changes once you open it.';

type Shopper = Awaited<ReturnType<typeof verifiedAccount>>;

/** A new account of its own, with a first password of its own. */
const freshShopper = (request: APIRequestContext) => verifiedAccount(request, 'First@123');

async function loginStatus(request: APIRequestContext, email: string, password: string): Promise<number> {
  const response = await request.post('/api/customer/login', { headers: { 'API-KEY': API_KEY }, data: { email, password } });
  return response.status();
}

async function accountStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/customer/account', {
    headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` },
  });
  return response.status();
}

/** Signs in without the form and opens /my-account/{section}. */
async function openAccount(page: Page, shopper: Pick<Shopper, 'email' | 'password'> = DEMO_SHOPPER, section = 'account') {
  await page.goto('/');
  const token = await signInThroughApi(page, shopper.email, shopper.password);
  await page.goto(`/my-account/${section}`);
  return token;
}

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** The islands hydrate on idle: their submit buttons are enabled only then. */
async function waitForForms(page: Page) {
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Change email' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeEnabled();
}

test('a signed-in shopper sees their profile with the account navigation', async ({ page }) => {
  const token = await openAccount(page);
  const account = await (
    await page.request.get('/api/customer/account', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } })
  ).json();

  await expect(page).toHaveTitle(/^My Account \| /);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(accountNav(page).getByRole('link', { name: /My Account/ })).toHaveAttribute('aria-current', 'page');
  await expect(accountNav(page).getByRole('link', { name: /My Account/ })).toContainText('manage your profile');
  await expect(accountNav(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-account/orders');
  await expect(accountNav(page).getByRole('link', { name: 'My Orders' })).not.toHaveAttribute('aria-current');

  await expect(page.getByLabel('First name')).toHaveValue(account.data.firstname);
  await expect(page.getByLabel('Last name')).toHaveValue(account.data.lastname);
  const profile = page.getByRole('region', { name: 'Your profile' });
  await expect(profile.getByText(DEMO_SHOPPER.email, { exact: true })).toBeVisible();
  await expect(profile.getByText(DEMO_SHOPPER.phone, { exact: true })).toBeVisible();
});

test('a shopper changes their names and sees them after a reload', async ({ page, request }) => {
  const shopper = await freshShopper(request);
  await openAccount(page, shopper);
  await waitForForms(page);

  await page.getByLabel('First name').fill('  Meera ');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, DETAILS_UPDATED)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Meera');

  // SPEC §4 Customer record: the stored customer takes the names and keeps the rest.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('store-state') ?? '{}').auth.user.customer);
  expect(stored).toMatchObject({ firstname: 'Meera', lastname: 'Iyer', email: shopper.email, phone_number: shopper.phone });

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Meera');
  await expect(page.getByLabel('Last name')).toHaveValue('Iyer');
});

test('the name fields show the name rules and nothing is saved while they fail', async ({ page }) => {
  await openAccount(page);
  await waitForForms(page);
  const first = page.getByLabel('First name');
  const last = page.getByLabel('Last name');

  await first.fill('');
  await first.blur();
  await expect(page.getByRole('alert').filter({ hasText: 'This field is required' })).toBeVisible();
  await expect(first).toHaveAttribute('aria-invalid', 'true');

  await first.fill('A');
  await expect(page.getByText('Must be at least 2 characters', { exact: true })).toBeVisible();

  await last.fill('x'.repeat(51));
  await last.blur();
  await expect(page.getByText('Cannot exceed 50 characters', { exact: true })).toBeVisible();

  let posted = false;
  page.on('request', (req) => {
    if (req.url().includes('/api/customer/account-details')) posted = true;
  });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Must be at least 2 characters', { exact: true })).toBeVisible();
  expect(posted).toBe(false);
});

test('the change-password form shows the password rules for bad input', async ({ page }) => {
  await openAccount(page);
  await waitForForms(page);
  const form = page.getByRole('form', { name: 'Change password' });

  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Old password is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Password is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Confirm password is required', { exact: true })).toBeVisible();

  await form.getByLabel('Old password').fill('abc');
  await expect(form.getByText('Old password must be at least 6 characters', { exact: true })).toBeVisible();
  await form.getByLabel('New password').fill('abc');
  await expect(form.getByText('Password must be at least 6 characters', { exact: true })).toBeVisible();
  await form.getByLabel('New password').fill('longenough');
  await expect(form.getByText('Must contain at least one special character', { exact: true })).toBeVisible();
  await form.getByLabel('New password').fill('Newpass@1');
  await form.getByLabel('Confirm password').fill('Newpass@2');
  await expect(form.getByText('Passwords must match', { exact: true })).toBeVisible();
  await form.getByLabel('Confirm password').fill('Newpass@1');
  await expect(form.getByText('Passwords must match', { exact: true })).toBeHidden();
  // Each message goes as soon as its field is fixed, not at the next blur.
  await form.getByLabel('Old password').fill('abcdef');
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test('a message left from an earlier field goes as soon as the field is filled in', async ({ page }) => {
  await openAccount(page);
  await waitForForms(page);
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Confirm password').focus();
  await form.getByLabel('Confirm password').blur();
  await expect(form.getByText('Confirm password is required', { exact: true })).toBeVisible();
  await form.getByLabel('New password').fill('Newpass@1');
  await form.getByLabel('Confirm password').fill('Newpass@1');
  await expect(form.getByText('Confirm password is required', { exact: true })).toBeHidden();
  await expect(form.getByRole('alert')).toHaveCount(0);
});

test('a shopper changes their password with the old one and stays signed in here; other sessions end', async ({ page, request }) => {
  const shopper = await freshShopper(request);
  const otherDevice = (await apiPost(request, '/customer/login', { email: shopper.email, password: shopper.password })).data.token;
  const thisDevice = await openAccount(page, shopper);
  await waitForForms(page);
  const form = page.getByRole('form', { name: 'Change password' });
  const newPassword = 'Second@456';

  await form.getByLabel('Old password').fill('Wrong@123');
  await form.getByLabel('New password').fill(newPassword);
  await form.getByLabel('Confirm password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, OLD_PASSWORD_INCORRECT)).toBeVisible();
  await expect(form.getByLabel('New password')).toHaveValue(newPassword);

  await form.getByLabel('Old password').fill(shopper.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, PASSWORD_CHANGED)).toBeVisible();
  await expect(form.getByLabel('Old password')).toHaveValue('');
  await expect(form.getByLabel('New password')).toHaveValue('');
  await expect(form.getByLabel('Confirm password')).toHaveValue('');

  // This device keeps its session: a reload stays on the guarded page, its token still works.
  await page.reload();
  await expect(page).toHaveURL(/\/my-account\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  expect(await accountStatus(request, thisDevice)).toBe(200);
  // Every other session of the account ends.
  expect(await accountStatus(request, otherDevice)).toBe(401);

  expect(await loginStatus(request, shopper.email, newPassword)).toBe(200);
  expect(await loginStatus(request, shopper.email, shopper.password)).toBe(401);
});

test('a shopper changes their email with the password: the old address is told and kept until the new one is confirmed', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  await openAccount(page, shopper);
  await waitForForms(page);
  const form = page.getByRole('form', { name: 'Change email' });
  await expect(form.getByRole('button', { name: 'Change email' })).toBeEnabled();
  const next = `moved.${shopper.email}`;

  await form.getByLabel('New email').fill(next);
  await form.getByLabel('Current password').fill('Wrong@123');
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(toast(page, 'Password is incorrect')).toBeVisible();
  await expectMessage(form.getByLabel('Current password'), 'Password is incorrect');

  await form.getByLabel('Current password').fill(shopper.password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(toast(page, EMAIL_CHANGE_REQUESTED)).toBeVisible();
  await expect(form.getByRole('status')).toContainText(`We sent a link to ${next}`);

  const notice = await latestMail(shopper.email, /about to change/);
  expect(notice.text).toContain(next);
  // Until the link is opened the account keeps its address.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your profile' }).getByText(shopper.email, { exact: true })).toBeVisible();
  expect(await loginStatus(request, shopper.email, shopper.password)).toBe(200);

  const link = (await latestMail(next, /Confirm your new email/)).links[0]!;
  await confirmEmailFromLink(page, link);
  expect(await loginStatus(request, next, shopper.password)).toBe(200);
  expect(await loginStatus(request, shopper.email, shopper.password)).toBe(401);
});

test('My Orders says there are none yet, then lists an order the shopper placed with its number and total', async ({ page, request }) => {
  const shopper = await freshShopper(request);
  await openAccount(page, shopper, 'orders');
  await expect(page).toHaveTitle(/^My Orders \| /);
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(accountNav(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();

  const { product, size } = await ampleSize(request);
  const orderNumber = await placeOrder(request, shopper, product, size);
  await page.reload();
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: `Order ${orderNumber}` });
  await expect(line).toContainText(product.name);
  await expect(line).toContainText('Order Has Been Placed');
  await expect(line).toContainText(formatRupees(size.final_price));
});

test('another section name under /my-account goes to /404', async ({ page }) => {
  await page.goto('/');
  await signInThroughApi(page);
  const response = await page.goto('/my-account/anything-else');
  await expect(page).toHaveURL(/\/404$/);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a signed-out visitor to My Account is sent to /signin', async ({ page }) => {
  const response = await page.goto('/my-account/account');
  // Followed back through the redirects: the first hop is /signin (whatever /signin itself does).
  const hops: string[] = [];
  for (let req = response?.request() ?? null; req; req = req.redirectedFrom()) hops.unshift(new URL(req.url()).pathname);
  expect(hops.slice(0, 2)).toEqual(['/my-account/account', '/signin']);
});

test('the account page has no serious accessibility violations and no CSP violations', async ({ page }) => {
  test.slow(); // axe takes 5-15 s on a busy 2-core machine
  const violations = watchCsp(page);
  await openAccount(page);
  await waitForForms(page);
  // With a field error showing too.
  await page.getByLabel('First name').fill('');
  await page.getByLabel('First name').blur();
  await expect(page.getByText('This field is required', { exact: true })).toBeVisible();

  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(violations).toEqual([]);
});
