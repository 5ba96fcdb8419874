/**
 * My Orders, the order details drawer and the Cancel Order dialog (SPEC §2, §3,
 * §4 Orders, §5 Cancel reason, §9), and the shipping address on My Account
 * (SPEC §3, §4, §5). Each test has its own verified shopper whose orders are
 * placed through the API; the store's orders command moves an order on.
 */
import { expect, test } from '@playwright/test';
import { signInThroughApi, verifiedAccount, watchCsp } from './helpers.ts';
import {
  ADDRESS_SAVED,
  CANCELLED,
  PAGE_INVALID,
  ampleSize,
  drawer,
  expectNoAxeViolations,
  openMyOrders,
  orderButton,
  placeOrder,
  placeOrderOf,
  setStatus,
  stockOf,
  toast,
  untouchedSizes,
} from './my-orders-steps.ts';
import { apiGet, apiPost } from './store-api.ts';
import { formatRupees } from '../../src/lib/money.ts';
import { MAX_CHECKOUT_LINES, ORDERS_PER_PAGE } from '../../src/lib/constants.ts';

test('a shopper opens an order, copies its number, cancels it with Other and a reason, and the stock comes back', async ({ page, request, context, baseURL }) => {
  test.slow(); // several axe runs on a busy 2-core machine
  const csp = watchCsp(page);
  const shopper = await verifiedAccount(request, 'First@123');
  const { product, size } = await ampleSize(request, { last: true });
  const orderNumber = await placeOrder(request, shopper, product, size);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await openMyOrders(page, shopper);
  const order = await orderButton(page, orderNumber);
  await expect(order).toContainText(product.name);
  await expect(order).toContainText(`Size: ${size.product_variation}`);
  await expect(order).toContainText('Order Has Been Placed');
  await expect(order).toContainText(formatRupees(size.final_price));
  await expectNoAxeViolations(page);

  await order.click();
  const details = drawer(page);
  await expect(details).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Order Details' })).toBeVisible();
  await expect(details).toContainText(orderNumber);
  for (const text of ['Order Date', 'TOTAL', 'STATUS', 'SHIP TO', 'PAYMENT', 'ORDER SUMMARY', 'Amount', 'Quantity', 'Subtotal', 'Shipping Cost', 'Free', 'Total']) {
    await expect(details.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(details.getByText('Cash on Delivery (COD)', { exact: true })).toBeVisible();
  await expect(details.getByText("Nila Rao", { exact: true })).toBeVisible();
  await expect(details.getByText(shopper.email, { exact: true })).toBeVisible();
  await expect(details.getByText(shopper.phone, { exact: true })).toBeVisible();
  await expect(details.getByText('Order Has Been Placed', { exact: true })).toBeVisible();
  await expect(details.getByText('Discount', { exact: true })).toHaveCount(0);

  await details.getByRole('button', { name: 'Copy order number' }).click();
  await expect(details.getByText('Copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNumber);
  await expectNoAxeViolations(page);
  await expect(details.getByText('Copied!', { exact: true })).toBeHidden({ timeout: 4000 });

  // SPEC §5 Cancel reason: each rule's message.
  await details.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByRole('combobox', { name: 'Select a reason' });
  await expect(reason.getByRole('option')).toHaveText([
    'Select Reason',
    'Ordered by Mistake',
    'Found Cheaper Elsewhere',
    'Delivery Time is Too Long',
    'Changed My Mind',
    'Product Details Are Incorrect',
    'Payment Issue',
    'Quantity Issue',
    'Not Needed Anymore',
    'Other',
  ]);
  await expect(dialog.getByRole('textbox', { name: 'Please specify' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm Cancel' }).click();
  await expect(dialog.getByText('Please select a reason', { exact: true })).toBeVisible();
  await reason.selectOption('Other');
  const specify = dialog.getByRole('textbox', { name: 'Please specify' });
  await expect(specify).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm Cancel' }).click();
  await expect(dialog.getByText('Please specify your reason', { exact: true })).toBeVisible();
  await specify.fill('   ');
  await expect(dialog.getByText('Reason cannot be empty', { exact: true })).toBeVisible();
  await reason.selectOption({ label: 'Select Reason' });
  await expect(dialog.getByText('Please select a valid reason', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await reason.selectOption('Other');
  await dialog.getByRole('textbox', { name: 'Please specify' }).fill('  The size runs small  ');
  // Read just before the cancel: other specs may order this size too, but not within these seconds.
  const stockBeforeCancel = await stockOf(request, product, size);
  const sent = page.waitForRequest((req) => req.url().endsWith('/api/customer/cancel-order'));
  await dialog.getByRole('button', { name: 'Confirm Cancel' }).click();
  const { order_id, ...reasons } = (await sent).postDataJSON();
  expect(typeof order_id).toBe('number');
  expect(reasons).toEqual({ reject_reason_select: 'Other', reject_reason_input: 'The size runs small' });

  await expect(toast(page, CANCELLED)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(details.getByText('Order Has Been Cancelled', { exact: true })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Close order details' })).toBeFocused();
  await expectNoAxeViolations(page);
  expect(await stockOf(request, product, size)).toBe(stockBeforeCancel + 1);

  // Escape closes the drawer; focus is back on the order, which shows its new status.
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(order).toBeFocused();
  await expect(order).toContainText('Order Has Been Cancelled');
  expect(csp).toEqual([]);
});

test('a delivered order offers no Cancel Order, and a click outside closes its drawer', async ({ page, request, baseURL }) => {
  const shopper = await verifiedAccount(request, 'First@123');
  const { product, size } = await ampleSize(request);
  const orderNumber = await placeOrder(request, shopper, product, size);
  setStatus(baseURL!, orderNumber, 'order has been shipped');
  setStatus(baseURL!, orderNumber, 'order has been delivered');

  await openMyOrders(page, shopper);
  const order = await orderButton(page, orderNumber);
  await expect(order).toContainText('Order Has Been Delivered');
  await order.click();
  await expect(drawer(page).getByText('Order Has Been Delivered', { exact: true })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.mouse.click(20, 300);
  await expect(drawer(page)).toBeHidden();
  await expect(order).toBeFocused();
});

test('Tab and Shift+Tab stay inside the open drawer and its cancel dialog, and closing gives focus back to the order', async ({ page, request }) => {
  const shopper = await verifiedAccount(request, 'First@123');
  const { product, size } = await ampleSize(request);
  const orderNumber = await placeOrder(request, shopper, product, size);

  await openMyOrders(page, shopper);
  const order = await orderButton(page, orderNumber);
  await order.click();
  const details = drawer(page);
  const first = details.getByRole('button', { name: 'Close order details' });
  const last = details.getByRole('button', { name: 'Cancel Order' });
  await expect(first).toBeFocused();
  await expect(details.getByRole('button', { name: 'Copy order number' })).toBeVisible();

  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(details.getByRole('button', { name: 'Copy order number' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(last).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();

  // The Cancel Order dialog on top keeps Tab in its own controls, and Escape gives focus back to the drawer.
  await last.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  const reason = dialog.getByRole('combobox', { name: 'Select a reason' });
  await expect(reason).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Confirm Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(reason).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(last).toBeFocused();

  await first.press('Enter');
  await expect(details).toBeHidden();
  await expect(order).toBeFocused();
});

test("a reload of the orders that fails shows 'Failed to fetch orders' above the list and as a toast", async ({ page, request }) => {
  test.slow(); // an axe run on a busy 2-core machine
  const shopper = await verifiedAccount(request, 'First@123');
  const { product, size } = await ampleSize(request);
  const orderNumber = await placeOrder(request, shopper, product, size);

  await openMyOrders(page, shopper);
  const order = await orderButton(page, orderNumber);
  // The page read its orders on the server; only the reload after the cancel goes through the browser.
  await page.route((url) => url.pathname === '/api/customer/orders', (route) => route.abort());
  await order.click();
  await drawer(page).getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await dialog.getByRole('combobox', { name: 'Select a reason' }).selectOption('Changed My Mind');
  await dialog.getByRole('button', { name: 'Confirm Cancel' }).click();
  await expect(toast(page, CANCELLED)).toBeVisible();
  await expect(toast(page, 'Failed to fetch orders')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to fetch orders');
  await expect(order).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a read of the orders that fails on the server shows its message on the page and once as a toast', async ({ page, request }) => {
  test.slow(); // an axe run on a busy 2-core machine
  const shopper = await verifiedAccount(request, 'First@123');
  await page.goto('/');
  await signInThroughApi(page, shopper.email, shopper.password);
  // A page number past what the store API serves: its read fails with the API's message.
  await page.goto('/my-account/orders?page=1234567');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(PAGE_INVALID);
  await expect(toast(page, PAGE_INVALID)).toBeVisible();
  await expect(toast(page, PAGE_INVALID)).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Your orders' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a shopper with more orders than a page holds pages through them, newest first', async ({ page, request }) => {
  const shopper = await verifiedAccount(request, 'First@123');
  const sizes = await untouchedSizes(request, ORDERS_PER_PAGE + 1);
  // One order line per size: two orders, as one checkout takes at most MAX_CHECKOUT_LINES.
  const older = await placeOrderOf(request, shopper, sizes.slice(0, MAX_CHECKOUT_LINES));
  const newer = await placeOrderOf(request, shopper, sizes.slice(MAX_CHECKOUT_LINES));
  await openMyOrders(page, shopper);
  const orders = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await expect(orders).toHaveCount(ORDERS_PER_PAGE);
  await expect(orders.first()).toContainText(`Order ${newer}`);
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await pages.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/my-account\/orders\?page=2$/);
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(`Order ${older}`);
  await expect(orders.first()).toContainText(sizes[0]!.product.name);
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('My Orders with no orders says so and links to the shop', async ({ page, request }) => {
  const shopper = await verifiedAccount(request, 'First@123');
  await openMyOrders(page, shopper);
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/shop');
  await expectNoAxeViolations(page);
});

test('a shopper saves a shipping address: the PIN fills city and state, the rules show their messages', async ({ page, request }) => {
  test.slow();
  const shopper = await verifiedAccount(request, 'First@123');
  const place = (await apiGet(request, '/pincode/560001')).data as { city: string; state: string };
  await page.goto('/');
  await signInThroughApi(page, shopper.email, shopper.password);
  await page.goto('/my-account/account');
  const form = page.getByRole('form', { name: 'Shipping address' });
  await expect(form.getByRole('button', { name: 'Save address' })).toBeEnabled();

  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('Address is required', { exact: true })).toBeVisible();
  await expect(form.getByText('Pincode is required', { exact: true })).toBeVisible();
  await expect(form.getByText('City is required', { exact: true })).toBeVisible();
  await expect(form.getByText('State is required', { exact: true })).toBeVisible();
  await form.getByLabel('Pincode').fill('5600');
  await expect(form.getByText('Must be a valid 6-digit pincode', { exact: true })).toBeVisible();
  await form.getByLabel('Alternate phone (optional)').fill('12345');
  await form.getByLabel('Alternate phone (optional)').blur();
  await expect(form.getByText('Must be a valid 10-digit number', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await form.getByLabel('Address').fill('12 MG Road');
  await form.getByLabel('Pincode').fill('560001');
  await expect(form.getByLabel('City')).toHaveValue(place.city);
  await expect(form.getByLabel('State')).toHaveValue(place.state);
  await form.getByLabel('Alternate phone (optional)').fill('9123456780');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(toast(page, ADDRESS_SAVED)).toBeVisible();
  // The saved state: the fields the PIN filled, and the toast.
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(form.getByLabel('Address')).toHaveValue('12 MG Road');
  await expect(form.getByLabel('Pincode')).toHaveValue('560001');
  await expect(form.getByLabel('City')).toHaveValue(place.city);
  await expect(form.getByLabel('Alternate phone (optional)')).toHaveValue('9123456780');
});

test('My Orders is in the HTML: the orders read with JavaScript off', async ({ browser, request }) => {
  const shopper = await verifiedAccount(request, 'First@123');
  const { product, size } = await ampleSize(request);
  const orderNumber = await placeOrder(request, shopper, product, size);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const token = (await apiPost(request, '/customer/login', { email: shopper.email, password: shopper.password })).data.token as string;
  // The session cookie the route guard reads, as the sign-in form would set it.
  expect((await page.request.post('/session', { data: { token } })).ok()).toBe(true);
  await page.goto('/my-account/orders');
  const order = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: orderNumber });
  await expect(order).toContainText(product.name);
  await expect(order).toContainText('Order Has Been Placed');
  await expect(order).toContainText(formatRupees(size.final_price));
  await context.close();
});
