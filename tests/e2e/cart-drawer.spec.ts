import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { MAX_CART_LINE_QUANTITY } from '../../src/lib/constants.ts';
import {
  addThroughApi,
  cartButton,
  cartLine,
  guestLine,
  linePrice,
  openDrawer,
  priceSum,
  seedGuestCart,
  signInFreshShopper,
  sizedProducts,
  toast,
} from './cart-steps.ts';
import { addToCartFormsReady } from './add-to-cart-steps.ts';
import { watchCsp } from './helpers.ts';
import { API_KEY } from './store-api.ts';

test('the header button opens Cart(n) with each line: name, size and price times quantity', async ({ page, request }) => {
  const [first, second] = await sizedProducts(request, 2);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(first!, 1), guestLine(second!, 2)]);

  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  const dialog = await openDrawer(page, 2);
  for (const [pick, quantity] of [[first!, 1], [second!, 2]] as const) {
    const line = cartLine(dialog, pick);
    await expect(line.getByRole('link', { name: pick.product.name, exact: true })).toHaveAttribute('href', `/products/${pick.product.slug}`);
    await expect(line).toContainText(`Size: ${pick.variant.product_variation}`);
    await expect(line).toContainText(linePrice(pick, quantity));
    await expect(line.getByRole('group', { name: /^Quantity of/ })).toContainText(String(quantity));
  }
  await expect(dialog.getByRole('term').filter({ hasText: 'Subtotal' })).toBeVisible();
  await expect(dialog.getByRole('definition')).toHaveText(priceSum([[first!, 1], [second!, 2]]));
});

test('the drawer locks page scrolling, takes focus, and closes with Escape, the close button or the backdrop', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(pick!)]);

  const dialog = await openDrawer(page, 1);
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  await expect(dialog.getByRole('button', { name: 'Close cart' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
  await expect(cartButton(page)).toBeFocused();
  await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');

  await openDrawer(page, 1);
  await dialog.getByRole('button', { name: 'Close cart' }).click();
  await expect(dialog).toBeHidden();

  await openDrawer(page, 1);
  // The backdrop: the page to the left of the drawer.
  await page.mouse.click(10, 400);
  await expect(dialog).toBeHidden();
});

test('plus raises the quantity up to min(stock, 5) and is then disabled; minus at 1 removes the line', async ({ page, request }) => {
  const [pick] = await sizedProducts(request, 2);
  const limit = Math.min(pick!.variant.stock, MAX_CART_LINE_QUANTITY);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(pick!)]);

  const dialog = await openDrawer(page, 1);
  const line = cartLine(dialog, pick!);
  const plus = line.getByRole('button', { name: /^Increase quantity/ });
  const minus = line.getByRole('button', { name: /^Decrease quantity/ });
  for (let quantity = 2; quantity <= limit; quantity++) {
    await plus.click();
    await expect(line).toContainText(linePrice(pick!, quantity));
  }
  await expect(toast(page, 'Cart quantity updated').first()).toBeVisible();
  await expect(plus).toBeDisabled();

  for (let quantity = limit - 1; quantity >= 1; quantity--) {
    await minus.click();
    await expect(line).toContainText(linePrice(pick!, quantity));
  }
  await expect(plus).toBeEnabled();
  await minus.click();
  await expect(line).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Cart(0)', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'CONTINUE SHOPPING' })).toHaveAttribute('href', '/shop');
});

test('REMOVE takes the line out with a toast, and the cart survives a reload', async ({ page, request }) => {
  const [first, second] = await sizedProducts(request, 2);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(first!), guestLine(second!)]);

  const dialog = await openDrawer(page, 2);
  await cartLine(dialog, second!).getByRole('button', { name: /^Increase quantity/ }).click();
  await expect(cartLine(dialog, second!)).toContainText(linePrice(second!, 2));
  await cartLine(dialog, first!).getByRole('button', { name: /^REMOVE/ }).click();
  await expect(toast(page, 'Item removed from cart')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cart(1)', exact: true })).toBeVisible();
  await expect(cartLine(dialog, first!)).toHaveCount(0);

  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  const reopened = await openDrawer(page, 1);
  await expect(cartLine(reopened, second!)).toContainText(linePrice(second!, 2));
  await expect(cartLine(reopened, first!)).toHaveCount(0);
});

test('an empty cart says so and offers CONTINUE SHOPPING', async ({ page }) => {
  await page.goto('/');
  const dialog = await openDrawer(page, 0);
  await expect(dialog.getByText('Your cart is empty')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
  await dialog.getByRole('link', { name: 'CONTINUE SHOPPING' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop');
});

test('View Cart goes to /cart and CONTINUE SHOPPING to /shop', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(pick!)]);

  const dialog = await openDrawer(page, 1);
  await expect(dialog.getByRole('link', { name: 'CONTINUE SHOPPING' })).toHaveAttribute('href', '/shop');
  await dialog.getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cart' && url.search === '');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cart');
  await expect(cartLine(page.getByRole('main'), pick!)).toBeVisible();
});

test('signed out, Checkout goes to /cart with the sign-in prompt', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(pick!)]);

  const dialog = await openDrawer(page, 1);
  await dialog.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cart' && url.searchParams.get('login') === '1');
  const prompt = page.getByRole('region', { name: 'Sign in to check out' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Your cart is kept');
  await expect(prompt.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  await expect(cartLine(page.getByRole('main'), pick!)).toBeVisible();
});

test('signed in, the drawer shows the server cart and Checkout goes to /checkout', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  await page.goto('/');
  const { token } = await signInFreshShopper(page, request);
  await addThroughApi(request, token, pick!, 2);
  await page.reload();

  const dialog = await openDrawer(page, 1);
  await expect(cartLine(dialog, pick!)).toContainText(linePrice(pick!, 2));
  await dialog.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // The checkout shows the line the drawer showed.
  await expect(page.getByRole('main')).toContainText(pick!.product.name);
});

test('a failed sync of the guest cart after sign-in shows a notice whose Retry sends it again', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  await page.goto('/');
  const { token } = await signInFreshShopper(page, request);
  await page.route('**/api/customer/add-to-cart-guest', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Failed to sync cart items' }) }),
  );
  // Guest lines kept from before the sign-in: the page start sends them, and the call fails.
  await seedGuestCart(page, [guestLine(pick!, 2)]);
  // The failure's toast shows below the header, so the cart button stays free to press.
  const failureToast = toast(page, 'Failed to sync cart items');
  await expect(failureToast).toBeVisible();
  const header = await page.getByRole('banner').boundingBox();
  // Polled: the toast slides in from above before it settles.
  await expect.poll(async () => (await failureToast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(header!.y + header!.height);

  const dialog = await openDrawer(page, 1);
  const notice = dialog.getByRole('alert');
  await expect(notice).toContainText('Failed to sync cart items');
  await expect(cartLine(dialog, pick!)).toContainText(linePrice(pick!, 2));

  await page.unroute('**/api/customer/add-to-cart-guest');
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(notice).toBeHidden();
  await expect(cartLine(dialog, pick!)).toContainText(linePrice(pick!, 2));
  const cart = await request.get('/api/customer/cart', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
  expect((await cart.json()).data.cart).toEqual([expect.objectContaining({ product_id: pick!.product.id, quantity: 2 })]);
});

test('the open drawer has no serious accessibility violations and no CSP violations', async ({ page, request }) => {
  const violations = watchCsp(page);
  const [first, second] = await sizedProducts(request, 2);
  await page.goto('/');
  await seedGuestCart(page, [guestLine(first!), guestLine(second!, 2)]);
  await openDrawer(page, 2);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(violations).toEqual([]);
});

test('an add from the product page opens the drawer; closing it gives focus back to Add to cart', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  await page.goto(`/products/${pick!.product.slug}`);
  // The page's script takes the form over once it has run.
  await addToCartFormsReady(page);
  // The radio is visually hidden: a shopper clicks its label.
  const size = page.getByRole('radio', { name: new RegExp(`^${pick!.variant.product_variation},`) });
  await page.getByRole('group', { name: 'Size' }).locator('label').filter({ has: size }).click();
  await expect(size).toBeChecked();
  const add = page.getByRole('main').getByRole('button', { name: 'Add to cart', exact: true });
  await add.click();

  const dialog = page.getByRole('dialog', { name: 'Cart(1)', exact: true });
  await expect(dialog).toBeVisible();
  await expect(cartLine(dialog, pick!)).toContainText(`Size: ${pick!.variant.product_variation}`);
  await expect(cartLine(dialog, pick!)).toContainText(linePrice(pick!, 1));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
});
