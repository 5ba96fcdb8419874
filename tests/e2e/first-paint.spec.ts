/**
 * The first paint (decision 028): `/`, `/shop` and a product page carry their
 * CSS inline, so the browser requests no stylesheet before it paints; the CSP
 * allows those inline styles by hash (no 'unsafe-inline'), also in a copy the
 * page cache sends; the home hero's first slide, the page's largest paint,
 * loads at once with high priority and no wider than the screen needs; and the
 * page scripts are asked for only once the first paint is on screen
 * (decision 039), then run.
 */
import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { addToCartFormsReady } from './add-to-cart-steps.ts';
import { watchCsp } from './helpers.ts';
import { apiGet } from './store-api.ts';

async function cataloguePaths(request: Parameters<typeof apiGet>[0]): Promise<string[]> {
  const arrivals = await apiGet(request, '/new-arrivals');
  const slug: string = arrivals.data.products[0].slug;
  return ['/', '/shop', `/products/${slug}`];
}

/** The inline <style> elements of an HTML document, their text as served. */
function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]!);
}

function styleSrcOf(csp: string): string[] {
  const directive = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('style-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

/** Every stylesheet request the page makes from now on (Playwright's resource type, so a CSS file under any name counts). */
function recordStylesheets(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') requested.push(request.url());
  });
  return requested;
}

test('home, shop and a product page paint from inline CSS: no stylesheet requested, styled, no CSP violation', async ({ page, request }) => {
  for (const path of await cataloguePaths(request)) {
    await test.step(path, async () => {
      const stylesheets = recordStylesheets(page);
      const violations = watchCsp(page);
      await page.goto(path);
      await page.waitForLoadState('load');
      // Styled before any script could add a sheet: the header sits fixed over the page, the skip link is hidden.
      await expect(page.getByRole('banner')).toHaveCSS('position', 'fixed');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveCSS('position', 'absolute');
      await expect(page.locator('link[rel~="stylesheet"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(stylesheets).toEqual([]);
      expect(violations).toEqual([]);
      page.removeAllListeners('request');
      page.removeAllListeners('console');
    });
  }
});

test('every inline style of a catalogue page is allowed by its CSP hash, also in the copy the page cache sends', async ({ request }) => {
  for (const path of await cataloguePaths(request)) {
    // The first answer renders (or is already kept); the second is the kept copy when nothing changed between.
    for (const attempt of [1, 2]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp).not.toContain('unsafe-inline');
      const allowed = styleSrcOf(csp);
      const styles = inlineStyles(await response.text());
      // The theme, the store font's faces, the page's stylesheet, the islands' one rule.
      expect(styles.length, `${path} (answer ${attempt})`).toBeGreaterThanOrEqual(3);
      for (const css of styles) {
        const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
        expect(allowed, `${path} (answer ${attempt}, ${response.headers()['x-page-cache']}): ${css.slice(0, 60)}`).toContain(hash);
      }
    }
  }
});

test("the Shop menu's carousel is laid out as a row on pages other than home (its rules are in the inline sheet)", async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto('/shop');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true }).hover();
  const carousel = page.getByRole('region', { name: 'Shop categories' });
  await expect(carousel).toHaveAttribute('data-carousel', 'swiper');
  const tiles = carousel.getByRole('link');
  const first = (await tiles.nth(0).boundingBox())!;
  const second = (await tiles.nth(1).boundingBox())!;
  // Side by side, as swiper's stylesheet lays them out; without it the slides stack.
  expect(Math.round(second.y)).toBe(Math.round(first.y));
  expect(second.x).toBeGreaterThan(first.x + first.width / 2);
  expect(violations).toEqual([]);
});

test("the home hero's first slide, the largest paint, loads at once with high priority, at a phone's width on a phone", async ({ page, request }) => {
  const sections = (await apiGet(request, '/home-page-sections')).data as Array<{ section: string; title: string }>;
  const hero = sections.find((section) => section.section === 'hero')!;
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/');
  const first = page.getByRole('region', { name: hero.title }).getByRole('img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).not.toHaveAttribute('loading', 'lazy');
  await expect(first).not.toHaveAttribute('data-lazy');
  // Requested by the HTML itself, not by a script: it has its address from the start.
  await expect(first).toHaveAttribute('src', /\/media\//);
  await expect(first).toHaveAttribute('srcset', /-800\.webp 800w/);
  // The browser picked the 800 px copy for a 412 px wide screen, and it loaded.
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-800\.webp$/);
  // Nothing else on the page asks to come before it: the new arrivals below wait until they are on screen.
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'New Arrivals' }).locator('img[data-lazy]')).not.toHaveCount(0);
  await expect(page.getByRole('region', { name: 'New Arrivals' }).locator('img[loading="eager"]')).toHaveCount(0);
});

test('the page scripts are asked for only after the first contentful paint, and then run, with no CSP violation', async ({ page, request }) => {
  for (const path of await cataloguePaths(request)) {
    await test.step(path, async () => {
      const violations = watchCsp(page);
      await page.goto(path);
      // Every page of the three has product cards whose add-to-cart forms the scripts take over.
      await addToCartFormsReady(page);
      const timing = await page.evaluate(() => ({
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_astro\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      }));
      expect(timing.firstContentfulPaint).not.toBeNull();
      expect(timing.scripts.length).toBeGreaterThan(0);
      for (const script of timing.scripts) {
        expect(script.startTime, script.name).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
      }
      // Nothing fetchable is left behind: each placeholder became a running module script.
      await expect(page.locator('script[type="text/x-page-script"]')).toHaveCount(0);
      expect(violations).toEqual([]);
      page.removeAllListeners('console');
    });
  }
});

test("/shop asks for its first card's image first and the rest of the first row after it", async ({ page }) => {
  await page.goto('/shop');
  const images = page.getByRole('main').getByRole('listitem').getByRole('img');
  await expect(images.nth(0)).toHaveAttribute('fetchpriority', 'high');
  for (const index of [1, 2]) {
    await expect(images.nth(index)).toHaveAttribute('loading', 'eager');
    await expect(images.nth(index)).toHaveAttribute('fetchpriority', 'low');
  }
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
});
