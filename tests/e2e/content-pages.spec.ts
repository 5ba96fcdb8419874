import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../src/lib/page-cache-control.ts';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './helpers.ts';

/** The editor-owned pages: their footer link, heading (frontmatter title) and a line of their markdown. */
const PAGES = [
  {
    path: '/faq',
    footerLink: 'FAQ',
    heading: 'Frequently asked questions',
    section: 'Cancelling an order',
    text: 'Ordered by Mistake',
  },
  {
    path: '/terms-use',
    footerLink: 'Terms of use',
    heading: 'Terms of use',
    section: 'Coupons and offers',
    text: 'One coupon can be used per order.',
  },
  {
    path: '/privacy-policy',
    footerLink: 'Privacy Policy',
    heading: 'Privacy Policy',
    section: 'Who we share it with',
    text: 'we do not sell your personal information',
  },
] as const;

function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

for (const content of PAGES) {
  test(`the footer's ${content.footerLink} link opens the page with its heading and text`, async ({ page }) => {
    const violations = collectCspViolations(page);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: content.footerLink, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`${content.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: content.heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: content.section })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(content.text);
    await expect(page.getByRole('main')).toContainText(/Last updated \d{1,2} \w+ \d{4}/);
    await expect(page).toHaveTitle(new RegExp(`^${content.heading} \\| `));
    expect(violations).toEqual([]);
  });
}

test('content pages show the store name from the API in the header and footer', async ({ page, request }) => {
  const info = await (await request.post('/api/store-info', { headers: { 'API-KEY': 'demo-store-key' } })).json();
  const storeName: string = info.storeinfo.store_name;
  await page.goto('/terms-use');
  await expect(page).toHaveTitle(`Terms of use | ${storeName}`);
  await expect(page.getByRole('contentinfo')).toContainText(storeName);
});

/** The page's article: Prose's <article>, which holds the heading and the markdown. */
function articleOf(html: string): string {
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  expect(start, 'the page has an article').toBeGreaterThanOrEqual(0);
  return html.slice(start, end + '</article>'.length);
}

test('content pages are built at build time and served inside the store\'s live header and footer', async ({ request }) => {
  const info = await (await request.post('/api/store-info', { headers: { 'API-KEY': 'demo-store-key' } })).json();
  const storeName: string = info.storeinfo.store_name;
  // The same build directory the server under test runs from (scripts/e2e-server.ts).
  const client = join(process.env.ASTRO_OUT_DIR || 'dist', 'client');
  for (const content of PAGES) {
    const built = readFileSync(join(client, content.path, 'index.html'), 'utf8');
    // Built without a store: the default name, none of this store's.
    expect(built).toContain('Store name');
    expect(built).not.toContain(storeName);

    const response = await request.get(content.path);
    expect(response.status()).toBe(200);
    const served = await response.text();
    expect(articleOf(served)).toBe(articleOf(built));
    expect(articleOf(built)).toContain(content.text);
    expect(served).toContain(`<title>${content.heading} | ${storeName}</title>`);
    expect(served).not.toContain('data-page-title');
    expect(response.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  }
});

test('a built page file is never sent as it is: its address is an unknown path', async ({ page, request }) => {
  await page.goto('/faq/index.html');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // The route that serves built pages answers only for them.
  const direct = await request.get('/prerendered-page', { maxRedirects: 0 });
  expect(direct.status()).toBe(302);
  expect(direct.headers()['location']).toBe('/404');
});

test('the FAQ has no serious or critical accessibility violations', async ({ page }) => {
  test.slow(); // axe takes 5-15 s on a busy 2-core machine
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('content pages read and link on with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const content of PAGES) {
    await page.goto(content.path);
    await expect(page.getByRole('heading', { level: 1, name: content.heading })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(content.text);
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await context.close();
});

// SPEC §2 writes the footer's link as a relative 'privacy-policy'; below the top level
// that lands on the not-found page, so it is /privacy-policy everywhere (decision 021).
test("the footer's Privacy Policy link opens the policy from a product page and from My Account", async ({ page, request }) => {
  const products = await (await request.post('/api/get-products', { headers: { 'API-KEY': 'demo-store-key' } })).json();
  const slug: string = products.data.products.data[0].slug;
  await page.goto(`/products/${slug}`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy', exact: true }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  await signInThroughApi(page);
  await page.goto('/my-account/orders');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy', exact: true }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
