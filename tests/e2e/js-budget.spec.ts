/**
 * JS budget (issue 16): the JavaScript each page can load before any
 * interaction (tests/helpers/page-js-weight.ts: module scripts, islands and
 * their static imports, gzip), held to a byte budget and a file count so it
 * cannot grow unnoticed. A byte count, not a timing. Lowering a page's weight? Lower its
 * budget with it. The goal of issue 16 is at most 80 KB on every page.
 */
import { expect, test } from '@playwright/test';
import { JS_BUDGET_KB, JS_FILES_BUDGET, pageJsWeight } from '../helpers/page-js-weight.ts';
import { API_KEY } from './store-api.ts';

for (const [page, budgetKb] of Object.entries(JS_BUDGET_KB)) {
  test(`${page} loads at most ${budgetKb} KB of JavaScript (gzip) in at most ${JS_FILES_BUDGET} files before any interaction`, async ({ request, baseURL }) => {
    let path = page;
    if (page === 'product') {
      const arrivals = await (await request.get('/api/new-arrivals', { headers: { 'API-KEY': API_KEY } })).json();
      path = `/products/${arrivals.data.products[0].slug}`;
    }
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const weight = await pageJsWeight(await response.text(), new URL(path, baseURL).href, async (url) => {
      const script = await request.get(url);
      expect(script.status(), url).toBe(200);
      return script.text();
    });
    expect(weight.gzipBytes / 1024, `${weight.files} files`).toBeLessThanOrEqual(budgetKb);
    expect(weight.files).toBeLessThanOrEqual(JS_FILES_BUDGET);
  });
}
