/**
 * A signed-in shopper checks out (issue 13): the form is prefilled from the
 * profile and the saved address, FLAT200 applies, a double click on confirm
 * makes one order, prepaid goes to /payment, a price changed behind the
 * shopper's back is shown and nothing is ordered until confirmed again, and
 * a sold-out line is marked on its row.
 */
import { expect, test, type Page } from '@playwright/test';
import { rupeesToPaise } from '../../src/lib/money.ts';
import { addThroughApi, openDrawer, sizedProducts } from './cart-steps.ts';
import { API_KEY } from './store-api.ts';
import { holdIsland, verifiedAccount, signInThroughApi } from './helpers.ts';
import {
  ADDRESS,
  confirmDialog,
  expectNoAxeViolations,
  field,
  main,
  orderNavigation,
  orderNumbersOf,
  placeOrderButton,
  signedInAtCheckout,
  summary,
  summaryValue,
  toasts,
  withDatabase,
} from './checkout-steps.ts';
const placeOrder = (page: Page) => placeOrderButton(page).click();
const total = (page: Page) => summaryValue(page, 'Total');

test('a signed-in shopper finds the form prefilled and buys with FLAT200', async ({ page, request }) => {
  const picks = await sizedProducts(request, 2);
  // FLAT200 needs an order of ₹999 or more.
  const pick = picks.find((p) => rupeesToPaise(p.variant.final_price)! * Math.min(5, p.variant.stock) >= 99900)!;
  const quantity = Math.min(5, pick.variant.stock, Math.ceil(99900 / rupeesToPaise(pick.variant.final_price)!));
  const { email, phone, token } = await signedInAtCheckout(page, request, [[pick, quantity]]);

  await expect(field(page, 'First name')).toHaveValue('Nila');
  await expect(field(page, 'Last name')).toHaveValue('Rao');
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Phone number')).toHaveValue(phone);
  await expect(field(page, 'Address')).toHaveValue(ADDRESS.address);
  await expect(field(page, 'Pincode')).toHaveValue(ADDRESS.pincode);
  await expect(field(page, 'City')).toHaveValue('Bengaluru Urban');
  await expect(field(page, 'State')).toHaveValue('Karnataka');
  await expectNoAxeViolations(page);

  await field(page, 'Coupon code').fill('flat200');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByText('Discount (FLAT200)')).toBeVisible();
  const subtotal = rupeesToPaise(pick.variant.final_price)! * quantity;
  await expect(total(page)).toHaveText(`₹${((subtotal - 20000) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);

  await placeOrder(page);
  await expect(confirmDialog(page).getByRole('button', { name: 'Confirm order' })).toBeFocused();
  await expectNoAxeViolations(page);
  const number = await orderNavigation(page, '/order-success', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click());
  expect(await orderNumbersOf(request, token)).toEqual([number]);
});

test('a double click on confirm places one order', async ({ page, request }) => {
  const [, second] = await sizedProducts(request);
  const { token } = await signedInAtCheckout(page, request, [[second!, 1]]);
  await placeOrder(page);
  const number = await orderNavigation(page, '/order-success', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).dblclick());
  expect(await orderNumbersOf(request, token)).toEqual([number]);
});

test('prepaid goes to the payment page with the order number', async ({ page, request }) => {
  const [first] = await sizedProducts(request);
  const { token } = await signedInAtCheckout(page, request, [[first!, 1]]);
  await main(page).getByRole('radio', { name: 'Prepaid' }).check();
  await placeOrder(page);
  const number = await orderNavigation(page, '/payment', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click());
  expect(await orderNumbersOf(request, token)).toEqual([number]);
});

test('a payment method picked before the checkout has loaded is the one ordered', async ({ page, request }) => {
  const [first] = await sizedProducts(request);
  const island = await holdIsland(page, 'CheckoutPage');
  const { token } = await signedInAtCheckout(page, request, [[first!, 1]]);
  await main(page).getByRole('radio', { name: 'Prepaid' }).check();
  island.release();
  // Place order waits for the island (disabled until it has hydrated).
  await placeOrder(page);
  await expect(main(page).getByRole('radio', { name: 'Prepaid' })).toBeChecked();
  const number = await orderNavigation(page, '/payment', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click());
  expect(await orderNumbersOf(request, token)).toEqual([number]);
});

test('prices changed between the cart and confirm show the new total and order nothing until confirmed again', async ({ page, request }) => {
  const picks = await sizedProducts(request);
  const pick = picks[4]!;
  const { token } = await signedInAtCheckout(page, request, [[pick, 1]]);
  const before = rupeesToPaise(pick.variant.final_price)!;
  const after = before + 10000;
  await withDatabase((db) => db.updateTable('product_variants').set({ final_price: after }).where('id', '=', pick.variant.id).execute());
  try {
    await placeOrder(page);
    await confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click();
    await expect(main(page).getByRole('status')).toHaveText('Prices have changed. Please check the new total and place your order again');
    await expect(confirmDialog(page)).toBeHidden();
    const newTotal = `₹${(after / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    await expect(total(page)).toHaveText(newTotal);
    await expect(summary(page).getByRole('heading', { name: 'Order summary' })).toBeFocused();
    await expectNoAxeViolations(page);
    expect(await orderNumbersOf(request, token)).toEqual([]);

    await placeOrder(page);
    await expect(confirmDialog(page)).toContainText(newTotal);
    const number = await orderNavigation(page, '/order-success', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click());
    expect(await orderNumbersOf(request, token)).toEqual([number]);
  } finally {
    await withDatabase((db) => db.updateTable('product_variants').set({ final_price: before }).where('id', '=', pick.variant.id).execute());
  }
});

test('a line sold out before confirm is marked on its row and nothing is ordered', async ({ page, request }) => {
  const picks = await sizedProducts(request);
  const [soldOut, other] = [picks[5]!, picks[6]!];
  const { token } = await signedInAtCheckout(page, request, [[soldOut, 1], [other, 1]]);
  const stock = soldOut.variant.stock;
  await withDatabase((db) => db.updateTable('product_variants').set({ stock: 0 }).where('id', '=', soldOut.variant.id).execute());
  try {
    await placeOrder(page);
    await confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click();
    const row = summary(page).getByRole('listitem', { name: soldOut.product.name });
    await expect(row).toContainText('is sold out');
    await expect(summary(page).getByRole('heading', { name: 'Order summary' })).toBeFocused();
    await expect(summary(page).getByRole('listitem', { name: other.product.name })).not.toContainText('sold out');
    await expectNoAxeViolations(page);
    expect(await orderNumbersOf(request, token)).toEqual([]);
    // What was typed is kept.
    await expect(field(page, 'Address')).toHaveValue(ADDRESS.address);

    await row.getByRole('button', { name: `Remove ${soldOut.product.name}` }).click();
    await expect(summary(page).getByRole('listitem')).toHaveCount(1);
    await placeOrder(page);
    const number = await orderNavigation(page, '/order-success', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click());
    expect(await orderNumbersOf(request, token)).toEqual([number]);
  } finally {
    await withDatabase((db) => db.updateTable('product_variants').set({ stock }).where('id', '=', soldOut.variant.id).execute());
  }
});

test('Escape closes the confirmation and keeps the cart; its Cancel empties the cart', async ({ page, request }) => {
  const [first] = await sizedProducts(request);
  const { token } = await signedInAtCheckout(page, request, [[first!, 1]]);
  await placeOrder(page);
  await expect(confirmDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirmDialog(page)).toBeHidden();
  await expect(summary(page).getByRole('listitem')).toHaveCount(1);

  await placeOrder(page);
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(main(page).getByText('Your cart is empty')).toBeVisible();
  // The page empties at once; the server's lines go after, and the toast says when they have.
  await expect(toasts(page).getByText('Cart updated successfully', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  const cart = await request.get('/api/customer/cart', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
  expect((await cart.json()).data.cart).toEqual([]);
  expect(await orderNumbersOf(request, token)).toEqual([]);
});

test('an answer lost on the way, then a retry, makes one order: the retry sends the same Idempotency-Key', async ({ page, request }) => {
  const [, , third] = await sizedProducts(request);
  const { token } = await signedInAtCheckout(page, request, [[third!, 1]]);
  const keys: string[] = [];
  await page.route('**/api/checkout', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    // The server places the order, and its answer never reaches the browser.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await placeOrder(page);
  await confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click();
  await expect(toasts(page).getByText('Failed to place order', { exact: true })).toBeVisible();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(field(page, 'Address')).toHaveValue(ADDRESS.address);
  const placed = await orderNumbersOf(request, token);
  expect(placed).toHaveLength(1);

  await placeOrder(page);
  const number = await orderNavigation(page, '/order-success', () => confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click());
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(number).toBe(placed[0]);
  expect(await orderNumbersOf(request, token)).toEqual(placed);
});

test("the server renders /checkout with the cart's lines and the shopper's details, before any JavaScript", async ({ browser, page, request }) => {
  const [first] = await sizedProducts(request);
  const { email } = await signedInAtCheckout(page, request, [[first!, 2]]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();
  const response = await plain.goto('/checkout');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const line = summary(plain).getByRole('listitem', { name: first!.product.name });
  await expect(line).toContainText(`Size: ${first!.variant.product_variation}`);
  await expect(line).toContainText(`x 2`);
  await expect(field(plain, 'Email')).toHaveValue(email);
  await expect(field(plain, 'Address')).toHaveValue(ADDRESS.address);
  await context.close();
});

test('a reload while the order is being placed: "Check my order" sends the same key and shows the one order', async ({ page, request }) => {
  const [first] = await sizedProducts(request);
  const { token } = await signedInAtCheckout(page, request, [[first!, 1]]);
  const keys: string[] = [];
  let reachedServer!: () => void;
  const placedMeanwhile = new Promise<void>((resolve) => (reachedServer = resolve));
  await page.route('**/api/checkout', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    // The server places the order; the page reloads before the answer arrives.
    await route.fetch();
    reachedServer();
  });
  await placeOrder(page);
  await confirmDialog(page).getByRole('button', { name: 'Confirm order' }).click();
  await placedMeanwhile;
  await page.reload();

  const pending = main(page).getByRole('region', { name: 'Your order may already have been placed' });
  await expect(pending).toBeVisible();
  await expectNoAxeViolations(page);
  const placed = await orderNumbersOf(request, token);
  expect(placed).toHaveLength(1);
  const number = await orderNavigation(page, '/order-success', () => pending.getByRole('button', { name: 'Check my order' }).click());
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(number).toBe(placed[0]);
  expect(await orderNumbersOf(request, token)).toEqual(placed);
});

test("the cart drawer's Checkout leads a signed-in shopper to /checkout", async ({ page, request }) => {
  const [first] = await sizedProducts(request);
  const { email, password } = await verifiedAccount(request);
  await page.goto('/');
  const token = await signInThroughApi(page, email, password);
  await addThroughApi(request, token, first!, 1);
  await page.goto('/shop');
  const drawer = await openDrawer(page, 1);
  await drawer.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(summary(page).getByRole('listitem', { name: first!.product.name })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
});
