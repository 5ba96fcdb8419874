/**
 * The JavaScript a page can load before any interaction (issue 16's JS
 * budget): its module scripts, its islands' components and renderers, and
 * every module those import statically, each counted once, gzip-compressed.
 * Modules loaded by dynamic import() (e.g. the carousel, when its panel first
 * opens) and islands that load on the shopper's reach (`client:reach`) are
 * left out: they come only when the shopper asks. A byte count,
 * never a timing; used by tests/e2e/js-budget.spec.ts and the page benchmark.
 */
import { gzipSync } from 'node:zlib';

/**
 * KB (gzip) per page, measured plus a few KB of headroom; `product` stands for
 * a product page. Lowering a page's weight? Lower its budget with it. Issue
 * 16's goal is at most 80 KB on every page.
 * Measured 2026-11-24 with the header, the cart drawer and the toaster loading
 * on reach (decision 029): / 88.4, /shop 88.9, product 87.5, /categories 14.4,
 * /cart 86.6, /signin 131.5 (before: 128.5, 102.2, 100.7, 96.9, 98.2, 145.5).
 * Then with product cards and the product page's add-to-cart and heart as
 * server HTML and one script each (decision 030): / 19.4, /shop 20.0, product
 * 18.6, /categories 15.3, /cart 87.2, /signin 132.1. Then with the sign-in,
 * sign-up and forgot-password forms and an empty cart page loading on reach
 * (decision 031): /cart, /signin, /signup and /forgot-password 15.4 each.
 * Then with the page scripts' shared code in one chunk (decision 036): / 16.9
 * in 8 files (was 21), /shop 17.4 in 7, product 16.0 in 6, the others 13.3 in 4.
 * Pages that cannot work without their island (checkout, payment, My
 * Account) load it at once and are not budgeted here.
 */
export const JS_BUDGET_KB: Record<string, number> = {
  '/': 20,
  '/shop': 20,
  product: 19,
  '/categories': 16,
  '/cart': 16,
  '/signin': 16,
  '/signup': 16,
  '/forgot-password': 16,
};

/**
 * Files a budgeted page may load before any interaction: over HTTP/1.1 a
 * browser opens six connections to an origin, and each file past those waits
 * a round trip (decision 036: the home page loaded 21 before, 8 after).
 */
export const JS_FILES_BUDGET = 8;

export interface PageJsWeight {
  files: number;
  gzipBytes: number;
  rawBytes: number;
}

/**
 * Module URLs a page's HTML starts from: module scripts (as the server sends
 * them, placeholders naming theirs in data-src, started after the first paint:
 * decision 039) and the component/renderer/before-hydration URLs of its
 * islands, except islands that load only when the shopper reaches for them
 * (`client:reach`, decision 029).
 */
export function entryScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\s(?:data-)?src="([^"]+)"[^>]*>/g)) urls.add(match[1]!);
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (/\bclient="reach"/.test(island)) continue;
    for (const match of island.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) if (match[1]) urls.add(match[1]);
  }
  return [...urls];
}

/** Modules a JS file imports or re-exports statically (`import(...)` is not followed). */
export function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']((?:\.{1,2}\/|\/)[^"']+\.m?js)["']/g)) found.push(match[1]!);
  return found;
}

/** Walks the page's module graph from its entries, reading each module with `fetchText`. */
export async function pageJsWeight(html: string, pageUrl: string, fetchText: (url: string) => Promise<string>): Promise<PageJsWeight> {
  const seen = new Set<string>();
  const queue = entryScripts(html).map((url) => new URL(url, pageUrl).href);
  let gzipBytes = 0;
  let rawBytes = 0;
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const source = await fetchText(url);
    rawBytes += Buffer.byteLength(source);
    gzipBytes += gzipSync(source, { level: 6 }).length;
    for (const imported of staticImports(source)) queue.push(new URL(imported, url).href);
  }
  return { files: seen.size, gzipBytes, rawBytes };
}
