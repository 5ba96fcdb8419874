import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectMessage, main, openForm } from './auth-steps.ts';
import { settleAnimations } from './helpers.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the sign-up form shows every SPEC message under its field and focuses the first wrong one', async ({ page }) => {
  await openForm(page, '/signup', 'Create account');
  const form = main(page);
  const firstName = form.getByRole('textbox', { name: 'First name' });
  const lastName = form.getByRole('textbox', { name: 'Last name' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  const mobile = form.getByRole('textbox', { name: 'Mobile number' });
  const terms = form.getByRole('checkbox', { name: 'I accept the terms & conditions' });

  await form.getByRole('button', { name: 'Create account' }).click();
  await expectMessage(firstName, 'This field is required');
  await expectMessage(lastName, 'This field is required');
  await expectMessage(email, 'Email is required');
  await expectMessage(password, 'Password is required');
  await expectMessage(mobile, 'Phone number is required');
  await expectMessage(terms, 'Please accept the terms & conditions');
  await expect(firstName).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await firstName.fill('M');
  await expectMessage(firstName, 'Must be at least 2 characters');
  await lastName.fill('x'.repeat(51));
  await expectMessage(lastName, 'Cannot exceed 50 characters');
  await email.fill('not-an-email');
  await expectMessage(email, 'Must be a valid email address');
  await password.fill('a@b');
  await expectMessage(password, 'Password must be at least 6 characters');
  await password.fill('abcdefgh');
  await expectMessage(password, 'Must contain at least one special character');
  await mobile.fill('0123456789');
  await expectMessage(mobile, 'Must be a valid 10-digit number');

  await firstName.fill('Meera');
  await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
  await terms.check();
  await expect(terms).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(lastName).toBeFocused();
  await expect(page).toHaveURL((url) => url.pathname === '/signup');
});

test('a field says nothing while first typed into, and its message appears when it is left', async ({ page }) => {
  await openForm(page, '/signup', 'Create account');
  const email = main(page).getByRole('textbox', { name: 'Email' });
  await email.pressSequentially('not-an');
  await expect(main(page).getByRole('alert')).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Tab');
  await expectMessage(email, 'Must be a valid email address');
  // From then on the message follows the typing.
  await email.fill('meera@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
});

test('the sign-in form asks for email and password, and the OTP tab for a valid mobile number', async ({ page }) => {
  await openForm(page, '/signin', 'Sign in');
  const form = main(page);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectMessage(form.getByRole('textbox', { name: 'Email' }), 'Email is required');
  await expectMessage(form.getByRole('textbox', { name: 'Password', exact: true }), 'Password is required');
  await expect(form.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Email' }).fill('asha@');
  await expectMessage(form.getByRole('textbox', { name: 'Email' }), 'Must be a valid email address');

  await page.getByRole('tab', { name: 'Mobile OTP' }).click();
  const mobile = form.getByRole('textbox', { name: 'Mobile number' });
  await form.getByRole('button', { name: 'Send OTP' }).click();
  await expectMessage(mobile, 'Phone number is required');
  await expect(mobile).toBeFocused();
  await mobile.fill('12345');
  await expectMessage(mobile, 'Must be a valid 10-digit number');
});

test('the forgot-password form asks for a valid email', async ({ page }) => {
  await openForm(page, '/forgot-password', 'Send reset link');
  const email = main(page).getByRole('textbox', { name: 'Email' });
  await main(page).getByRole('button', { name: 'Send reset link' }).click();
  await expectMessage(email, 'Email is required');
  await email.fill('nope');
  await expectMessage(email, 'Must be a valid email address');
});

test('the reset-password form checks the new password and that both boxes match', async ({ page }) => {
  await openForm(page, '/reset-password?token=some-token', 'Reset password');
  const password = main(page).getByRole('textbox', { name: 'New password', exact: true });
  const confirmation = main(page).getByRole('textbox', { name: 'Confirm new password' });
  await main(page).getByRole('button', { name: 'Reset password' }).click();
  await expectMessage(password, 'Password is required');
  await expectMessage(confirmation, 'Confirm password is required');
  await expect(password).toBeFocused();

  await password.fill('abc');
  await expectMessage(password, 'Password must be at least 6 characters');
  await password.fill('abcdefg');
  await expectMessage(password, 'Must contain at least one special character');
  await password.fill('Secret@1');
  await confirmation.fill('Secret@2');
  await expectMessage(confirmation, 'Passwords must match');
  // Changing the first box re-checks the second.
  await password.fill('Secret@2');
  await expect(confirmation).not.toHaveAttribute('aria-invalid', 'true');
});

for (const path of ['/signin', '/signup', '/forgot-password', '/reset-password', '/reset-password?token=some-token']) {
  test(`${path} has no serious or critical accessibility problems`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('what a shopper types before the sign-in form is ready is kept, and signs them in', async ({ page }) => {
  // Hold the form's script back, as a slow connection would, while the shopper types.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/SignInForm*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signin');
  const email = main(page).getByRole('textbox', { name: 'Email' });
  await email.fill('asha@example.com');
  release();
  await expect(page.locator('astro-island[component-url*="SignInForm"]:not([ssr])')).toHaveCount(1);
  await expect(email).toHaveValue('asha@example.com');
  await main(page).getByRole('textbox', { name: 'Password' }).fill('Demo@123');
  await main(page).getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});
