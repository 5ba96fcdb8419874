import { expect, test, type Page } from '@playwright/test';
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
