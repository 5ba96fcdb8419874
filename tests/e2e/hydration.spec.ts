/**
 * Islands wake on the page the server sent. When an island's first render in
 * the browser differs from the server's HTML, React throws that HTML away and
 * renders the island again from nothing (its recoverable error 418): whatever
 * the shopper had typed into the server's form meanwhile goes with it, and
 * the page's work is done twice. The checkout did this for every signed-in
 * shopper (its contact line read the phone from the browser's stored sign-in
 * while the server had none), and a coupon code typed just before the island
 * woke was lost in CI.
 */
import { expect, test, type Page } from '@playwright/test';
import { sizedProducts } from './cart-steps.ts';
import { field, signedInAtCheckout, summary } from './checkout-steps.ts';
import { holdIsland } from './helpers.ts';

/** Errors the page reports: uncaught ones, and React's reports of a failed hydration. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /react|hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * Wakes the page's islands and waits until they have hydrated (Astro drops
 * `ssr` from an island once it has): those loaded at once or at idle by
 * themselves, those loaded on a shopper's reach as if the pointer came over
 * each (src/directives/reach.ts listens on the island). The one shown on
 * scrolling into view is left asleep.
 */
async function islandsAwake(page: Page): Promise<void> {
  await expect(page.locator('astro-island[client="load"][ssr], astro-island[client="idle"][ssr]')).toHaveCount(0);
  await page
    .locator('astro-island[client="reach"][ssr]')
    .evaluateAll((islands) => islands.forEach((island) => island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))));
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
}

test('a signed-in shopper\'s checkout wakes on the server\'s form: the coupon box the server sent is the one kept', async ({ page, request }) => {
  const [pick] = await sizedProducts(request);
  const errors = pageErrors(page);
  const island = await holdIsland(page, 'CheckoutPage');
  await signedInAtCheckout(page, request, [[pick!, 1]]);
  await island.asked;
  // The server's own box, marked before the island wakes: a box rendered again in the browser would not carry it.
  await field(page, 'Coupon code').evaluate((input) => input.setAttribute('data-from-server', ''));
  island.release();
  await islandsAwake(page);
  await expect(summary(page).getByRole('button', { name: 'Apply' })).toBeEnabled();
  await expect(field(page, 'Coupon code')).toHaveAttribute('data-from-server', '');
  expect(errors).toEqual([]);
});

test('no page reports an error while its islands wake, signed out or signed in, the reached ones too', async ({ page, request }) => {
  test.slow(); // twenty-two page visits, each waiting for every island
  const [pick] = await sizedProducts(request);
  const errors = pageErrors(page);
  const pages = ['/', '/shop', '/categories', `/products/${pick!.product.slug}`, '/cart', '/checkout', '/faq', '/signin', '/signup'];
  for (const path of pages) {
    await page.goto(path);
    await islandsAwake(page);
    expect(errors, `signed out, ${path}`).toEqual([]);
  }

  await signedInAtCheckout(page, request, [[pick!, 1]]);
  await islandsAwake(page);
  expect(errors, 'signed in, /checkout (first visit)').toEqual([]);
  for (const path of [...pages.slice(0, 6), '/my-account', '/my-account/orders', '/my-account/wishlist']) {
    await page.goto(path);
    await islandsAwake(page);
    expect(errors, `signed in, ${path}`).toEqual([]);
  }
});
