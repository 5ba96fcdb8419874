/** Pure rules of the site header (SPEC §2 Header, §5 Search, §9 numbers). */
import {
  CAROUSEL_BREAKPOINTS,
  CAROUSEL_LOOP_MIN_CATEGORIES,
  CATEGORY_DROPDOWN_VISIBLE,
  HEADER_SHRINK_SCROLL_PX,
} from './constants.ts';
import { shopSearchPath } from './routes.ts';

export interface VisibleList<T> {
  /** What the dropdown lists now. */
  items: T[];
  /** Whether a 'Show more' / 'Show less' control is offered at all. */
  hasMore: boolean;
}

/**
 * The category dropdown lists the first `limit` entries until 'Show more' is
 * chosen; the control exists only when there are more than `limit`.
 */
export function visibleCategories<T>(
  categories: readonly T[],
  expanded: boolean,
  limit: number = CATEGORY_DROPDOWN_VISIBLE,
): VisibleList<T> {
  const hasMore = categories.length > limit;
  return { items: hasMore && !expanded ? categories.slice(0, limit) : [...categories], hasMore };
}

/** The header shrinks once the page has scrolled more than the threshold. */
export function isHeaderShrunk(scrollY: number, threshold: number = HEADER_SHRINK_SCROLL_PX): boolean {
  return scrollY > threshold;
}

/**
 * Where a submitted search goes: /shop?search={trimmed text}, or null (nothing
 * is submitted) when the trimmed text is empty.
 */
export function searchTarget(text: string): string | null {
  return text.trim() === '' ? null : shopSearchPath(text);
}

/** The category carousel loops only when there are more than 8 categories. */
export function carouselLoops(count: number): boolean {
  return count >= CAROUSEL_LOOP_MIN_CATEGORIES;
}

/** Swiper's `breakpoints` option: slides per view at each minimum width. */
export function carouselBreakpoints(): Record<number, { slidesPerView: number }> {
  return Object.fromEntries(
    Object.entries(CAROUSEL_BREAKPOINTS).map(([width, slides]) => [Number(width), { slidesPerView: slides }]),
  );
}
