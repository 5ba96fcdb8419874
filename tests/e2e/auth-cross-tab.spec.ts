/**
 * SPEC §4 Cross-tab sync: a change to the stored state in one tab signs the
 * other tabs of the browser in or out, without a reload; a tab on a signed-in
 * page that gets signed out goes to /signin.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SHOPPER, signInThroughApi, watchCsp } from './helpers.ts';

const header = (page: Page) => page.getByRole('banner');
const accountButton = (page: Page) => header(page).getByRole('button', { name: 'Account menu' });
const signInLink = (page: Page) => header(page).getByRole('link', { name: 'Sign in' });

/** Opens `path` and waits for its scripts (the stores, which follow other tabs, and the islands' wakes). */
async function openHydrated(page: Page, path = '/') {
  await page.goto(path);
  await page.waitForLoadState('load');
}

/** Marks the document, so a test can tell that the tab was not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('data-test-mark', 'kept'));
const documentKept = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-test-mark') === 'kept');

test('signing in in one tab turns the other tab’s Sign in link into the account menu without a reload', async ({ context }) => {
  const pageA = await context.newPage();
  const pageB = await context.newPage();
  const csp = [...watchCsp(pageA), ...watchCsp(pageB)];
  await openHydrated(pageB);
  await expect(signInLink(pageB)).toBeVisible();
  await markDocument(pageB);

  await pageA.goto('/signin');
  const form = pageA.getByRole('main');
  await form.getByRole('textbox', { name: 'Email' }).fill(DEMO_SHOPPER.email);
  await form.getByRole('textbox', { name: 'Password' }).fill(DEMO_SHOPPER.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(pageA).toHaveURL(/\/$/);

  await expect(accountButton(pageB)).toBeVisible();
  await expect(signInLink(pageB)).toHaveCount(0);
  expect(await documentKept(pageB)).toBe(true);
  expect(csp).toEqual([]);
});

test('logging out in one tab sends the other tab on a signed-in page to /signin', async ({ context }) => {
  const pageA = await context.newPage();
  const pageB = await context.newPage();
  await pageA.goto('/');
  await signInThroughApi(pageA);
  await openHydrated(pageA);

  await pageB.goto('/my-account/account');
  await expect(pageB).toHaveURL(/\/my-account\/account$/);

  await accountButton(pageA).click();
  await header(pageA).getByRole('button', { name: 'Logout' }).click();
  await pageA.getByRole('dialog', { name: 'Confirm Logout' }).getByRole('button', { name: 'Logout' }).click();

  await expect(pageA).toHaveURL(/\/signin$/);
  await expect(pageB).toHaveURL(/\/signin$/);
});

test('clearing the stored state in one tab signs the other tab out', async ({ context }) => {
  const pageA = await context.newPage();
  const pageB = await context.newPage();
  await pageA.goto('/');
  await signInThroughApi(pageA);
  await openHydrated(pageB);
  await expect(accountButton(pageB)).toBeVisible();
  await markDocument(pageB);

  await pageA.evaluate(() => localStorage.clear());

  await expect(signInLink(pageB)).toBeVisible();
  await expect(accountButton(pageB)).toHaveCount(0);
  expect(await documentKept(pageB)).toBe(true);
});
