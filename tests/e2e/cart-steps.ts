/**
 * Steps the cart specs share: products to put in a cart, a guest cart seeded
 * in local storage (or the guest_cart cookie), a fresh shopper with a
 * server-side cart, and the drawer and its lines as a shopper sees them.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatPaiseAsRupees, rupeesToPaise } from '../../src/lib/money.ts';
import { pageScriptsReady, signInThroughApi, verifiedAccount } from './helpers.ts';
import { API_KEY, apiGet, type Product, type Variation } from './store-api.ts';

/** A product and one of its sizes, in stock. */
export interface CartPick {
  product: Product;
  variant: Variation;
}

/** New arrivals with a size in stock (at least `minStock`), distinct products. */
export async function sizedProducts(request: APIRequestContext, minStock = 1): Promise<CartPick[]> {
  const body = await apiGet(request, '/new-arrivals');
  const products = body.data.products as Product[];
  const picks: CartPick[] = [];
  for (const product of products) {
    const variant = product.productVariations.find((v) => v.stock >= minStock);
    if (variant) picks.push({ product, variant });
  }
  expect(picks.length).toBeGreaterThan(1);
  return picks;
}

/** A guest cart line as the cart store keeps it (src/lib/cart.ts lineFor). */
export function guestLine({ product, variant }: CartPick, quantity = 1) {
  return {
    product_id: product.id,
    product_name: product.name,
    product_slug: product.slug,
    product_images: product.cover_image,
    quantity,
    product_stock: variant.stock,
    final_price: variant.final_price,
    retailer_id: product.retailer_id,
    wholesaler_id: product.wholesaler_id,
    selected_variant: { id: variant.id, product_variation: variant.product_variation, final_price: variant.final_price, stock: variant.stock },
  };
}

/** The shopper's price of `quantity` of a pick, as shown: '₹1,299.00'. */
export function linePrice({ variant }: CartPick, quantity: number): string {
  return formatPaiseAsRupees(rupeesToPaise(variant.final_price)! * quantity);
}

/** The sum of line prices, as shown. */
export function priceSum(entries: readonly (readonly [CartPick, number])[]): string {
  return formatPaiseAsRupees(entries.reduce((sum, [{ variant }, quantity]) => sum + rupeesToPaise(variant.final_price)! * quantity, 0));
}

/** Puts lines in the persisted guest cart of this origin (the page must be on the site), then reloads. */
export async function seedGuestCart(page: Page, lines: ReturnType<typeof guestLine>[]): Promise<void> {
  await pageScriptsReady(page);
  await page.evaluate((cartItems) => {
    const state = JSON.parse(localStorage.getItem('store-state') ?? '{}');
    state.cart = { cartItems };
    localStorage.setItem('store-state', JSON.stringify(state));
  }, lines);
  await page.reload();
}

/** A new, verified account of its own (so parallel tests never share a cart), signed in on `page`. */
export async function signInFreshShopper(page: Page, request: APIRequestContext): Promise<{ email: string; password: string; token: string }> {
  const { email, password } = await verifiedAccount(request);
  const token = await signInThroughApi(page, email, password);
  return { email, password, token };
}

/** Adds to the signed-in cart through the API, as an add-to-cart button would. */
export async function addThroughApi(request: APIRequestContext, token: string, { product, variant }: CartPick, quantity = 1): Promise<void> {
  const response = await request.post('/api/customer/add-to-cart', {
    headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` },
    data: { product_id: product.id, id: variant.id, quantity, retailer_id: product.retailer_id, wholesaler_id: product.wholesaler_id },
  });
  expect(response.ok()).toBe(true);
}

/** The header's cart button, once hydrated ('Cart, N items'). */
/** The header's cart control: the link to /cart until the shopper reaches for it (or the cart has lines), then the drawer's button. */
export const cartButton = (page: Page): Locator =>
  page
    .getByRole('banner')
    .getByRole('button', { name: /^Cart, \d+ items?$/ })
    .or(page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }));

export const drawer = (page: Page): Locator => page.getByRole('dialog', { name: /^Cart\(\d+\)$/ });

/** One line of a cart list, by product name. */
export const cartLine = (scope: Locator, pick: CartPick): Locator => scope.getByRole('listitem', { name: pick.product.name, exact: true });

/** Sonner's toast list. */
export const toast = (page: Page, text: string): Locator =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/**
 * Opens the drawer from the header (waits for the island to hydrate): the link
 * or the button, whichever shows. A cart with lines hydrates its button when
 * the browser is idle; a click that lands as the button replaces the link
 * still opens the drawer (decision 045).
 */
export async function openDrawer(page: Page, count: number): Promise<Locator> {
  await cartButton(page).click();
  const dialog = page.getByRole('dialog', { name: `Cart(${count})`, exact: true });
  await expect(dialog).toBeVisible();
  return dialog;
}
