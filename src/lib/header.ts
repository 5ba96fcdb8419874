/** Pure rules of the site header (SPEC §2 Header, §5 Search, §9 numbers). */
import {
  CAROUSEL_BREAKPOINTS,
  CAROUSEL_LOOP_MIN_CATEGORIES,
  CATEGORY_DROPDOWN_VISIBLE,
  HEADER_SHRINK_SCROLL_PX,
} from './constants.ts';
import type { StoreFront } from './api/store.ts';
import { ROUTES, shopSearchPath } from './routes.ts';

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

/**
 * Everything the site header shows (SPEC §2 Header), from store-info and the
 * address asked for. The layout keeps the header's HTML per view (decision
 * 058), so the header reads nothing else.
 */
export interface HeaderView {
  storeName: string;
  logo: string | null;
  /** The phone as the store wrote it, and its tel: link; both null without a phone. */
  phone: string | null;
  telHref: string | null;
  /** The email and its mailto: link; both null unless it reads as an address. */
  email: string | null;
  mailHref: string | null;
  /** Named categories only, in the store's order. */
  categories: { id: number; name: string; image: string | null }[];
  homeCurrent: boolean;
  categoriesCurrent: boolean;
  shopCurrent: boolean;
  /** The search box's text: /shop's `search`, else empty. */
  searchText: string;
}

export function headerView(info: StoreFront | undefined, storeName: string, path: string, query: URLSearchParams): HeaderView {
  const store = info?.storeinfo;
  const phone = store?.phone || null;
  const email = store?.email?.trim() ?? '';
  const emailShown = /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
  const shopCurrent = path.startsWith(ROUTES.shop);
  return {
    storeName,
    logo: store?.logo ?? null,
    phone,
    telHref: phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : null,
    email: emailShown,
    mailHref: emailShown ? `mailto:${emailShown}` : null,
    categories: (Array.isArray(info?.sub_category_list) ? info.sub_category_list : [])
      .filter((category) => typeof category?.name === 'string' && category.name.trim() !== '')
      .map(({ id, name, image }) => ({ id, name, image: image ?? null })),
    homeCurrent: path === ROUTES.home,
    categoriesCurrent: path.startsWith(ROUTES.categories),
    shopCurrent,
    searchText: shopCurrent ? (query.get('search') ?? '') : '',
  };
}
