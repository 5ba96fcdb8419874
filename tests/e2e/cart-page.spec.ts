import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addThroughApi,
  cartLine,
  guestLine,
  linePrice,
  priceSum,
  seedGuestCart,
  signInFreshShopper,
  sizedProducts,
  toast,
} from './cart-steps.ts';
import { signInThroughApi, watchCsp } from './helpers.ts';

const main = (page: Page): Locator => page.getByRole('main');
const summary = (page: Page): Locator => main(page).getByRole('region', { name: 'Order summary' });

/** The figure next to a label of the summary ('Subtotal', 'Shipping', 'Total'). */
const figure = (page: Page, label: string): Locator =>
  summary(page).getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

test('/cart lists the lines with their prices, the subtotal, Free shipping and the total; never cached', async ({ page, request }) => {
  const violations = watchCsp(page);
  const [first, second] = await sizedProducts(request, 2);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(first!, 1), guestLine(second!, 2)]);
  const response = await page.goto('/cart');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page).toHaveTitle(/^Cart \|/);

  for (const [pick, quantity] of [[first!, 1], [second!, 2]] as const) {
    const line = cartLine(main(page), pick);
    await expect(line).toContainText(pick.product.name);
    await expect(line).toContainText(`Size: ${pick.variant.product_variation}`);
    await expect(line).toContainText(linePrice(pick, quantity));
  }
  const total = priceSum([[first!, 1], [second!, 2]]);
  await expect(figure(page, 'Subtotal')).toHaveText(total);
  await expect(figure(page, 'Shipping')).toHaveText('Free');
  await expect(figure(page, 'Total')).toHaveText(total);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The page's controls work too: one more of the first line.
  await cartLine(main(page), first!).getByRole('button', { name: /^Increase quantity/ }).click();
  await expect(cartLine(main(page), first!)).toContainText(linePrice(first!, 2));
  await expect(figure(page, 'Total')).toHaveText(priceSum([[first!, 2], [second!, 2]]));

  expect(violations).toEqual([]);
});

test('an empty cart page says so and offers CONTINUE SHOPPING', async ({ page }) => {
  await page.goto('/cart');
  await expect(main(page).getByText('Your cart is empty')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Checkout' })).toHaveCount(0);
  await main(page).getByRole('link', { name: 'CONTINUE SHOPPING' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop');
});

test('signed out, Checkout on the cart page shows the sign-in prompt and keeps the cart', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(pick!)]);
  await page.goto('/cart');
  await expect(cartLine(main(page), pick!).getByRole('button', { name: /^REMOVE/ })).toBeEnabled();
  await expect(main(page).getByRole('region', { name: 'Sign in to check out' })).toHaveCount(0);

  await summary(page).getByRole('link', { name: 'Checkout' }).click();
  const prompt = main(page).getByRole('region', { name: 'Sign in to check out' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toBeFocused();
  await expect(prompt).toContainText('Your cart is kept');
  await expect(prompt.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  await expect(cartLine(main(page), pick!)).toBeVisible();
});

test('with JavaScript off, the server renders the guest_cart cookie and the sign-in prompt', async ({ browser, request, baseURL }) => {
  const [first, second] = await sizedProducts(request, 3);
  const lines = [guestLine(first!, 3), guestLine(second!, 1)];
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([{ name: 'guest_cart', value: encodeURIComponent(JSON.stringify(lines)), url: baseURL! }]);
  const page = await context.newPage();
  await page.goto('/cart');

  await expect(cartLine(main(page), first!)).toContainText(linePrice(first!, 3));
  await expect(cartLine(main(page), first!)).toContainText(`Size: ${first!.variant.product_variation}`);
  await expect(cartLine(main(page), second!)).toContainText(linePrice(second!, 1));
  await expect(figure(page, 'Total')).toHaveText(priceSum([[first!, 3], [second!, 1]]));
  await expect(figure(page, 'Shipping')).toHaveText('Free');

  await summary(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cart' && url.searchParams.get('login') === '1');
  await expect(main(page).getByRole('region', { name: 'Sign in to check out' })).toBeVisible();
  await expect(cartLine(main(page), first!)).toBeVisible();
  await context.close();
});

test("a signed-in shopper's server cart shows on /cart, rendered by the server too", async ({ page, browser, request }) => {
  const [first, second] = await sizedProducts(request, 2);
  await page.goto('/');
  const { token } = await signInFreshShopper(page, request);
  await addThroughApi(request, token, first!, 2);
  await addThroughApi(request, token, second!, 1);

  await page.goto('/cart');
  await expect(cartLine(main(page), first!)).toContainText(linePrice(first!, 2));
  await expect(cartLine(main(page), second!)).toContainText(linePrice(second!, 1));
  await expect(figure(page, 'Total')).toHaveText(priceSum([[first!, 2], [second!, 1]]));
  await expect(summary(page).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

  // The same session cookie in a browser without JavaScript: the server's HTML alone.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await context.newPage();
  await noScript.goto('/cart');
  await expect(cartLine(main(noScript), first!)).toContainText(linePrice(first!, 2));
  await expect(cartLine(main(noScript), second!)).toContainText(linePrice(second!, 1));
  await expect(summary(noScript).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await context.close();
});

test('a signed-in cart survives a new browser context: signing in again shows the same lines', async ({ page, browser, request }) => {
  const [first, second] = await sizedProducts(request, 2);
  await page.goto('/');
  const { email, password, token } = await signInFreshShopper(page, request);
  await addThroughApi(request, token, first!, 1);
  await addThroughApi(request, token, second!, 1);
  await page.goto('/cart');
  // Changed on the page: one more of the second line, the first removed.
  await cartLine(main(page), second!).getByRole('button', { name: /^Increase quantity/ }).click();
  await expect(cartLine(main(page), second!)).toContainText(linePrice(second!, 2));
  await cartLine(main(page), first!).getByRole('button', { name: /^REMOVE/ }).click();
  await expect(toast(page, 'Item removed from cart')).toBeVisible();
  await expect(cartLine(main(page), first!)).toHaveCount(0);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/');
  await signInThroughApi(other, email, password);
  await other.goto('/cart');
  await expect(cartLine(main(other), second!)).toContainText(linePrice(second!, 2));
  await expect(cartLine(main(other), first!)).toHaveCount(0);
  await expect(figure(other, 'Total')).toHaveText(priceSum([[second!, 2]]));
  await context.close();
});
