import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CATEGORY_DROPDOWN_VISIBLE, SUGGESTED_SEARCH_TERMS } from '../../src/lib/constants.ts';
import { apiPost } from './store-api.ts';

async function categoryNames(request: Parameters<typeof apiPost>[0]): Promise<string[]> {
  const info = await apiPost(request, '/store-info');
  return info.sub_category_list.map((category: { name: string }) => category.name);
}

/** Opens /: the header's islands load when the shopper first reaches for them (client:reach). */
async function openHome(page: Page) {
  await page.goto('/');
}

/** The search control: a link to the no-JavaScript form until reached, then the button opening the dropdown. */
const searchToggle = (page: Page) =>
  page.getByRole('button', { name: 'Search products' }).or(page.getByRole('link', { name: 'Search products' }));

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the category dropdown opens on hover, shows 10 then all with Show more, and links to the shop', async ({ page, request }) => {
  const names = await categoryNames(request);
  expect(names.length).toBeGreaterThan(CATEGORY_DROPDOWN_VISIBLE);
  await openHome(page);

  await mainNav(page).getByRole('link', { name: 'Category', exact: true }).hover();
  const list = mainNav(page).getByRole('list', { name: 'Categories' });
  await expect(list.getByRole('link')).toHaveCount(CATEGORY_DROPDOWN_VISIBLE);
  await expect(list.getByRole('link').first()).toHaveText(names[0]!);

  await mainNav(page).getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByRole('link')).toHaveCount(names.length);
  await expect(list.getByRole('link').last()).toHaveText(names.at(-1)!);
  // Show less shrinks the dropdown: a pointer resting on the button would be
  // left outside it, and the dropdown closes 300 ms later, sooner than a loaded
  // machine may look. The pointer rests on the Category link and the keyboard presses it.
  await mainNav(page).getByRole('link', { name: 'Category', exact: true }).hover();
  await mainNav(page).getByRole('button', { name: 'Show less' }).press('Enter');
  await expect(list.getByRole('link')).toHaveCount(CATEGORY_DROPDOWN_VISIBLE);

  await list.getByRole('link', { name: names[1], exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('categories') === names[1]);
});

test('the category dropdown closes shortly after the mouse leaves', async ({ page }) => {
  await openHome(page);
  await mainNav(page).getByRole('link', { name: 'Category', exact: true }).hover();
  const list = mainNav(page).getByRole('list', { name: 'Categories' });
  await expect(list).toBeVisible();

  await page.mouse.move(640, 600);
  await expect(list).toBeHidden();
});

test('the Shop link opens a carousel of category tiles on hover', async ({ page, request }) => {
  const names = await categoryNames(request);
  await openHome(page);

  await mainNav(page).getByRole('link', { name: 'Shop', exact: true }).hover();
  const carousel = page.getByRole('region', { name: 'Shop categories' });
  await expect(carousel).toBeVisible();
  await expect(carousel).toHaveAttribute('data-carousel', 'swiper');
  await expect(carousel.getByRole('link')).toHaveCount(names.length);
  const firstVisible = carousel.getByRole('link').filter({ visible: true }).first();
  await expect(firstVisible).toHaveAttribute('href', /^\/shop\?categories=/);
  await expect(firstVisible.locator('img')).toHaveAttribute('src', /\S/);
});

test('search opens, a suggestion fills the input, and Escape closes it', async ({ page }) => {
  await openHome(page);
  await searchToggle(page).click();
  const input = page.getByPlaceholder('Search for products, brands, categories...');
  await expect(input).toBeFocused();
  const suggestions = page.getByRole('list', { name: 'Suggested searches' }).getByRole('button');
  await expect(suggestions).toHaveText([...SUGGESTED_SEARCH_TERMS]);

  await suggestions.filter({ hasText: 'Denims' }).click();
  await expect(input).toHaveValue('Denims');

  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
  await expect(page.getByRole('button', { name: 'Search products' })).toBeFocused();
});

test('search closes with the close button and on an outside click', async ({ page }) => {
  await openHome(page);
  const input = page.getByPlaceholder('Search for products, brands, categories...');
  await searchToggle(page).click();
  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(input).toBeHidden();

  await page.getByRole('button', { name: 'Search products' }).click();
  await expect(input).toBeVisible();
  await page.mouse.click(640, 600);
  await expect(input).toBeHidden();
});

test('submitting a search disables the input and goes to /shop?search= with the trimmed text', async ({ page }) => {
  await openHome(page);
  await searchToggle(page).click();
  const input = page.getByPlaceholder('Search for products, brands, categories...');
  // The page is gone once the results arrive, so the loading state is noted in this
  // tab's session storage as it happens (a console message could be lost with the page).
  await input.evaluate((element: HTMLInputElement) => {
    new MutationObserver(() => {
      if (element.disabled) sessionStorage.setItem('search-input-disabled', 'yes');
    }).observe(element, { attributes: true });
  });
  await input.fill('  cotton kurta ');
  await input.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === 'cotton kurta');
  expect(await page.evaluate(() => sessionStorage.getItem('search-input-disabled'))).toBe('yes');
});

test('a whitespace-only search submits nothing', async ({ page }) => {
  await openHome(page);
  await searchToggle(page).click();
  const input = page.getByPlaceholder('Search for products, brands, categories...');
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  await input.fill('   ');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(input).toBeEnabled();
  // A real search afterwards: had the blank one been submitted, its navigation would come first.
  await input.fill('kurta');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === 'kurta');
  expect(navigations).toEqual(['/shop?search=kurta']);
});

test('the category dropdown works from the keyboard', async ({ page, request }) => {
  const names = await categoryNames(request);
  await openHome(page);
  const categoryLink = mainNav(page).getByRole('link', { name: 'Category', exact: true });
  for (let i = 0; i < 10 && !(await categoryLink.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(categoryLink).toBeFocused();

  const list = mainNav(page).getByRole('list', { name: 'Categories' });
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  await expect(list.getByRole('link', { name: names[0], exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(categoryLink).toBeFocused();

  await page.keyboard.press('Tab');
  const toggle = mainNav(page).getByRole('button', { name: 'Show categories' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('the header shrinks after scrolling past 60 px', async ({ page }) => {
  await openHome(page);
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-shrunk', 'false');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-shrunk', 'true');
});

test('with JavaScript disabled the header links and search still work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Category', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/categories');

  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop');

  await page.goto('/');
  await page.getByRole('link', { name: 'Search products' }).click();
  const input = page.getByPlaceholder('Search for products, brands, categories...');
  await input.fill('saree');
  await input.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/shop' && url.searchParams.get('search') === 'saree');
  await context.close();
});

test('the header has no CSP violations and no serious accessibility violations, menus open or closed', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openHome(page);
  await page.waitForLoadState('networkidle');
  const serious = async () =>
    (await new AxeBuilder({ page }).include('header').analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await serious()).toEqual([]);

  await mainNav(page).getByRole('link', { name: 'Shop', exact: true }).hover();
  await expect(page.getByRole('region', { name: 'Shop categories' })).toHaveAttribute('data-carousel', 'swiper');
  await page.waitForLoadState('networkidle');
  expect(await serious()).toEqual([]);

  await searchToggle(page).click();
  await expect(page.getByPlaceholder('Search for products, brands, categories...')).toBeVisible();
  expect(await serious()).toEqual([]);
  expect(violations).toEqual([]);
});
