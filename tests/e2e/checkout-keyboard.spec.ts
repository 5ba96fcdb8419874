/**
 * The whole guest purchase with the keyboard alone (issue 13): Tab, typing
 * and Enter only, focus moving to each section as it opens, errors linked to
 * their fields; axe finds nothing on any state of the page on the way.
 */
import { expect, test } from '@playwright/test';
import { sizedProducts } from './cart-steps.ts';
import { uniqueShopper } from './helpers.ts';
import { ADDRESS, confirmDialog, expectNoAxeViolations, field, guestAtCheckout, main, orderNavigation, orderNumbersOf, pageToken, tabTo, toasts } from './checkout-steps.ts';

test('a guest buys with the keyboard alone, and every state of the page passes axe', async ({ page, request }) => {
  test.slow(); // five axe runs, each 5-15 s on a busy 2-core machine
  const [, second] = await sizedProducts(request);
  const { email, phone } = uniqueShopper();
  await guestAtCheckout(page, [[second!, 1]]);
  await expect(main(page).getByRole('button', { name: 'Send OTP' })).toBeEnabled();
  await expectNoAxeViolations(page);

  await tabTo(page, field(page, 'Mobile number'));
  await page.keyboard.type(phone);
  await page.keyboard.press('Enter');
  const toast = toasts(page).getByText(/OTP: \d{6}/);
  await expect(toast).toBeVisible();
  const otp = /OTP: (\d{6})/.exec((await toast.textContent()) ?? '')![1]!;
  await expect(field(page, 'OTP')).toBeFocused();
  await expect(field(page, 'OTP')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field(page, 'OTP')).toHaveAttribute('inputmode', 'numeric');
  await expect(main(page).getByRole('button', { name: /^Resend OTP in \d+s$/ })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.keyboard.type(otp);
  await page.keyboard.press('Enter');
  await expect(main(page).getByRole('heading', { name: 'Your details' })).toBeFocused();

  // Place order with the form empty: every message shows, linked to its field, and focus goes to the first.
  const place = main(page).getByRole('button', { name: 'Place order' });
  await tabTo(page, place);
  await page.keyboard.press('Enter');
  const firstName = field(page, 'First name');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAccessibleDescription('This field is required');
  await expect(field(page, 'Address')).toHaveAccessibleDescription('Address is required');
  await expect(field(page, 'Pincode')).toHaveAccessibleDescription('Pincode is required');
  await expectNoAxeViolations(page);

  await page.keyboard.type('Meera');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Iyer');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await tabTo(page, field(page, 'Address'));
  await page.keyboard.type(ADDRESS.address);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ADDRESS.pincode);
  await expect(field(page, 'City')).toHaveValue('Bengaluru Urban');
  await expect(main(page).getByText(/City and state filled in for PIN code 560001/)).toBeVisible();
  for (const name of ['given-name', 'family-name', 'email', 'tel', 'address-line1', 'postal-code', 'address-level2', 'address-level1']) {
    await expect(main(page).locator(`input[autocomplete="${name}"]`).first()).toBeVisible();
  }
  await expectNoAxeViolations(page);

  await tabTo(page, place);
  await page.keyboard.press('Enter');
  await expect(confirmDialog(page).getByRole('button', { name: 'Confirm order' })).toBeFocused();
  await expectNoAxeViolations(page);
  const number = await orderNavigation(page, '/order-success', () => page.keyboard.press('Enter'));
  expect(await orderNumbersOf(request, await pageToken(page))).toEqual([number]);
});
