import { describe, expect, it } from 'vitest';
import { CATEGORY_DROPDOWN_VISIBLE } from '../../src/lib/constants.ts';
import {
  headerView,
  carouselBreakpoints,
  carouselLoops,
  isHeaderShrunk,
  searchTarget,
  visibleCategories,
} from '../../src/lib/header.ts';

const names = (count: number) => Array.from({ length: count }, (_, i) => `Category ${i + 1}`);

describe('visibleCategories', () => {
  it('lists the first 10 of 12 with a Show more control until expanded', () => {
    const collapsed = visibleCategories(names(12), false);
    expect(collapsed.items).toHaveLength(CATEGORY_DROPDOWN_VISIBLE);
    expect(collapsed.items.at(-1)).toBe('Category 10');
    expect(collapsed.hasMore).toBe(true);
  });

  it('lists all of them once expanded', () => {
    const expanded = visibleCategories(names(12), true);
    expect(expanded.items).toHaveLength(12);
    expect(expanded.hasMore).toBe(true);
  });

  it('offers no Show more control for 10 or fewer', () => {
    expect(visibleCategories(names(10), false)).toEqual({ items: names(10), hasMore: false });
    expect(visibleCategories([], false)).toEqual({ items: [], hasMore: false });
  });

  it('honours a custom limit', () => {
    expect(visibleCategories(names(5), false, 3).items).toEqual(['Category 1', 'Category 2', 'Category 3']);
  });
});

describe('isHeaderShrunk', () => {
  it('shrinks only after more than 60 px of scroll', () => {
    expect(isHeaderShrunk(0)).toBe(false);
    expect(isHeaderShrunk(60)).toBe(false);
    expect(isHeaderShrunk(61)).toBe(true);
  });
});

describe('searchTarget', () => {
  it('goes to /shop?search= with the trimmed text', () => {
    expect(searchTarget('  red shirt ')).toBe('/shop?search=red+shirt');
    expect(searchTarget("Men's - Watch")).toBe('/shop?search=Men%27s+-+Watch');
  });

  it('submits nothing for empty or whitespace-only text', () => {
    expect(searchTarget('')).toBeNull();
    expect(searchTarget('   \t ')).toBeNull();
  });
});

describe('carousel rules', () => {
  it('loops only with more than 8 categories', () => {
    expect(carouselLoops(8)).toBe(false);
    expect(carouselLoops(9)).toBe(true);
    expect(carouselLoops(12)).toBe(true);
  });

  it('shows 8, 5, 4, 3 and 2 slides at 1280, 1024, 768, 640 and 320 px', () => {
    expect(carouselBreakpoints()).toEqual({
      320: { slidesPerView: 2 },
      640: { slidesPerView: 3 },
      768: { slidesPerView: 4 },
      1024: { slidesPerView: 5 },
      1280: { slidesPerView: 8 },
    });
  });
});

describe('headerView', () => {
  const info = {
    storeinfo: { store_name: 'Leather Co', logo: '', phone: '+91 98765 43210', email: ' hello@leather.example ' },
    sub_category_list: [
      { id: 4, name: 'Wallets', image: null },
      { id: 5, name: '  ', image: null },
      { id: 6, name: 'Belts', image: 'https://shop.example/media/belts.webp' },
    ],
  } as unknown as Parameters<typeof headerView>[0];

  it('links the phone and a well-formed email, and lists only named categories', () => {
    const view = headerView(info, 'Leather Co', '/', new URLSearchParams());
    expect(view).toMatchObject({
      phone: '+91 98765 43210',
      telHref: 'tel:+919876543210',
      email: 'hello@leather.example',
      mailHref: 'mailto:hello@leather.example',
      homeCurrent: true,
      categoriesCurrent: false,
      shopCurrent: false,
      searchText: '',
    });
    expect(view.categories.map((category) => category.name)).toEqual(['Wallets', 'Belts']);
  });

  it('shows no email link for text that is not an address, and nothing without store-info', () => {
    const odd = { ...info, storeinfo: { ...info!.storeinfo, email: 'write to us' } } as typeof info;
    expect(headerView(odd, 'Leather Co', '/', new URLSearchParams())).toMatchObject({ email: null, mailHref: null });
    expect(headerView(undefined, 'Store name', '/faq', new URLSearchParams())).toMatchObject({
      logo: null,
      phone: null,
      telHref: null,
      email: null,
      categories: [],
      homeCurrent: false,
    });
  });

  it("marks the section shown as current, and takes the search text on /shop only", () => {
    const search = new URLSearchParams({ search: 'slim wallet' });
    expect(headerView(info, 'Leather Co', '/shop', search)).toMatchObject({ shopCurrent: true, searchText: 'slim wallet' });
    expect(headerView(info, 'Leather Co', '/categories', search)).toMatchObject({ categoriesCurrent: true, searchText: '' });
  });
});
