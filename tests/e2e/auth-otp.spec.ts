import { expect, test, type Page } from '@playwright/test';
import { main, openForm, toasts } from './auth-steps.ts';
import { DEMO_SHOPPER, uniqueShopper, watchCsp } from './helpers.ts';

/** Opens the OTP tab, sends a code to `phone` and reads it from the toast (demo mode shows it there). */
async function sendCode(page: Page, phone: string): Promise<string> {
  await openForm(page, '/signin', 'Sign in');
  const tab = page.getByRole('tab', { name: 'Mobile OTP' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await main(page).getByRole('textbox', { name: 'Mobile number' }).fill(phone);
  await main(page).getByRole('button', { name: 'Send OTP' }).click();
  const toast = toasts(page).getByText(/OTP: \d{6}/);
  await expect(toast).toBeVisible();
  return /OTP: (\d{6})/.exec((await toast.textContent()) ?? '')![1]!;
}

test('the demo shopper signs in with the code from the toast and lands on the home page signed in', async ({ page }) => {
  const csp = watchCsp(page);
  const code = await sendCode(page, DEMO_SHOPPER.phone);
  const otp = main(page).getByRole('textbox', { name: 'OTP', exact: true });
  await expect(otp).toBeFocused();
  await expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(otp).toHaveAttribute('inputmode', 'numeric');
  await otp.fill(code);
  await main(page).getByRole('button', { name: 'Verify OTP' }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(toasts(page).getByText('OTP verified successfully')).toBeVisible();
  // Signed in: the account page opens for them.
  await page.goto('/my-account/account');
  await expect(page).toHaveURL((url) => url.pathname === '/my-account/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  expect(csp).toEqual([]);
});

test('a wrong code shows the error toast and the shopper stays on /signin', async ({ page }) => {
  // A phone of its own: a new code replaces the old, so parallel tests never share one.
  const phone = uniqueShopper().phone;
  const code = await sendCode(page, phone);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await main(page).getByRole('textbox', { name: 'OTP', exact: true }).fill(wrong);
  await main(page).getByRole('button', { name: 'Verify OTP' }).click();

  await expect(toasts(page).getByText('Invalid OTP')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/signin');
  await expect(main(page).getByRole('button', { name: 'Verify OTP' })).toBeEnabled();

  // "Change number" goes back to the mobile box, with the number kept.
  await main(page).getByRole('button', { name: 'Change number' }).click();
  await expect(main(page).getByRole('textbox', { name: 'Mobile number' })).toHaveValue(phone);
  await expect(main(page).getByRole('textbox', { name: 'Mobile number' })).toBeFocused();
});

test('"Resend OTP" sends a new code, and that code signs the shopper in', async ({ page }) => {
  // The other demo shopper, so the first test's code is not replaced.
  const first = await sendCode(page, '9123456780');
  await main(page).getByRole('button', { name: 'Resend OTP' }).click();
  const codes = toasts(page).getByText(/OTP: \d{6}/);
  await expect(codes).toHaveCount(2);
  const texts = await codes.allTextContents();
  const fresh = texts.map((text) => /OTP: (\d{6})/.exec(text)![1]!).find((code) => code !== first) ?? first;

  await main(page).getByRole('textbox', { name: 'OTP', exact: true }).fill(fresh);
  await main(page).getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(toasts(page).getByText('OTP verified successfully')).toBeVisible();
});

test('the sign-in tabs follow the keyboard: arrow keys move between Password and Mobile OTP', async ({ page }) => {
  await openForm(page, '/signin', 'Sign in');
  const password = page.getByRole('tab', { name: 'Password' });
  const otp = page.getByRole('tab', { name: 'Mobile OTP' });
  await expect(password).toHaveAttribute('aria-selected', 'true');
  await password.focus();
  await page.keyboard.press('ArrowRight');
  await expect(otp).toBeFocused();
  await expect(otp).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Mobile OTP' })).toBeVisible();
  await expect(main(page).getByRole('textbox', { name: 'Email' })).toBeHidden();
  await page.keyboard.press('ArrowLeft');
  await expect(password).toHaveAttribute('aria-selected', 'true');
  await expect(main(page).getByRole('textbox', { name: 'Email' })).toBeVisible();
});
