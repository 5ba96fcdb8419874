/**
 * The wishlist (SPEC §4 Wishlist, §6): signed-out shoppers are asked to sign
 * in; signed in, the heart saves a product (the server's message as a toast)
 * and the list at /my-account/wishlist adds to the cart and removes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addToCartFormsReady, allHydrated, allProducts, find, sizedProducts, wishlistHeartsReady, type Product } from './add-to-cart-steps.ts';
import { toast } from './cart-steps.ts';
import { signInThroughApi, watchCsp, verifiedAccount } from './helpers.ts';
import { apiPost } from './store-api.ts';

/** The product page's own heart (cards further down name their product). */
const heart = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Save to wishlist', exact: true });

async function products(request: Parameters<typeof allProducts>[0]): Promise<{ plain: Product; sized: Product }> {
  const all = await allProducts(request);
  const plain = find(all.filter((p) => p.productVariations.length === 0 && p.quantity > 0), 'a product without sizes in stock');
  const sized = find(sizedProducts(all, 2), 'a product with several sizes');
  return { plain, sized };
}

async function saveFromPage(page: Page, product: Product): Promise<void> {
  await page.goto(`/products/${product.slug}`);
  await wishlistHeartsReady(page);
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'false');
  await heart(page).click();
  await expect(toast(page, 'Product added to wishlist').first()).toBeVisible();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');
}

test('a signed-out shopper who taps the heart is asked to sign in', async ({ page, request }) => {
  const violations = watchCsp(page);
  const { plain } = await products(request);
  await page.goto(`/products/${plain.slug}`);
  await wishlistHeartsReady(page);

  await heart(page).click();
  const note = page.getByRole('status').filter({ hasText: 'Sign in to save items to your wishlist.' });
  await expect(note).toBeVisible();
  await expect(note.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  await expect(note.getByRole('link', { name: 'Sign in' })).toBeFocused();
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'false');

  await page.keyboard.press('Escape');
  await expect(note).toBeHidden();
  await expect(heart(page)).toBeFocused();
  expect(violations).toEqual([]);
});

test('a signed-in shopper saves products, sees them at /my-account/wishlist, adds one to the cart and removes them', async ({
  page,
  request,
}) => {
  const violations = watchCsp(page);
  const { plain, sized } = await products(request);
  const { email, password } = await verifiedAccount(request);
  await page.goto('/');
  await signInThroughApi(page, email, password);

  await saveFromPage(page, plain);
  await saveFromPage(page, sized);
  // A reload still shows the saved state (the store reads the list again).
  await page.reload();
  await wishlistHeartsReady(page);
  await expect(heart(page)).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/my-account/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('aria-current', 'page');
  const list = page.getByRole('region', { name: 'Saved products' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('link', { name: plain.name, exact: true })).toHaveAttribute('href', `/products/${plain.slug}`);
  await expect(list.getByRole('combobox', { name: `Size of ${sized.name}` })).toBeVisible();
  await addToCartFormsReady(page);
  await allHydrated(page, 'RemoveFromWishlist');

  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await list.getByRole('button', { name: `Add to cart: ${plain.name}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart(1)', exact: true });
  await expect(drawer).toBeVisible();
  await expect(toast(page, 'Item added successfully in cart.').first()).toBeVisible();
  await expect(drawer.getByRole('listitem', { name: plain.name, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await list.getByRole('button', { name: `Remove ${plain.name} from wishlist` }).click();
  await expect(toast(page, 'Product removed from wishlist').first()).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: plain.name, exact: true })).toHaveCount(0);

  await list.getByRole('button', { name: `Remove ${sized.name} from wishlist` }).click();
  await expect(list.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(0);

  // The server agrees: the list is empty after a reload too.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Saved products' }).getByText('Your wishlist is empty.')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the hearts on product cards ask a signed-out shopper to sign in, and save a signed-in shopper\'s product', async ({ page, request }) => {
  const violations = watchCsp(page);
  const listed = (await apiPost(request, '/get-products?page=1')).data.products.data as Product[];
  const product = find(listed, 'a product on page 1 of the shop');
  const cardHeart = page.getByRole('main').getByRole('button', { name: `Save ${product.name} to wishlist`, exact: true }).first();

  await page.goto('/shop');
  await wishlistHeartsReady(page);
  await cardHeart.click();
  const note = page.getByRole('status').filter({ hasText: 'Sign in to save items to your wishlist.' });
  await expect(note).toBeVisible();
  await expect(note.getByRole('link', { name: 'Sign in' })).toBeFocused();
  // A press outside the heart closes the note.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(note).toBeHidden();
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');

  const { email, password } = await verifiedAccount(request);
  await signInThroughApi(page, email, password);
  await page.goto('/shop');
  await wishlistHeartsReady(page);
  await cardHeart.click();
  await expect(toast(page, 'Product added to wishlist').first()).toBeVisible();
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
  await expect(note).toHaveCount(0);

  // After a reload the saved product's heart shows pressed once the page's script has read the wishlist; others do not.
  await page.reload();
  await wishlistHeartsReady(page);
  await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');
  const others = page.getByRole('main').getByRole('button', { name: /^Save .* to wishlist$/, pressed: true });
  await expect(others).toHaveCount(await page.getByRole('main').getByRole('button', { name: `Save ${product.name} to wishlist`, exact: true }).count());
  expect(violations).toEqual([]);
});
