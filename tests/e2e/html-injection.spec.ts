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
/** The name as it must be written inside a <noscript>: no `<` or `>` left to end it. */
const ESCAPED_NAME = HOSTILE_NAME.replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Opens the page and asserts the name created no element and no dialog opened, and its <noscript> copy holds it as text. */
async function expectInert(page: Page, path: string, javaScript: boolean) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(path);
  // The name is on the page as text: a heading, or the card's link.
  await expect(page.getByText(HOSTILE_NAME, { exact: true }).filter({ visible: true }).first()).toBeVisible();

  // As served, a lazy image of the product has a <noscript> copy: one image, its alt the name escaped.
  // (The head's meta attributes hold the name unescaped, harmless there, so blocks are matched whole.)
  const served = (await response!.text()).match(/<noscript><img [^<>]*><\/noscript>/g) ?? [];
  expect(served.filter((block) => block.includes(`alt="${ESCAPED_NAME}`)).length, 'a <noscript> copy carrying the name').toBeGreaterThan(0);
  const fallbacks = await page.locator('noscript').evaluateAll((nodes) =>
    nodes.map((node) => ({
      text: node.textContent ?? '',
      elements: [...node.children].map((child) => child.tagName),
      alt: node.querySelector('img')?.getAttribute('alt') ?? null,
    })),
  );
  if (javaScript) {
    // Scripting on: each <noscript> is raw text, one image's markup, the name in it as escaped text.
    expect(fallbacks.filter((f) => f.elements.length > 0)).toEqual([]);
    const named = fallbacks.filter((f) => f.text.includes(`alt="${ESCAPED_NAME}`));
    expect(named.length).toBeGreaterThan(0);
    for (const f of named) expect(f.text).toMatch(/^<img [^<]*>$/);
  } else {
    // Scripting off: each <noscript> holds its one image, with the whole name in its alt.
    expect(fallbacks.filter((f) => f.elements.join() !== 'IMG')).toEqual([]);
    expect(fallbacks.filter((f) => f.alt?.startsWith(HOSTILE_NAME)).length).toBeGreaterThan(0);
  }

  // Nothing the name spells became an element.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('[onerror]').count()).toBe(0);
  expect(await page.locator('style[data-stylesheet-slot]').count()).toBe(0);
  expect(dialogs).toEqual([]);
}

test.describe('a product name of markup renders inert, with JavaScript on', () => {
  for (const path of PAGES) {
    test(`on ${path.startsWith('/shop') ? 'a listing showing its card' : 'its product page'}`, async ({ page }) => {
      await expectInert(page, path, true);
    });
  }
});

test.describe('a product name of markup renders inert, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const path of PAGES) {
    test(`on ${path.startsWith('/shop') ? 'a listing showing its card' : 'its product page'}`, async ({ page }) => {
      await expectInert(page, path, false);
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
