import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../src/lib/page-cache-control.ts';
import { expect, test, type Page } from '@playwright/test';
import { formatRupees, rupeesToPaise } from '../../src/lib/money.ts';
import { allProducts, apiGet, apiPost, inStock, type Product } from './store-api.ts';

/** The listing's fields this spec reads beyond the shared ones. */
interface ListedProduct extends Product {
  sku: string;
  sub_category_id: number;
  product_images: string | null;
}

const paise = (price: string) => rupeesToPaise(price) ?? Number.NaN;
const cheapestInStock = (product: ListedProduct) =>
  [...inStock(product)].sort((a, b) => paise(a.final_price) - paise(b.final_price))[0];

/** A product with a sold-out size, sizes in stock at different prices, and the API's final_price on load. */
function productWithSoldOutSize(products: ListedProduct[]): ListedProduct {
  const found = products.find(
    (product) =>
      product.productVariations.some((variation) => variation.stock === 0) &&
      new Set(inStock(product).map((variation) => variation.final_price)).size > 1 &&
      cheapestInStock(product)?.final_price === product.final_price,
  );
  expect(found, 'the demo store has a product with a sold-out size').toBeTruthy();
  return found!;
}

function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const priceStatus = (page: Page) => page.getByRole('status', { name: 'Price and stock' });
/** What the shopper sees in the price area (innerText leaves out the hidden panels of other sizes). */
const shownPriceText = (page: Page) => expect.poll(() => priceStatus(page).innerText());
/** The main strip's images (the first list; the second holds the thumbnails). */
const galleryImages = (page: Page) =>
  page.getByRole('region', { name: 'Product images' }).getByRole('list').first().locator('img');
/** With JavaScript off a lazy image is its <noscript> copy; the placeholder stays hidden. */
const galleryImagesWithoutJs = (page: Page) =>
  page.getByRole('region', { name: 'Product images' }).getByRole('list').first().locator('img:not([data-lazy])');
/** Picks a size the way a shopper does: by clicking its label (the radio itself is visually hidden). */
async function chooseSize(page: Page, size: string) {
  const radio = page.getByRole('radio', { name: new RegExp(`^${size},`) });
  await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

test('a product page shows the name, price, images in order, and sizes with sold-out ones disabled', async ({
  page,
  request,
}) => {
  const product = productWithSoldOutSize(await allProducts<ListedProduct>(request));
  const violations = collectCspViolations(page);

  const response = await page.goto(`/products/${product.slug}`);
  expect(response?.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);

  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${product.name} \\| `));
  await shownPriceText(page).toContain(formatRupees(product.final_price));
  expect(formatRupees(product.final_price)).toMatch(/^₹\d{1,2}(,\d{2})*,?\d{0,3}\.\d{2}$|^₹\d{1,3}\.\d{2}$/);

  const expectedImages = [
    ...new Set([product.cover_image, ...(product.product_images ?? '').split(',')].map((url) => url?.trim()).filter(Boolean)),
  ];
  await expect(galleryImages(page)).toHaveCount(expectedImages.length);
  for (const [index, url] of expectedImages.entries()) {
    // Images past the first wait in data-src until 20 % of them is visible.
    await expect(galleryImages(page).nth(index)).toHaveAttribute(index === 0 ? 'src' : 'data-src', url!);
  }
  await expect(galleryImages(page).first()).toHaveAttribute('loading', 'eager');

  const sizes = page.getByRole('group', { name: 'Size' });
  for (const variation of product.productVariations) {
    if (variation.stock === 0) {
      const radio = sizes.getByRole('radio', { name: `${variation.product_variation}, sold out`, exact: true });
      await expect(radio).toBeDisabled();
    } else {
      const radio = sizes.getByRole('radio', { name: `${variation.product_variation}, ${formatRupees(variation.final_price)}`, exact: true });
      await expect(radio).toBeEnabled();
    }
  }
  await expect(sizes.getByRole('radio', { name: new RegExp(`^${cheapestInStock(product)!.product_variation},`) })).toBeChecked();

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    offers: { priceCurrency: 'INR', price: product.final_price, availability: 'https://schema.org/InStock' },
  });
  const origin = new URL(page.url()).origin;
  expect(jsonLd.url).toBe(`${origin}/products/${product.slug}`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/products/${product.slug}`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new URL(expectedImages[0]!, origin).href);

  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('choosing another size shows its price, and a size with one or two left says so', async ({ page, request }) => {
  const products = await allProducts<ListedProduct>(request);
  const priced = productWithSoldOutSize(products);
  const dearest = [...inStock(priced)].sort((a, b) => paise(b.final_price) - paise(a.final_price))[0]!;

  await page.goto(`/products/${priced.slug}`);
  await chooseSize(page, dearest.product_variation);
  await shownPriceText(page).toContain(formatRupees(dearest.final_price));
  await shownPriceText(page).not.toContain(formatRupees(priced.final_price));

  const lowStock = products.find((product) => product.productVariations.some((v) => v.stock > 0 && v.stock <= 2));
  expect(lowStock, 'the demo store has a size with one or two left').toBeTruthy();
  const low = lowStock!.productVariations.find((v) => v.stock > 0 && v.stock <= 2)!;
  await page.goto(`/products/${lowStock!.slug}`);
  await chooseSize(page, low.product_variation);
  await shownPriceText(page).toContain(`Only ${low.stock} left`);
  await shownPriceText(page).toContain(formatRupees(low.final_price));
});

test("'You might also like' links to other products of the same category", async ({ page, request }) => {
  const product = productWithSoldOutSize(await allProducts<ListedProduct>(request));
  const sameCategory = await apiPost(request, '/get-products?page=1', { sub_category: String(product.sub_category_id) });
  const slugs = new Set((sameCategory.data.products.data as ListedProduct[]).map((item) => `/products/${item.slug}`));

  await page.goto(`/products/${product.slug}`);
  const links = page.getByRole('region', { name: 'You might also like' }).getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  for (const href of await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))) {
    expect(slugs.has(href!)).toBe(true);
    expect(href).not.toBe(`/products/${product.slug}`);
  }
  await expect(links.first().locator('xpath=ancestor::article').locator('img')).toHaveAttribute('data-lazy', '');
});

test('an unknown product goes to the not-found page', async ({ page }) => {
  await page.goto('/products/no-such-product-anywhere');
  expect(new URL(page.url()).pathname).toBe('/not-found');
});

test('a product page works with JavaScript disabled: price, sizes and every image', async ({ browser, request }) => {
  const product = productWithSoldOutSize(await allProducts<ListedProduct>(request));
  const details = await apiGet(request, `/single-product-details/${product.slug}`);
  expect(details.data.product.name).toBe(product.name);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/products/${product.slug}`);
  await shownPriceText(page).toContain(formatRupees(product.final_price));
  for (const variation of inStock(product)) {
    const radio = page.getByRole('radio', { name: `${variation.product_variation}, ${formatRupees(variation.final_price)}` });
    const label = page.locator('label').filter({ has: radio });
    await expect(label).toBeVisible();
    await expect(label).toContainText(formatRupees(variation.final_price));
  }
  const images = galleryImagesWithoutJs(page);
  const count = await images.count();
  expect(count).toBeGreaterThan(1);
  await page.getByRole('link', { name: `Show image ${count} of ${count}` }).click();
  await expect(images.nth(count - 1)).toBeInViewport();
  await context.close();
});

test('a product page has no serious accessibility violations and no CSP violations', async ({ page, request }) => {
  const product = productWithSoldOutSize(await allProducts<ListedProduct>(request));
  const violations = collectCspViolations(page);
  await page.goto(`/products/${product.slug}`);
  await page.getByRole('link', { name: /^Show image 2 of/ }).click();
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
  expect(violations).toEqual([]);
});

test("a product with nothing left says 'Out of stock', and one without sizes shows its own low stock", async ({
  page,
  request,
}) => {
  const products = await allProducts<ListedProduct>(request);
  const soldOut = products.find((product) => product.productVariations.length > 0 && inStock(product).length === 0);
  const unsizedLow = products.find(
    (product) => product.productVariations.length === 0 && product.quantity > 0 && product.quantity <= 2,
  );
  expect(soldOut && unsizedLow, 'the demo store has a sold-out product and an unsized one with one or two left').toBeTruthy();

  await page.goto(`/products/${soldOut!.slug}`);
  await shownPriceText(page).toContain('Out of stock');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd.offers.availability).toBe('https://schema.org/OutOfStock');

  await page.goto(`/products/${unsizedLow!.slug}`);
  await shownPriceText(page).toContain(`Only ${unsizedLow!.quantity} left`);
  await shownPriceText(page).toContain(formatRupees(unsizedLow!.final_price));
  await expect(page.getByRole('group', { name: 'Size' })).toHaveCount(0);
});
