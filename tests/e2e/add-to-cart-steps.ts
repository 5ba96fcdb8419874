/**
 * Steps the add-to-cart and wishlist specs share: demo products of the kinds
 * they need, a fresh verified account, waiting for an island to hydrate, and
 * picking a size the way a shopper does.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_KEY, apiPost, type Product } from './store-api.ts';

export { allProducts, inStock, type Product, type Variation } from './store-api.ts';

/** Products whose sizes in stock number at least `sizes`, each such size with at least `stock` left. */
export function sizedProducts(products: Product[], sizes = 1, stock = 1): Product[] {
  return products.filter((product) => product.productVariations.filter((v) => v.stock >= stock).length >= sizes);
}

export function find<T>(list: T[], what: string): T {
  expect(list.length, `the demo store has ${what}`).toBeGreaterThan(0);
  return list[0]!;
}

/** A bearer token of the account (a session of its own, as another device would have). */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const body = await apiPost(request, '/customer/login', { email, password });
  return body.data.token as string;
}

export interface ServerLine {
  product_id: number;
  quantity: number;
  selected_variant: { id: number; product_variation: string } | null;
}

export async function serverCartOf(request: APIRequestContext, token: string): Promise<ServerLine[]> {
  const response = await request.get('/api/customer/cart', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.cart as ServerLine[];
}

/** Waits until the page's add-to-cart script has taken its forms over (before that a form posts to /cart/add). */
export async function addToCartFormsReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-add-to-cart-forms', 'ready');
}

/** Waits until the page's wishlist script has taken its hearts over. */
export async function wishlistHeartsReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-wishlist-hearts', 'ready');
}

/** Picks a size by clicking its label (the radio itself is visually hidden). */
export async function chooseSize(page: Page, size: string): Promise<void> {
  const name = new RegExp(`^${size.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')},`);
  const group = page.getByRole('group', { name: 'Size' });
  // `has` is matched inside each label, so that radio locator starts from the page, not the group.
  await group.locator('label').filter({ has: page.getByRole('radio', { name }) }).click();
  await expect(group.getByRole('radio', { name })).toBeChecked();
}

/** The product page's own button (cards further down say 'Add to cart: <name>'). */
export const addButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Add to cart', exact: true });

/** Waits until every island of a component on the page has hydrated (client:visible ones must be on screen). */
export async function allHydrated(page: Page, component: string): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="/${component}."]`).first()).toBeAttached();
  await expect(page.locator(`astro-island[component-url*="/${component}."][ssr]`)).toHaveCount(0);
}
