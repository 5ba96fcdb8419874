/**
 * Add to cart from the product page with JavaScript (SPEC §2 Cart popup, §4
 * Cart, §5 Cart and sync rules, §6): the drawer opens after each add, the
 * quantity stops at min(stock, 5), the cart survives a reload, a guest cart
 * joins the server cart at sign-in, and sizes are required and respected.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MAX_CART_LINE_QUANTITY } from '../../src/lib/constants.ts';
import {
  addButton,
  allProducts,
  apiToken,
  chooseSize,
  find,
  addToCartFormsReady,
  inStock,
  serverCartOf,
  sizedProducts,
  type Product,
  type Variation,
} from './add-to-cart-steps.ts';
import { addThroughApi, cartButton, toast } from './cart-steps.ts';
import { watchCsp, verifiedAccount } from './helpers.ts';
import { apiPost } from './store-api.ts';

const drawerOf = (page: Page, count: number): Locator => page.getByRole('dialog', { name: `Cart(${count})`, exact: true });

/** A line of the drawer: the product, and its size when it has one. */
const lineOf = (scope: Locator, product: Product, size?: Variation): Locator => {
  const line = scope.getByRole('listitem', { name: product.name, exact: true });
  return size ? line.filter({ hasText: `Size: ${size.product_variation}` }) : line;
};

async function openProduct(page: Page, product: Product): Promise<void> {
  await page.goto(`/products/${product.slug}`);
  await addToCartFormsReady(page);
}

/** Adds the chosen size from the product page; the drawer opens with `count` lines and the toast shows. */
async function addFromPage(page: Page, product: Product, size: Variation, count: number): Promise<Locator> {
  await openProduct(page, product);
  await chooseSize(page, size.product_variation);
  await addButton(page).click();
  const drawer = drawerOf(page, count);
  await expect(drawer).toBeVisible();
  await expect(toast(page, 'Item added to cart.').first()).toBeVisible();
  await expect(lineOf(drawer, product, size)).toBeVisible();
  return drawer;
}

test('a guest adds two sizes and another product, changes quantities up to the limit, removes one, and keeps the cart after a reload', async ({
  page,
  request,
}) => {
  const violations = watchCsp(page);
  const products = await allProducts(request);
  const first = find(sizedProducts(products, 2, 2), 'a product with two sizes in stock');
  const [size1, size2] = first.productVariations.filter((v) => v.stock >= 2) as [Variation, Variation];
  const second = find(sizedProducts(products).filter((p) => p.id !== first.id), 'another product with a size');
  const size3 = inStock(second)[0]!;

  await addFromPage(page, first, size1, 1);
  await page.keyboard.press('Escape');
  await addFromPage(page, first, size2, 2);
  await page.keyboard.press('Escape');
  const drawer = await addFromPage(page, second, size3, 3);

  // Plus raises the first line up to min(stock, 5), then is disabled.
  const line = lineOf(drawer, first, size1);
  const plus = line.getByRole('button', { name: /^Increase quantity/ });
  const limit = Math.min(size1.stock, MAX_CART_LINE_QUANTITY);
  for (let quantity = 2; quantity <= limit; quantity++) {
    await plus.click();
    await expect(line.getByRole('group', { name: /^Quantity of/ })).toContainText(String(quantity));
  }
  await expect(plus).toBeDisabled();
  await line.getByRole('button', { name: /^Decrease quantity/ }).click();
  await expect(line.getByRole('group', { name: /^Quantity of/ })).toContainText(String(limit - 1));

  await lineOf(drawer, second, size3).getByRole('button', { name: /^REMOVE/ }).click();
  await expect(drawerOf(page, 2)).toBeVisible();
  await expect(lineOf(drawer, second)).toHaveCount(0);

  await page.reload();
  await cartButton(page).click();
  const reloaded = drawerOf(page, 2);
  await expect(reloaded).toBeVisible();
  await expect(lineOf(reloaded, first, size1).getByRole('group', { name: /^Quantity of/ })).toContainText(String(limit - 1));
  await expect(lineOf(reloaded, first, size2).getByRole('group', { name: /^Quantity of/ })).toContainText('1');
  expect(violations).toEqual([]);
});

test('a guest who signs in through the form finds their cart merged into their server cart', async ({ page, request }) => {
  const products = await allProducts(request);
  const [guestPick, serverPick] = sizedProducts(products) as [Product, Product];
  const guestSize = inStock(guestPick)[0]!;
  const serverSize = inStock(serverPick)[0]!;
  const { email, password } = await verifiedAccount(request);
  const token = await apiToken(request, email, password);
  // Already in the account's cart from another device.
  await addThroughApi(request, token, { product: { ...serverPick, cover_image: null }, variant: serverSize });

  await addFromPage(page, guestPick, guestSize, 1);
  await page.goto('/signin');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await main.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await main.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');

  await expect
    .poll(async () => (await serverCartOf(request, token)).map((line) => `${line.product_id}:${line.selected_variant?.id}:${line.quantity}`).sort())
    .toEqual([`${guestPick.id}:${guestSize.id}:1`, `${serverPick.id}:${serverSize.id}:1`].sort());

  // From the keyboard: the sign-in and sync toasts sit over the header's cart button for a while.
  // Focus wakes the button first: a key pressed before it wakes is replayed after at most five seconds
  // (src/directives/reach.ts), a busy machine took longer to wake it, and this test is about the merged cart.
  await cartButton(page).focus();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, \d+ items?$/ })).toBeFocused();
  await cartButton(page).press('Enter');
  const drawer = drawerOf(page, 2);
  await expect(drawer).toBeVisible();
  await expect(lineOf(drawer, guestPick, guestSize)).toBeVisible();
  await expect(lineOf(drawer, serverPick, serverSize)).toBeVisible();
});

test('a size is required: a post without one comes back with "Please select a size"', async ({ page, request }) => {
  const product = find(sizedProducts(await allProducts(request), 2), 'a product with sizes');
  await page.goto(`/products/${product.slug}`);
  // What the product form would send with no size chosen (every size's radio left unchecked).
  const response = await page.request.post('/cart/add', {
    form: { product_id: String(product.id), slug: product.slug, quantity: '1' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const back = response.headers()['location']!;
  expect(back).toBe(`/products/${product.slug}?cart_error=size`);

  await page.goto(back);
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a size' })).toBeVisible();
  // Once read, the message leaves the address so a reload does not repeat it.
  await addToCartFormsReady(page);
  await expect(page).toHaveURL((url) => url.pathname === `/products/${product.slug}` && url.search === '');
  // Choosing a size clears it.
  for (const size of inStock(product).slice(0, 2)) await chooseSize(page, size.product_variation);
  await expect(page.getByText('Please select a size')).toHaveCount(0);
});

test('a sold-out size cannot be chosen or added, and a sold-out product offers no add', async ({ page, request }) => {
  const products = await allProducts(request);
  const product = find(
    products.filter((p) => p.productVariations.some((v) => v.stock === 0) && inStock(p).length > 0),
    'a product with a sold-out size',
  );
  const soldOut = product.productVariations.find((v) => v.stock === 0)!;
  await openProduct(page, product);

  const radio = page.getByRole('radio', { name: `${soldOut.product_variation}, sold out`, exact: true });
  await expect(radio).toBeDisabled();
  await page.locator('label').filter({ has: radio }).click({ force: true });
  await expect(radio).not.toBeChecked();

  // A forged post of the sold-out size is refused and shown on the page; nothing lands in the cart.
  const response = await page.request.post('/cart/add', {
    form: { product_id: String(product.id), slug: product.slug, variant_id: String(soldOut.id) },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(response.headers()['location']).toBe(`/products/${product.slug}?cart_error=sold-out`);
  expect(response.headers()['set-cookie'] ?? '').not.toContain('guest_cart');
  await page.goto(response.headers()['location']!);
  await expect(page.getByRole('alert').filter({ hasText: 'This size is sold out. Please choose another size.' })).toBeVisible();

  const allSoldOut = products.find((p) => p.quantity === 0);
  if (allSoldOut) {
    await page.goto(`/products/${allSoldOut.slug}`);
    await expect(page.getByRole('main').getByRole('button', { name: 'Out of stock', exact: true })).toBeDisabled();
    await expect(addButton(page)).toHaveCount(0);
  }
});

test('a product card adds a product without sizes in one click, and one with several sizes from its size select', async ({ page, request }) => {
  const violations = watchCsp(page);
  const body = await apiPost(request, '/get-products?page=1');
  const listed = body.data.products.data as Product[];
  const plain = find(listed.filter((p) => p.productVariations.length === 0 && p.quantity > 0), 'a product without sizes on page 1');
  const sized = find(sizedProducts(listed, 2), 'a product with sizes on page 1');
  await page.goto('/shop');
  const products = page.getByRole('main');

  const add = products.getByRole('button', { name: `Add to cart: ${plain.name}`, exact: true });
  await add.scrollIntoViewIfNeeded();
  // Before the page's script has run the button would post the form instead.
  await addToCartFormsReady(page);
  await add.click();
  const drawer = drawerOf(page, 1);
  await expect(drawer).toBeVisible();
  await expect(toast(page, 'Item added to cart.').first()).toBeVisible();
  await expect(lineOf(drawer, plain)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // A card with several sizes: the size select, sold-out sizes not selectable.
  const size = inStock(sized)[0]!;
  const select = products.getByRole('combobox', { name: `Size of ${sized.name}`, exact: true });
  for (const soldOut of sized.productVariations.filter((v) => v.stock <= 0)) {
    await expect(select.getByRole('option', { name: `${soldOut.product_variation} (sold out)` })).toBeDisabled();
  }
  const addSized = products.getByRole('button', { name: `Add to cart: ${sized.name}`, exact: true });
  await addSized.scrollIntoViewIfNeeded();
  await addSized.click();
  await expect(products.getByText('Please select a size').first()).toBeVisible();
  await select.selectOption(String(size.id));
  await addSized.click();
  const both = drawerOf(page, 2);
  await expect(both).toBeVisible();
  await expect(lineOf(both, sized, size)).toBeVisible();
  expect(violations).toEqual([]);
});
