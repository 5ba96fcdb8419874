/**
 * Steps the My Orders specs share: orders placed through the API for a fresh
 * shopper, the store's orders command, and the list, the drawer and the
 * toasts as a shopper sees them.
 */
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { settleAnimations, signInThroughApi, type verifiedAccount } from './helpers.ts';
import { e2eDatabaseFile } from './hostile-names.ts';
import { API_KEY, allProducts, apiGet, apiPost, inStock, type Product, type Variation } from './store-api.ts';

type Shopper = Awaited<ReturnType<typeof verifiedAccount>>;

// The store API's own messages (api/messages.ts).
export const CANCELLED = 'Order cancelled successfully';
export const ADDRESS_SAVED = 'Shipping address saved successfully';
export const PAGE_INVALID = 'Page must be a whole number from 1 to 10000';

/**
 * A size with plenty left, so other specs' stock-dependent screens stay as they
 * are. `last`: the last such product, which no other test orders, for a test that counts its stock.
 */
export async function ampleSize(request: APIRequestContext, { last = false } = {}): Promise<{ product: Product; size: Variation }> {
  const ample = (p: Product) => inStock(p).some((v) => v.stock >= 10);
  const products = await allProducts(request);
  const product = (last ? products.findLast(ample) : products.find(ample))!;
  return { product, size: inStock(product).find((v) => v.stock >= 10)! };
}

/**
 * `count` sizes with plenty left, of products no other spec orders or counts
 * (not the first or last of ampleSize, not the new arrivals the checkout
 * specs pick), so ordering a unit of each changes nothing another test sees.
 */
export async function untouchedSizes(request: APIRequestContext, count: number): Promise<Array<{ product: Product; size: Variation }>> {
  const newArrivals = new Set(((await apiGet(request, '/new-arrivals')).data.products as Product[]).map((product) => product.id));
  const ample = (await allProducts(request)).filter((product) => inStock(product).some((v) => v.stock >= 10));
  const sizes = ample
    .slice(1, -1)
    .filter((product) => !newArrivals.has(product.id))
    .flatMap((product) => inStock(product).filter((v) => v.stock >= 10).map((size) => ({ product, size })));
  expect(sizes.length).toBeGreaterThanOrEqual(count);
  return sizes.slice(0, count);
}

export async function stockOf(request: APIRequestContext, product: Product, size: Variation): Promise<number> {
  const details = await apiGet(request, `/single-product-details/${product.slug}`);
  return details.data.product.productVariations.find((v: Variation) => v.id === size.id).stock;
}

/** Places a cash-on-delivery order of one unit through the API; answers its number. */
export async function placeOrder(request: APIRequestContext, shopper: Shopper, product: Product, size: Variation): Promise<string> {
  return placeOrderOf(request, shopper, [{ product, size }]);
}

/** Places a cash-on-delivery order of one unit of each size through the API; answers its number. */
export async function placeOrderOf(request: APIRequestContext, shopper: Shopper, lines: Array<{ product: Product; size: Variation }>): Promise<string> {
  const token = (await apiPost(request, '/customer/login', { email: shopper.email, password: shopper.password })).data.token as string;
  const placed = await request.post('/api/checkout', {
    headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` },
    data: {
      firstname: 'Nila',
      lastname: 'Rao',
      email: shopper.email,
      phone_number: shopper.phone,
      payment_method: 'cod',
      address: '14 Linking Road',
      pincode: '400050',
      city: 'Mumbai Suburban',
      state: 'Maharashtra',
      products: lines.map(({ product, size }) => ({
        ...(product.retailer_id ? { retailer_id: product.retailer_id, retailer_product_id: product.id } : { wholesaler_id: product.wholesaler_id, product_id: product.id }),
        quantity: 1,
        final_amount: size.final_price,
        product_variation: size.product_variation,
      })),
    },
  });
  expect(placed.status()).toBe(200);
  return (await placed.json()).data.order_number as string;
}

/** The store's orders command (README: Running orders) on this server's database. */
export function setStatus(baseURL: string, orderNumber: string, status: string) {
  execFileSync('node', ['scripts/orders.ts', 'set-status', orderNumber, status], {
    env: { ...process.env, DATABASE_URL: e2eDatabaseFile(baseURL) },
    stdio: 'pipe',
  });
}

export async function openMyOrders(page: Page, shopper: Shopper) {
  await page.goto('/');
  await signInThroughApi(page, shopper.email, shopper.password);
  await page.goto('/my-account/orders');
}

/** The island hydrates on idle: the orders become buttons then. */
export const orderButton = async (page: Page, orderNumber: string) => {
  const button = page.getByRole('list', { name: 'Your orders' }).getByRole('button', { name: new RegExp(orderNumber) });
  await expect(button).toBeEnabled();
  return button;
};
export const drawer = (page: Page) => page.getByRole('dialog', { name: 'Order Details' });
export const toast = (page: Page, text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

export async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}
