import { expect, test } from '@playwright/test';
import { pageScriptsReady } from './helpers.ts';

test('a slim progress bar shows while the next page loads', async ({ page }) => {
  await page.goto('/');
  // The bar's script is a page script, started after the first paint (decision 039): a click before it runs shows no bar.
  await pageScriptsReady(page);
  const bar = page.locator('[data-nav-progress]');
  await expect(bar).toHaveAttribute('data-active', 'false');
  // The old page is unreachable once it starts to unload, so it reports the bar's change itself.
  const seen: string[] = [];
  page.on('console', (message) => seen.push(message.text()));
  await bar.evaluate((element) => {
    new MutationObserver(() => console.log(`nav-progress:${element.getAttribute('data-active')}`)).observe(element, {
      attributes: true,
    });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await page.waitForURL('**/faq');
  expect(seen).toContain('nav-progress:true');
  await expect(page.locator('[data-nav-progress]')).toHaveAttribute('data-active', 'false');
});

test('each new page starts at the top', async ({ page }) => {
  await page.goto('/');
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await page.waitForURL('**/faq');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
