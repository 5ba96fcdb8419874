/**
 * Add to cart with JavaScript off (ARCHITECTURE: pages are HTML first): the
 * product form posts to /cart/add, which keeps a guest's lines in the
 * guest_cart cookie and a signed-in shopper's in their server cart, then
 * shows /cart.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { addButton, allProducts, apiToken, chooseSize, find, inStock, serverCartOf, sizedProducts, type Product, type Variation } from './add-to-cart-steps.ts';
import { signInThroughApi, watchCsp, verifiedAccount } from './helpers.ts';

const cartLine = (page: Page, product: Product): Locator =>
  page.getByRole('main').getByRole('listitem', { name: product.name, exact: true });

async function withoutJs(browser: Browser, storageState?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState });
  return { context, page: await context.newPage() };
}

async function addWithoutJs(page: Page, product: Product, size: Variation): Promise<void> {
  await page.goto(`/products/${product.slug}`);
  await chooseSize(page, size.product_variation);
  await addButton(page).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cart');
}

test('with JavaScript off a guest adds a size from the product page, lands on /cart, and a second add sums', async ({ browser, request }) => {
  const product = find(sizedProducts(await allProducts(request), 1, 2), 'a product with a size of stock 2 or more');
  const size = product.productVariations.find((v) => v.stock >= 2)!;
  const { context, page } = await withoutJs(browser);
  const violations = watchCsp(page);

  await addWithoutJs(page, product, size);
  const line = cartLine(page, product);
  await expect(line).toContainText(`Size: ${size.product_variation}`);
  await expect(line.getByRole('group', { name: /^Quantity of/ })).toContainText('1');

  await addWithoutJs(page, product, size);
  await expect(cartLine(page, product)).toHaveCount(1);
  await expect(cartLine(page, product).getByRole('group', { name: /^Quantity of/ })).toContainText('2');
  expect(violations).toEqual([]);
  await context.close();
});

test('with JavaScript off a signed-in shopper\'s add lands in their server cart', async ({ browser, page, request }) => {
  const product = find(sizedProducts(await allProducts(request)), 'a product with a size in stock');
  const size = inStock(product)[0]!;
  const { email, password } = await verifiedAccount(request);
  await page.goto('/');
  await signInThroughApi(page, email, password);
  const { context, page: noJs } = await withoutJs(browser, await page.context().storageState());

  await addWithoutJs(noJs, product, size);
  await expect(cartLine(noJs, product)).toContainText(`Size: ${size.product_variation}`);
  const token = await apiToken(request, email, password);
  expect((await serverCartOf(request, token)).map((line) => [line.product_id, line.selected_variant?.id, line.quantity])).toEqual([
    [product.id, size.id, 1],
  ]);
  // Nothing went to the guest cookie.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('guest_cart');
  await context.close();
});

test('a guest cookie cart that would outgrow the cookie refuses the next line and says so, keeping the others', async ({ page, playwright, baseURL }) => {
  // A client of its own that runs no scripts, so nothing moves the cookie's lines into local storage meanwhile.
  const client = await playwright.request.newContext({ baseURL });
  const picks = sizedProducts(await allProducts(client)).slice(0, 12);
  let added = 0;
  let refusedAt: string | undefined;
  for (const product of picks) {
    const response = await client.post('/cart/add', {
      form: { product_id: String(product.id), slug: product.slug, variant_id: String(inStock(product)[0]!.id) },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    const location = response.headers()['location'];
    if (location !== '/cart') {
      refusedAt = location;
      break;
    }
    added += 1;
  }
  expect(refusedAt).toMatch(/\?cart_error=full$/);
  const cookie = (await client.storageState()).cookies.find((c) => c.name === 'guest_cart')!;
  expect(cookie.value.length).toBeLessThan(4000);
  expect(JSON.parse(decodeURIComponent(cookie.value))).toHaveLength(added);
  await client.dispose();

  await page.goto(refusedAt!);
  await expect(page.getByRole('alert').filter({ hasText: 'Your cart is full. Sign in to add more items.' })).toBeVisible();
});

test('with JavaScript off a guest adds a size from a product card’s size select and lands on /cart', async ({ browser, request }) => {
  const listed = (await (await request.post('/api/get-products?page=1', { headers: { 'API-KEY': process.env.STORE_API_KEY || 'demo-store-key' } })).json())
    .data.products.data as Product[];
  const product = find(sizedProducts(listed, 2), 'a product with sizes on page 1');
  const size = inStock(product)[0]!;
  const { context, page } = await withoutJs(browser);
  await page.goto('/shop');
  const main = page.getByRole('main');
  await main.getByRole('combobox', { name: `Size of ${product.name}`, exact: true }).selectOption(String(size.id));
  await main.getByRole('button', { name: `Add to cart: ${product.name}`, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cart');
  await expect(cartLine(page, product)).toContainText(`Size: ${size.product_variation}`);
  await context.close();
});
