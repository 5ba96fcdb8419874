/**
 * Refunds and returns as the shopper sees them: a paid line cancelled from My
 * Orders shows its refund in the order drawer and on the order-success page;
 * a delivered cash on delivery line is returned from the drawer with a reason
 * and a UPI ID. Orders are placed through the API; the store's orders command
 * delivers them.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dayMonthLabel } from '../../src/lib/refunds.ts';
import { verifiedAccount } from './helpers.ts';
import { CANCELLED, ampleSize, drawer, expectNoAxeViolations, openMyOrders, orderButton, placeOrder, setStatus, toast } from './my-orders-steps.ts';
import { shopperWithPrepaidOrder } from './payment-steps.ts';
import { API_KEY } from './store-api.ts';

const main = (page: Page): Locator => page.getByRole('main');
const afterSale = (details: Locator): Locator => details.getByRole('region', { name: 'RETURN AND REFUND' });

interface WireRefund {
  status: 'initiated' | 'processed' | 'failed';
  initiated_at: string;
  processed_at: string | null;
}

/** The refund the server holds for the shopper's line of `orderNumber` (what the drawer must put in words). */
async function refundOf(request: APIRequestContext, token: string, orderNumber: string): Promise<WireRefund> {
  const response = await request.get('/api/customer/orders', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const lines = (await response.json()).data.orders as Array<{ order_number: string; refund: WireRefund | null }>;
  const line = lines.find((candidate) => candidate.order_number.startsWith(orderNumber));
  expect(line?.refund, JSON.stringify(line)).toBeTruthy();
  return line!.refund!;
}

/** The sentence for a refund of `amount` (as the page shows rupees): the unit tests hold its wording for each status. */
function expectedSentence(amount: string, refund: WireRefund): string {
  if (refund.status === 'processed') return `Refund of ${amount} processed on ${dayMonthLabel(refund.processed_at ?? refund.initiated_at)}`;
  if (refund.status === 'failed') return `Refund of ${amount} failed; we are retrying it`;
  return `Refund of ${amount} initiated on ${dayMonthLabel(refund.initiated_at)}; it usually reaches your account in 5-7 working days`;
}

test('a shopper pays with the test gateway, cancels the line from My Orders and reads its refund, marked TEST MODE', async ({ page, request }) => {
  test.slow(); // a payment, a cancel and axe runs on a busy 2-core machine
  const order = await shopperWithPrepaidOrder(page, request);
  await page.goto(`/payment?order=${order.orderNumber}`);
  await main(page).getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(`/order-success?order=${order.orderNumber}`);
  const items = main(page).getByRole('region', { name: 'Items' });
  const paid = (await items.getByRole('term').filter({ hasText: /^Total$/ }).locator('xpath=following-sibling::dd').textContent())!.trim();
  await expect(items.getByText(/^Refund of/)).toHaveCount(0);

  await page.goto('/my-account/orders');
  const row = await orderButton(page, order.orderNumber);
  await row.click();
  const details = drawer(page);
  await expect(details.getByText('Prepaid', { exact: true })).toBeVisible();
  await expect(afterSale(details)).toHaveCount(0);
  await details.getByRole('button', { name: 'Cancel Order' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
  await cancel.getByRole('combobox', { name: 'Select a reason' }).selectOption('Changed My Mind');
  await cancel.getByRole('button', { name: 'Confirm Cancel' }).click();
  await expect(toast(page, CANCELLED)).toBeVisible();
  await expect(cancel).toBeHidden();

  // The whole line was paid for, so the whole of it comes back; the test gateway makes a refund at once.
  await expect.poll(async () => (await refundOf(request, order.token, order.orderNumber)).status).toBe('processed');
  const refund = await refundOf(request, order.token, order.orderNumber);
  const sentence = expectedSentence(paid, refund);
  // The drawer may have read the line a moment before the refund was made: read it again from the server.
  await page.reload();
  await (await orderButton(page, order.orderNumber)).click();
  await expect(afterSale(details).getByText(sentence, { exact: true })).toBeVisible();
  expect(sentence).toMatch(/^Refund of ₹[\d,]+\.\d\d processed on \d{1,2} [A-Z][a-z]{2}$/);
  await expect(afterSale(details).getByText('TEST MODE', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(await orderButton(page, order.orderNumber)).toContainText('Refund Processed');

  // The order-success page writes the same sentence per line, from the server.
  await page.goto(`/order-success?order=${order.orderNumber}`);
  await expect(items.getByText(sentence, { exact: true })).toBeVisible();
  await expect(items.getByText('TEST MODE', { exact: true })).toBeVisible();
});

test('a shopper returns a delivered cash on delivery line from the order drawer with a reason and a UPI ID', async ({ page, request, baseURL }) => {
  test.slow(); // axe runs on a busy 2-core machine
  const shopper = await verifiedAccount(request, 'First@123');
  const { product, size } = await ampleSize(request);
  const orderNumber = await placeOrder(request, shopper, product, size);
  // A placed line cannot skip to delivered: it is shipped first.
  setStatus(baseURL!, orderNumber, 'order has been shipped');
  setStatus(baseURL!, orderNumber, 'order has been delivered');

  await openMyOrders(page, shopper);
  const row = await orderButton(page, orderNumber);
  await row.click();
  const details = drawer(page);
  await expect(details.getByText('Order Has Been Delivered', { exact: true })).toBeVisible();
  await expect(details.getByText(/^You can return this item until \d{1,2} [A-Z][a-z]{2}$/)).toBeVisible();
  await details.getByRole('button', { name: 'Return', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Return Item' });
  const reason = dialog.getByRole('combobox', { name: 'Select a reason' });
  await expect(reason).toBeVisible();
  await expect(reason.getByRole('option')).toHaveText(['Select Reason', "Size doesn't fit", 'Damaged or defective', 'Wrong item received', 'Not as described', 'Changed my mind', 'Other']);
  await dialog.getByRole('button', { name: 'Request Return' }).click();
  await expect(dialog.getByText('Please select a reason', { exact: true })).toBeVisible();
  await expect(dialog.getByText('UPI ID is required for the refund of a cash on delivery order', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await reason.selectOption("Size doesn't fit");
  await dialog.getByRole('textbox', { name: 'UPI ID for the refund' }).fill('nila.rao@okbank');
  const sent = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/customer/return-order');
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/customer/return-order');
  await dialog.getByRole('button', { name: 'Request Return' }).click();
  const { order_id, ...asked } = (await sent).postDataJSON();
  expect(typeof order_id).toBe('number');
  expect(asked).toEqual({ reason: "Size doesn't fit", upi_id: 'nila.rao@okbank' });
  const answer = await (await answered).json();
  expect(answer).toMatchObject({ success: true });

  await expect(toast(page, answer.message)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(afterSale(details).getByText('Return Requested', { exact: true })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Return', exact: true })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Close order details' })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(row).toContainText('Return Requested');
  // From the server, not only the list the island holds.
  await page.reload();
  await expect(await orderButton(page, orderNumber)).toContainText('Return Requested');
});
