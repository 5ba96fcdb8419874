import { expect, test } from '@playwright/test';
import { confirmEmailFromLink, expectMessage, main, openForm, signInWithPassword, toasts } from './auth-steps.ts';
import { latestMail, uniqueShopper } from './helpers.ts';
import { apiPost } from './store-api.ts';

const OLD_PASSWORD = 'Before@123';
const NEW_PASSWORD = 'After#456';

test('a shopper resets a forgotten password from the mailed link and signs in with the new one only', async ({
  page,
  request,
}) => {
  const shopper = uniqueShopper();
  await apiPost(request, '/customer/register', {
    firstname: 'Ravi',
    lastname: 'Forgetful',
    email: shopper.email,
    password: OLD_PASSWORD,
    phone_number: shopper.phone,
  });
  const confirm = await latestMail(shopper.email, /confirm/i);
  await confirmEmailFromLink(page, confirm.links.find((href) => new URL(href).pathname === '/verify-email')!);

  await openForm(page, '/forgot-password', 'Send reset link');
  await main(page).getByRole('textbox', { name: 'Email' }).fill(shopper.email);
  await main(page).getByRole('button', { name: 'Send reset link' }).click();
  await expect(main(page).getByRole('status')).toContainText('Check your email');
  await expect(main(page).getByRole('status')).toContainText(/reset link has been sent/);
  await expect(toasts(page).getByText(/reset link has been sent/)).toBeVisible();

  const mail = await latestMail(shopper.email, /reset/i);
  const link = mail.links.find((href) => new URL(href).pathname === '/reset-password');
  expect(new URL(link!).searchParams.get('token')).toBeTruthy();
  await openForm(page, link!, 'Reset password');
  // The token leaves the address bar once the form is live.
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && !url.searchParams.has('token'));

  const password = main(page).getByRole('textbox', { name: 'New password', exact: true });
  const confirmation = main(page).getByRole('textbox', { name: 'Confirm new password' });
  await password.fill(NEW_PASSWORD);
  await confirmation.fill('Other#456');
  await main(page).getByRole('button', { name: 'Reset password' }).click();
  await expectMessage(confirmation, 'Passwords must match');
  await expect(confirmation).toBeFocused();

  await confirmation.fill(NEW_PASSWORD);
  await expect(confirmation).not.toHaveAttribute('aria-invalid', 'true');
  await main(page).getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/signin');
  await expect(toasts(page).getByText(/password has been reset/i)).toBeVisible();

  await expect(main(page).getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await signInWithPassword(page, shopper.email, OLD_PASSWORD);
  await expect(toasts(page).getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/signin');

  await signInWithPassword(page, shopper.email, NEW_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(toasts(page).getByText('Login successful.')).toBeVisible();
});

test('the reset page without a token says the link is incomplete and points to forgot password', async ({ page }) => {
  const response = await page.goto('/reset-password');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await expect(main(page).getByText('This password reset link is incomplete')).toBeVisible();
  await expect(main(page).getByRole('textbox', { name: 'New password' })).toHaveCount(0);
  await main(page).getByRole('link', { name: 'Ask for a new reset link' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
});

test('the reset page is never cached and a used or unknown token is refused with the server message', async ({ page }) => {
  const response = await page.goto('/reset-password?token=not-a-real-token');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(main(page).getByRole('button', { name: 'Reset password' })).toBeEnabled();
  await main(page).getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await main(page).getByRole('textbox', { name: 'Confirm new password' }).fill(NEW_PASSWORD);
  await main(page).getByRole('button', { name: 'Reset password' }).click();
  await expect(toasts(page).getByText('The password reset link is not valid')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/reset-password');
});
