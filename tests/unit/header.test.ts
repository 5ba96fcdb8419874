import { describe, expect, it } from 'vitest';
import { CATEGORY_DROPDOWN_VISIBLE } from '../../src/lib/constants.ts';
import {
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
