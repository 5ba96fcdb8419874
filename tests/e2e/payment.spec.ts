import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { toast } from './cart-steps.ts';
import { DEMO_SHOPPER, latestMail, signInThroughApi, watchCsp } from './helpers.ts';
import { shopperWithPrepaidOrder, type PrepaidOrder } from './payment-steps.ts';

/**
 * The payment pages with the built-in test gateway (PAYMENT_PROVIDER unset):
 * a prepaid order paid, declined then retried, declined then switched to cash
 * on delivery; the order pages read the order from the server by number.
 */
const main = (page: Page): Locator => page.getByRole('main');
const payButton = (page: Page): Locator => main(page).getByRole('button', { name: /^Pay ₹/ });
const failButton = (page: Page): Locator => main(page).getByRole('button', { name: 'Fail the payment' });
const figure = (scope: Locator, label: string): Locator =>
  scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

async function declineOnPaymentPage(page: Page, order: PrepaidOrder): Promise<void> {
  await page.goto(`/payment?order=${order.orderNumber}`);
  await failButton(page).click();
  await expect(page).toHaveURL(`/order-failure?order=${order.orderNumber}`);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Your payment did not go through');
}

test('a prepaid order is paid through the test gateway and lands on /order-success, the payment page left out of history', async ({ page, request }) => {
  const violations = watchCsp(page);
  const order = await shopperWithPrepaidOrder(page, request);
  const response = await page.goto(`/payment?order=${order.orderNumber}`);
  // Razorpay's script and frame are allowed in Razorpay mode only.
  expect(response!.headers()['content-security-policy']).not.toContain('razorpay');
  expect(response!.headers()['cross-origin-opener-policy']).toBe('same-origin');

  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Payment');
  await expect(main(page).getByText('TEST MODE')).toBeVisible();
  const summary = main(page).getByRole('region', { name: 'Order summary' });
  const line = summary.getByRole('listitem').filter({ hasText: order.pick.product.name });
  await expect(line).toContainText(`Size: ${order.pick.variant.product_variation}`);
  await expect(line).toContainText(`Qty: ${order.quantity}`);
  await expect(figure(summary, 'Shipping')).toHaveText('Free');
  await expect(figure(summary, 'Discount')).toHaveText(/^-₹[\d,]+\.\d{2}$/);
  const total = (await figure(summary, 'Total').textContent())!;
  expect(total).toMatch(/^₹\d{1,2}(,\d{2})*,?\d{0,3}\.\d{2}$/);

  await main(page).getByRole('radio', { name: 'Card' }).check();
  await expect(payButton(page)).toHaveText(`Pay ${total}`);
  await payButton(page).click();

  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Thank you, your order is placed');
  await expect(main(page)).toContainText(order.orderNumber);
  await expect(main(page)).toContainText('Paid online');
  await expect(main(page)).toContainText('14 Linking Road, Bandra West');
  await expect(figure(main(page), 'Total')).toHaveText(total);
  await expect(main(page).getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-account/orders');
  await expect(main(page).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');

  await page.goBack();
  await expect(page).toHaveURL('/');
  // A paid order's payment page goes straight to the success page.
  await page.goto(`/payment?order=${order.orderNumber}`);
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);
  expect(violations).toEqual([]);
});

test('a declined payment goes to /order-failure, and Retry payment then pays the same order', async ({ page, request }) => {
  const order = await shopperWithPrepaidOrder(page, request);
  await declineOnPaymentPage(page, order);
  await expect(main(page).getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');

  await main(page).getByRole('button', { name: 'Retry payment' }).click();
  await expect(page).toHaveURL(`/payment?order=${order.orderNumber}`);
  await payButton(page).click();
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);
  await expect(main(page)).toContainText('Paid online');
});

test('after a declined payment, Pay on delivery instead places the order as cash on delivery', async ({ page, request }) => {
  const order = await shopperWithPrepaidOrder(page, request);
  await declineOnPaymentPage(page, order);

  await main(page).getByRole('button', { name: 'Pay on delivery instead' }).click();
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);
  await expect(main(page)).toContainText('Cash on delivery');
  await expect(main(page)).toContainText('You pay when the order is delivered.');
  // The failure page of a placed order sends the shopper to its success page.
  await page.goto(`/order-failure?order=${order.orderNumber}`);
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);
});

test('/order-success shows the same order after a reload, and its number can be copied', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const order = await shopperWithPrepaidOrder(page, request);
  await page.goto(`/payment?order=${order.orderNumber}`);
  await payButton(page).click();
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);

  await page.reload();
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Thank you, your order is placed');
  await expect(main(page)).toContainText(order.orderNumber);
  await expect(main(page).getByRole('listitem').filter({ hasText: order.pick.product.name })).toBeVisible();

  await main(page).getByRole('button', { name: 'Copy order number' }).click();
  await expect(main(page).getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.orderNumber);
  await expect(main(page).getByRole('button', { name: 'Copy order number' })).toBeVisible();
});

test('the link in the confirmation mail opens the paid order on /order-success for the signed-in shopper', async ({ page, request, context }) => {
  const order = await shopperWithPrepaidOrder(page, request);
  await page.goto(`/payment?order=${order.orderNumber}`);
  await payButton(page).click();
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);

  const mail = await latestMail(order.email, new RegExp(`Order ${order.orderNumber} confirmed`));
  const link = mail.links.find((href) => href.includes('/order-success'));
  expect(link).toBe(new URL(`/order-success?order=${order.orderNumber}`, page.url()).href);
  const fromMail = await context.newPage();
  await fromMail.goto(link!);
  await expect(main(fromMail).getByRole('heading', { level: 1 })).toHaveText('Thank you, your order is placed');
  await expect(main(fromMail)).toContainText(order.orderNumber);
  await expect(main(fromMail)).toContainText('Paid online');
  await expect(main(fromMail).getByRole('listitem').filter({ hasText: order.pick.product.name })).toBeVisible();
});

test('an unknown order number, or another shopper\'s order, shows Order not found with a 404', async ({ page, request }) => {
  const order = await shopperWithPrepaidOrder(page, request);
  const unknown = await page.goto('/order-success?order=OD000000000001');
  expect(unknown?.status()).toBe(404);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Order not found');

  await signInThroughApi(page, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  for (const path of ['/payment', '/order-success', '/order-failure']) {
    const response = await page.goto(`${path}?order=${order.orderNumber}`);
    expect(response?.status()).toBe(404);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Order not found');
    await expect(main(page)).not.toContainText(order.pick.product.name);
  }
  const malformed = await page.goto('/payment?order=not-a-number');
  expect(malformed?.status()).toBe(404);
});

test('the payment, order-failure and order-success pages have no axe violations', async ({ page, request }) => {
  test.slow(); // three axe runs, each 5-15 s on a busy 2-core machine
  const order = await shopperWithPrepaidOrder(page, request);
  await page.goto(`/payment?order=${order.orderNumber}`);
  await expect(payButton(page)).toBeEnabled();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await failButton(page).click();
  await expect(page).toHaveURL(/\/order-failure/);
  await expect(main(page).getByRole('button', { name: 'Retry payment' })).toBeEnabled();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await main(page).getByRole('button', { name: 'Pay on delivery instead' }).click();
  await expect(page).toHaveURL(/\/order-success/);
  await expect(main(page).getByRole('button', { name: 'Copy order number' })).toBeEnabled();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});

test('a payment page left open in another tab, after the order was paid, goes to /order-success with the reason when Pay is pressed', async ({ page, request, context }) => {
  const order = await shopperWithPrepaidOrder(page, request);
  await page.goto(`/payment?order=${order.orderNumber}`);
  const other = await context.newPage();
  await other.goto(`/payment?order=${order.orderNumber}`);
  await payButton(other).click();
  await expect(other).toHaveURL(`/order-success?order=${order.orderNumber}`);

  await payButton(page).click();
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);
  await expect(toast(page, 'This order is already paid')).toBeVisible();
});
