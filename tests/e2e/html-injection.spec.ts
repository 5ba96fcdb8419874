import { expect, test, type Page } from '@playwright/test';
import { STYLESHEET_SLOT } from '../../src/lib/page-parts.ts';
import { HOSTILE_NAME, HOSTILE_SLUGS, HOSTILE_TAG } from './hostile-names.ts';

/**
 * SECURITY.md 22: text from the store API renders inert wherever it lands,
 * raw-text elements included. The products hostile-names.setup.ts adds are
 * named `</noscript><img src=x onerror=alert(1)><noscript>`; lazy images copy
 * the name into the alt of a <noscript> fallback, where, with scripting on,
 * the parser reads raw text up to the first `</noscript>`.
 */
const PAGES = [`/products/${HOSTILE_SLUGS[0]}`, `/shop?search=${HOSTILE_TAG}`];

/** Opens the page and asserts the name created no element and no dialog opened. */
async function expectInert(page: Page, path: string) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(path);
  // The name is on the page as text: a heading, or the card's link.
  await expect(page.getByText(HOSTILE_NAME, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  // The name reached a lazy image's <noscript> copy (the case under test), or this proves nothing.
  expect(await page.locator('noscript').count()).toBeGreaterThan(0);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('[onerror]').count()).toBe(0);
  expect(dialogs).toEqual([]);
}

test.describe('a product name of markup renders inert, with JavaScript on', () => {
  for (const path of PAGES) {
    test(`on ${path.startsWith('/shop') ? 'a listing showing its card' : 'its product page'}`, async ({ page }) => {
      await expectInert(page, path);
    });
  }
});

test.describe('a product name of markup renders inert, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const path of PAGES) {
    test(`on ${path.startsWith('/shop') ? 'a listing showing its card' : 'its product page'}`, async ({ page }) => {
      await expectInert(page, path);
    });
  }
});

test('the JSON-LD block of its product page holds the name as data, inside one script element', async ({ page }) => {
  await page.goto(PAGES[0]!);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  expect(JSON.parse(blocks[0]!).name).toBe(HOSTILE_NAME);
});

test('text that spells the stylesheet slot stays where it was written, and the stylesheet fills the slot first in the head', async ({ page, request }) => {
  const html = await (await request.get(PAGES[0]!)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  // The stylesheet took the layout's slot, before the title and the metas that carry the shopper-facing text.
  expect(head.indexOf('<style>/*! tailwindcss')).toBeGreaterThan(-1);
  expect(head.indexOf('<style>/*! tailwindcss')).toBeLessThan(head.indexOf('<title>'));
  await page.goto(PAGES[0]!);
  expect(await page.title()).toContain(HOSTILE_NAME);
  expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(HOSTILE_NAME);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(STYLESHEET_SLOT);
  // Styled: the layout's flex column from the stylesheet, not the browser's default block.
  await expect(page.locator('body')).toHaveCSS('display', 'flex');
});
