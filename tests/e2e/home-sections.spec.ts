import { expect, test } from '@playwright/test';
import { apiGet, apiPost } from './store-api.ts';

test('home page shows the hero slider, categories and the secondary band from the API', async ({ page, request }) => {
  const sections = (await apiGet(request, '/home-page-sections')).data as Array<Record<string, any>>;
  const hero = sections.find((s) => s.section === 'hero')!;
  const secondary = sections.find((s) => s.section === 'secondary')!;
  const categories = (await apiPost(request, '/store-info')).sub_category_list as Array<{ name: string }>;

  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: hero.title })).toBeVisible();
  const slider = page.getByRole('region', { name: hero.title });
  await expect(slider.locator('img')).toHaveCount(hero.slider_files.length);
  await expect(slider.locator('img').first()).toHaveAttribute('loading', 'eager');

  // The carousel may repeat tiles to loop; every category has a tile linking to its listing.
  const strip = page.getByRole('region', { name: 'Shop by Category', exact: true });
  await strip.scrollIntoViewIfNeeded();
  const hrefs = await strip.getByRole('link').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const linked = hrefs.map((href) => new URL(href)).filter((url) => url.pathname === '/shop');
  expect(new Set(linked.map((url) => url.searchParams.get('categories')))).toEqual(new Set(categories.map((c) => c.name)));

  await expect(page.getByRole('heading', { level: 2, name: secondary.title })).toBeVisible();
});

test('the hero slider moves to the next slide with its button', async ({ page }) => {
  await page.goto('/');
  const track = page.locator('[data-hero-track]');
  const next = page.getByRole('button', { name: 'Next slide' });
  await expect(next).toBeVisible();
  const before = await track.evaluate((el) => el.scrollLeft);
  await next.click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
});

test('the category strip moves on by itself', async ({ page }) => {
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Category carousel' });
  await strip.scrollIntoViewIfNeeded();
  // SPEC §9: a tile on every 3 s (the poll allows for one step and its smooth scroll).
  await expect.poll(() => strip.getByRole('list').evaluate((el) => el.scrollLeft), { timeout: 10_000 }).toBeGreaterThan(0);
});
