import { expect, test } from '@playwright/test';

test('product images stop their spinner once loaded', async ({ page }) => {
  await page.goto('/');
  const first = page.locator('.lazy-image').first();
  await expect(first).toHaveAttribute('data-state', 'loaded');
  await expect(first.locator('.lazy-image-spinner')).toBeHidden();
});

test('an image that fails to load shows its alt text instead', async ({ page }) => {
  await page.route('**/media/products/**', (route) => route.abort());
  await page.goto('/');
  const first = page.getByRole('region', { name: 'New Arrivals' }).locator('.lazy-image').first();
  await first.scrollIntoViewIfNeeded();
  await expect(first).toHaveAttribute('data-state', 'error');
  const alt = await first.locator('img').getAttribute('alt');
  await expect(first.getByText(alt!, { exact: true })).toBeVisible();
});

test("the shop's first row loads eagerly and the rest lazily", async ({ page }) => {
  await page.goto('/shop');
  // Not by role: a lazy image is hidden until it has its address.
  const images = page.getByRole('main').getByRole('article').locator('img');
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.last()).toHaveAttribute('data-lazy', '');
});

test("the home page's new arrivals, below the hero, each wait until they are on screen", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/');
  const region = page.getByRole('region', { name: 'New Arrivals' });
  await expect(region.locator('img[loading="eager"]')).toHaveCount(0);
  const last = region.locator('.lazy-image').last();
  await expect(last.locator('img')).toHaveAttribute('data-lazy', '');
  await expect(last.locator('img')).not.toHaveAttribute('src');
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('img')).toHaveAttribute('src', /\/media\/products\//);
  await expect(last).toHaveAttribute('data-state', 'loaded');
});

test('a lazy image is not fetched until 20 percent of it is visible, then loads', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') fetched.push(new URL(request.url()).pathname);
  });
  await page.goto('/shop');
  const last = page.getByRole('main').locator('.lazy-image').last();
  const img = last.locator('img[data-lazy]');
  const address = (await img.getAttribute('data-src'))!;
  await page.waitForLoadState('networkidle');
  expect(await img.getAttribute('src')).toBeNull();
  expect(fetched).not.toContain(new URL(address, page.url()).pathname);
  await expect(last).toHaveAttribute('data-state', 'loading');

  // Scrolled so only about a tenth of it shows: still waiting.
  const box = (await last.boundingBox())!;
  await page.evaluate((top) => window.scrollTo(0, top), box.y - 800 + box.height * 0.1);
  // An observer made now is told after the page's own (observers are notified in the order they
  // were made), so once it reports the tenth showing, the page's observer has seen it too.
  await last.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio > 0)) {
              observer.disconnect();
              resolve();
            }
          },
          { threshold: [0, 0.05, 0.1] },
        );
        observer.observe(element);
      }),
  );
  expect(await img.getAttribute('src')).toBeNull();
  expect(fetched).not.toContain(new URL(address, page.url()).pathname);

  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveAttribute('src', address);
  await expect(last).toHaveAttribute('data-state', 'loaded');
});

test('with JavaScript off every image still shows', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop');
  const cards = page.getByRole('main').locator('.lazy-image');
  const last = cards.last();
  await last.scrollIntoViewIfNeeded();
  // The placeholder is hidden; its <noscript> twin is the image a shopper sees.
  await expect(last.locator('img[data-lazy]')).toBeHidden();
  const shown = last.locator('img:not([data-lazy])');
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await context.close();
});

test.describe("on a phone's screen (412 px wide at 1.75x, Lighthouse's mobile screen)", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

  test('a shop card loads its 480 px copy and the product gallery its 800 px copy', async ({ page }) => {
    await page.goto('/shop');
    const card = page.getByRole('main').getByRole('article').first();
    const cardImage = card.locator('img').first();
    await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await cardImage.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-480\.webp$/);

    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/products\//);
    const gallery = page.getByRole('main').locator('img[loading="eager"]').first();
    await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await gallery.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-800\.webp$/);
  });
});
