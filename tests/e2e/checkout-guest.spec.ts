/**
 * A guest checks out (issue 13): from the cart page to /checkout, the mobile
 * confirmed by the OTP the demo toast shows, the PIN code filling city and
 * state, WELCOME10 applied, cash on delivery, and the order is in the API;
 * the success toast waits on /order-success, and Back does not lead to the
 * checkout again. A reload keeps what was typed but never the OTP; the code
 * can be sent again once the countdown ends.
 */
import { expect, test } from '@playwright/test';
import { OTP_RESEND_SECONDS } from '../../src/lib/checkout.ts';
import { sizedProducts, guestLine, seedGuestCart } from './cart-steps.ts';
import { uniqueShopper, verifiedAccount } from './helpers.ts';
import { API_KEY } from './store-api.ts';
import {
  ADDRESS,
  confirmDialog,
  expectNoAxeViolations,
  field,
  fillDetails,
  guestAtCheckout,
  main,
  orderNavigation,
  ordersOf,
  pageToken,
  sendOtp,
  summary,
  summaryValue,
  toasts,
  verifyMobile,
} from './checkout-steps.ts';

test('a guest buys with cash on delivery from the cart: OTP, PIN autofill, WELCOME10, and the order is in the API', async ({ page, request }) => {
  test.slow(); // the OTP, the PIN lookup, a coupon, an axe run and the order page on a busy 2-core machine
  const [first, second] = await sizedProducts(request);
  const { email, phone } = uniqueShopper();
  await page.goto('/');
  await seedGuestCart(page, [guestLine(first!, 1), guestLine(second!, 2)]);
  await page.goto('/cart');
  await main(page).getByRole('link', { name: 'Checkout' }).click();
  await main(page).getByRole('link', { name: 'Continue as guest' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const lines = summary(page).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(summaryValue(page, 'Shipping')).toHaveText('Free');
  await expect(summary(page).getByRole('listitem', { name: first!.product.name })).toContainText(`Size: ${first!.variant.product_variation}`);

  await verifyMobile(page, phone);
  await expect(field(page, 'Phone number')).toHaveValue(phone);
  await fillDetails(page, { firstname: 'Meera', lastname: 'Iyer', email, ...ADDRESS });
  await expect(field(page, 'City')).toHaveValue('Bengaluru Urban');
  await expect(field(page, 'State')).toHaveValue(/Karnataka/i);

  await field(page, 'Coupon code').fill('WELCOME10');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByText('Coupon WELCOME10 applied')).toBeVisible();
  await expect(summary(page).getByText('Discount (WELCOME10)')).toBeVisible();
  await expectNoAxeViolations(page);

  await expect(main(page).getByRole('radio', { name: 'Cash on Delivery (COD)' })).toBeChecked();
  await main(page).getByRole('button', { name: 'Place order' }).click();
  await expect(confirmDialog(page)).toContainText('Cancel empties your cart');
  const orderNumber = await orderNavigation(page, '/order-success', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click());
  await expect(toasts(page).getByText('Order placed successfully', { exact: true })).toBeVisible();
  const orders = await ordersOf(request, await pageToken(page));
  expect(orders.map((line) => line.order_number)).toEqual([orderNumber, orderNumber]);
  expect(orders.every((line) => line.payment_method === 'cod' && Number(line.discount_amount) > 0)).toBe(true);
  // The cart is cleared and the draft is gone.
  expect(await page.evaluate(() => sessionStorage.getItem('checkout-draft'))).toBeNull();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('store-state') ?? '{}').cart?.cartItems)).toEqual([]);
  // History was replaced: Back leads to the cart, not to the checkout that placed the order.
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
});

test('a reload mid-checkout keeps the typed details but never the OTP', async ({ page, request }) => {
  const [, , third] = await sizedProducts(request);
  const { email, phone } = uniqueShopper();
  await guestAtCheckout(page, [[third!, 1]]);

  await sendOtp(page, phone);
  await field(page, 'OTP').fill('123456');
  await page.reload();
  await expect(field(page, 'Mobile number')).toHaveValue(phone);
  await expect(field(page, 'OTP')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('checkout-draft'))).not.toContain('123456');

  await verifyMobile(page, phone);
  await fillDetails(page, { firstname: 'Ravi', lastname: 'Kumar', email, ...ADDRESS });
  await page.reload();
  await expect(field(page, 'First name')).toHaveValue('Ravi');
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Address')).toHaveValue(ADDRESS.address);
  await expect(field(page, 'Pincode')).toHaveValue(ADDRESS.pincode);
  await expect(field(page, 'City')).toHaveValue('Bengaluru Urban');
  await expect(field(page, 'OTP')).toHaveCount(0);
});

test("SUMMER25 reads 'Invalid Code' under the coupon field", async ({ page, request }) => {
  const [first] = await sizedProducts(request);
  await guestAtCheckout(page, [[first!, 1]]);
  await verifyMobile(page, uniqueShopper().phone);
  await field(page, 'Coupon code').fill('SUMMER25');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  const coupon = field(page, 'Coupon code');
  await expect(coupon).toHaveAttribute('aria-invalid', 'true');
  await expect(summary(page).getByRole('alert')).toHaveText('Invalid Code');
  await expect(summary(page).getByText(/^Discount/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** The span of seconds the countdown test allows a state to be seen in. */
const LAST_SECONDS = 5;

test('the code can be sent again once the countdown ends, and the new code verifies the mobile', async ({ page, request }) => {
  const [first] = await sizedProducts(request);
  const { phone } = uniqueShopper();
  // The page's clock: the countdown is run to its end instead of waited for.
  await page.clock.install();
  await guestAtCheckout(page, [[first!, 1]]);
  const firstCode = await sendOtp(page, phone);
  const resend = main(page).getByRole('button', { name: /^Resend OTP/ });
  // The installed clock also runs on by itself. Each state is matched whole (its text and disabled at once)
  // within a span of seconds, so a slow machine cannot pass a state before it is seen.
  const counting = (from: number, to: number) => {
    const seconds = Array.from({ length: to - from + 1 }, (_, i) => from + i).join('|');
    return main(page).getByRole('button', { name: new RegExp(`^Resend OTP in (${seconds})s$`), disabled: true });
  };
  await expect(counting(OTP_RESEND_SECONDS - LAST_SECONDS + 1, OTP_RESEND_SECONDS)).toBeVisible();
  await page.clock.runFor((OTP_RESEND_SECONDS - LAST_SECONDS) * 1000);
  await expect(counting(1, LAST_SECONDS)).toBeVisible();
  await page.clock.runFor(LAST_SECONDS * 1000);
  await expect(resend).toHaveText('Resend OTP');
  await expect(resend).toBeEnabled();
  const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/otp/send');
  await resend.click();
  const secondCode = ((await (await sent).json()) as { data: { otp: string } }).data.otp;
  await expect(toasts(page).getByText(`OTP: ${secondCode}`)).toBeVisible();
  await expect(resend).toHaveText(/^Resend OTP in \d+s$/);
  await expect(resend).toBeDisabled();
  if (secondCode !== firstCode) {
    await field(page, 'OTP').fill(firstCode);
    await main(page).getByRole('button', { name: 'Verify OTP' }).click();
    await expect(toasts(page).getByText('Invalid OTP', { exact: true })).toBeVisible();
  }
  await field(page, 'OTP').fill(secondCode);
  await main(page).getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toasts(page).getByText('OTP verified successfully')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Your details' })).toBeFocused();
});

test("a customer who confirms their mobile at checkout is signed in, their guest cart synced and their details filled; a wrong code reads 'Invalid OTP'", async ({ page, request }) => {
  const [, second] = await sizedProducts(request);
  const { email, phone } = await verifiedAccount(request);
  await guestAtCheckout(page, [[second!, 1]]);
  const otp = await sendOtp(page, phone);
  await field(page, 'OTP').fill(otp === '000000' ? '111111' : '000000');
  await main(page).getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toasts(page).getByText('Invalid OTP', { exact: true })).toBeVisible();
  await field(page, 'OTP').fill(otp);
  await main(page).getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toasts(page).getByText('OTP verified successfully')).toBeVisible();
  await expect(main(page).getByText(`Signed in: ${phone}`)).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'First name')).toHaveValue('Nila');
  const token = await pageToken(page);
  await expect
    .poll(async () => {
      const cart = await request.get('/api/customer/cart', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
      return ((await cart.json()).data.cart as Array<{ product_id: number }>).map((line) => line.product_id);
    })
    .toEqual([second!.product.id]);
});
