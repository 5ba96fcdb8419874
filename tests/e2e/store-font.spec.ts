import { expect, test } from '@playwright/test';

/**
 * The store's font (decision 024): the demo store's Instrument Sans is served
 * from this server, its body weight preloaded, and applied to the page, with
 * nothing refused by the CSP.
 */
test('the store font is self-hosted, its body weight preloaded, and the page renders in it', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  await page.goto('/');
  const preloads = page.locator('link[rel="preload"][as="font"]');
  await expect(preloads).toHaveCount(1);
  await expect(preloads).toHaveAttribute('href', /^\/_astro\/fonts\/[\w-]+\.woff2$/);

  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    const family = getComputedStyle(document.body).fontFamily;
    const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '').startsWith('Instrument Sans') && face.status === 'loaded');
    return { family, weights: faces.map((face) => face.weight) };
  });
  expect(loaded.family).toMatch(/^"?Instrument Sans-/);
  expect(loaded.weights).toContain('400');
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(new URL(url).pathname).toMatch(/^\/_astro\/fonts\//);
  expect(refused).toEqual([]);
});

test('the body weight swaps in over its fallback; the semibold weight, not preloaded, never replaces text already shown', async ({ page }) => {
  await page.goto('/');
  const faces = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.replace(/"/g, '').startsWith('Instrument Sans') && !face.family.includes('fallback'))
      .map((face) => ({ weight: face.weight, display: face.display })),
  );
  expect(faces).toEqual(
    expect.arrayContaining([
      { weight: '400', display: 'swap' },
      { weight: '600', display: 'optional' },
    ]),
  );
});
