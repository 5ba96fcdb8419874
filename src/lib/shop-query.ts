/**
 * The /shop URL <-> listing state (SPEC §2, §5, §7 Catalogue). Pure and
 * framework-free: the page parses with it on the server, the instant-apply
 * island serialises the filter form with it in the browser, so both produce
 * the same canonical URL. Bad values (letters in a price, page=-3, an unknown
 * sort) are ignored or clamped here, never passed on to break the page.
 *
 * Deliberately imports no zod schema (it would ship zod to the island); the
 * limits and sorts come from src/lib/constants.ts, as the API's schemas' do.
 */
import {
  CATEGORY_FILTER_MAX,
  CATEGORY_NAME_MAX_LENGTH,
  DEFAULT_PRODUCT_PAGE,
  DEFAULT_PRODUCT_SORT,
  LISTING_COUNT_LIMIT,
  MAX_PRODUCT_PAGE,
  PRICE_FILTER_MAX_RUPEES,
  PRODUCT_SORTS,
  SEARCH_RESULTS_LIMIT,
  SEARCH_TEXT_MAX_LENGTH,
  SIZE_FILTER_MAX,
  SIZE_NAME_MAX_LENGTH,
  type ProductSort,
} from './constants.ts';
import { ROUTES } from './routes.ts';
import type { ProductFilters } from './api/catalog.ts';
import type { Category } from './api/store.ts';

/** The label the sort select shows for each of the API's `sort_by` values (constants.ts). */
const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  price_low_high: 'Price: low to high',
  price_high_low: 'Price: high to low',
  name_asc: 'Name: A to Z',
  name_desc: 'Name: Z to A',
};
export const SHOP_SORT_OPTIONS = PRODUCT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));
export type ShopSort = ProductSort;

/** Names of the /shop query values. */
export const SHOP_PARAMS = {
  categories: 'categories',
  search: 'search',
  minPrice: 'min_price',
  maxPrice: 'max_price',
  size: 'size',
  inStock: 'in_stock',
  outOfStock: 'out_of_stock',
  sort: 'sort',
  page: 'page',
} as const;

export interface ShopQuery {
  /** Category NAMES as the URL gives them (resolved to ids with `categoryIdsFor`). */
  categories: string[];
  /** Trimmed search text; '' means no search (SPEC §5). */
  search: string;
  /** Rupees. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sizes: string[];
  inStock: boolean;
  outOfStock: boolean;
  sort: ShopSort;
  page: number;
}

export const EMPTY_SHOP_QUERY: ShopQuery = {
  categories: [],
  search: '',
  sizes: [],
  inStock: false,
  outOfStock: false,
  sort: DEFAULT_PRODUCT_SORT,
  page: DEFAULT_PRODUCT_PAGE,
};

/** Every value of a repeated or comma-joined parameter, trimmed, blanks dropped, first spelling kept (case-insensitive). */
function listValues(params: URLSearchParams, name: string, limit: number, maxLength: number): string[] {
  const seen = new Map<string, string>();
  for (const raw of params.getAll(name)) {
    for (const part of raw.split(',')) {
      const value = part.trim();
      // Control characters never appear in a name; the API would refuse them.
      if (!value || value.length > maxLength || /\p{Cc}/u.test(value)) continue;
      if (!seen.has(value.toLowerCase()) && seen.size < limit) seen.set(value.toLowerCase(), value);
    }
  }
  return [...seen.values()];
}

function priceValue(raw: string | null): number | undefined {
  const text = raw?.trim() ?? '';
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  const rupees = Number(text);
  return Number.isFinite(rupees) && rupees <= PRICE_FILTER_MAX_RUPEES ? rupees : undefined;
}

function flagValue(raw: string | null): boolean {
  return ['1', 'true', 'on', 'yes'].includes(raw?.trim().toLowerCase() ?? '');
}

function sortValue(raw: string | null): ShopSort {
  const key = raw?.trim().toLowerCase() ?? '';
  return SHOP_SORT_OPTIONS.find((option) => option.value === key)?.value ?? DEFAULT_PRODUCT_SORT;
}

function pageValue(raw: string | null): number {
  const text = raw?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return DEFAULT_PRODUCT_PAGE;
  return Math.min(Math.max(Number(text), DEFAULT_PRODUCT_PAGE), MAX_PRODUCT_PAGE);
}

/** SPEC §5: trimmed (inner runs of spaces collapsed); empty means no search. */
export function normaliseSearch(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/\s+/g, ' ').slice(0, SEARCH_TEXT_MAX_LENGTH).trim();
}

/** The listing state of a /shop URL's search params. Never throws. */
export function parseShopQuery(params: URLSearchParams): ShopQuery {
  let minPrice = priceValue(params.get(SHOP_PARAMS.minPrice));
  let maxPrice = priceValue(params.get(SHOP_PARAMS.maxPrice));
  // A reversed range is read as meant rather than refused.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    categories: listValues(params, SHOP_PARAMS.categories, CATEGORY_FILTER_MAX, CATEGORY_NAME_MAX_LENGTH),
    search: normaliseSearch(params.get(SHOP_PARAMS.search)),
    minPrice,
    maxPrice,
    sizes: listValues(params, SHOP_PARAMS.size, SIZE_FILTER_MAX, SIZE_NAME_MAX_LENGTH),
    inStock: flagValue(params.get(SHOP_PARAMS.inStock)),
    outOfStock: flagValue(params.get(SHOP_PARAMS.outOfStock)),
    sort: sortValue(params.get(SHOP_PARAMS.sort)),
    page: pageValue(params.get(SHOP_PARAMS.page)),
  };
}

/**
 * Canonical search params: defaults left out, lists repeated (as a GET form
 * sends them), so parse(serialise(q)) equals q.
 */
export function serialiseShopQuery(query: ShopQuery): URLSearchParams {
  const params = new URLSearchParams();
  const search = normaliseSearch(query.search);
  if (search) params.set(SHOP_PARAMS.search, search);
  for (const name of query.categories) params.append(SHOP_PARAMS.categories, name);
  if (query.minPrice !== undefined) params.set(SHOP_PARAMS.minPrice, String(query.minPrice));
  if (query.maxPrice !== undefined) params.set(SHOP_PARAMS.maxPrice, String(query.maxPrice));
  for (const size of query.sizes) params.append(SHOP_PARAMS.size, size);
  if (query.inStock) params.set(SHOP_PARAMS.inStock, '1');
  if (query.outOfStock) params.set(SHOP_PARAMS.outOfStock, '1');
  if (query.sort !== DEFAULT_PRODUCT_SORT) params.set(SHOP_PARAMS.sort, query.sort);
  if (query.page > DEFAULT_PRODUCT_PAGE) params.set(SHOP_PARAMS.page, String(query.page));
  return params;
}

/** A /shop link for a query, with some values changed (e.g. `{ page: 2 }`). */
export function shopHref(query: ShopQuery, changes: Partial<ShopQuery> = {}): string {
  const search = serialiseShopQuery({ ...query, ...changes }).toString();
  return search ? `${ROUTES.shop}?${search}` : ROUTES.shop;
}

/** True when any filter (not search, sort or page) is set. */
export function hasFilters(query: ShopQuery): boolean {
  return (
    query.categories.length > 0 ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.sizes.length > 0 ||
    query.inStock ||
    query.outOfStock
  );
}

/** A /shop link without filters, sort or page: a search stays, so "Clear filters" does not clear it. */
export function clearFiltersHref(query: ShopQuery): string {
  return shopHref({ ...EMPTY_SHOP_QUERY, search: query.search });
}

/** A /shop link without the search: the filters and sort stay, from page 1. */
export function clearSearchHref(query: ShopQuery): string {
  return shopHref(query, { search: '', page: DEFAULT_PRODUCT_PAGE });
}

/** The store's categories named in the URL (matched ignoring case); unknown names are ignored. */
export function selectedCategories(names: string[], categories: Category[]): Category[] {
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()));
  return categories.filter((category) => wanted.has(String(category.name).trim().toLowerCase()));
}

/** Category names -> ids through the store-info `sub_category_list`; unknown names are ignored. */
export function categoryIdsFor(names: string[], categories: Category[]): number[] {
  return selectedCategories(names, categories).map((category) => category.id);
}

/**
 * The filters and sort of a query for `POST /get-products`, and for
 * `POST /search-products` while searching (filters narrow a search too),
 * given the ids of its known categories.
 */
export function productFiltersOf(query: ShopQuery, categoryIds: number[]): ProductFilters {
  return {
    sub_category: categoryIds.length > 0 ? categoryIds : undefined,
    min_price: query.minPrice,
    max_price: query.maxPrice,
    size: query.sizes.length > 0 ? query.sizes : undefined,
    in_stock: query.inStock || undefined,
    out_of_stock: query.outOfStock || undefined,
    sort_by: query.sort,
  };
}

export type PageItem = number | 'ellipsis';

/**
 * Page numbers to link: the first, the last, and `siblings` either side of
 * the current one; a gap of one page shows that page, longer gaps an ellipsis.
 */
export function pageItems(current: number, last: number, siblings = 1): PageItem[] {
  if (!Number.isSafeInteger(last) || last < 1) return [];
  const page = Math.min(Math.max(Math.trunc(current) || 1, 1), last);
  const shown = new Set<number>([1, last]);
  for (let n = page - siblings; n <= page + siblings; n++) if (n >= 1 && n <= last) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((n, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && n - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) items.push('ellipsis');
    items.push(n);
  });
  return items;
}

/**
 * The most a listing's `total` counts (decision 027): a plain search (no
 * filter, newest first) lists up to SEARCH_RESULTS_LIMIT products, anything
 * else is counted up to LISTING_COUNT_LIMIT. A total at its cap means "at
 * least that many".
 */
export function countCapOf(query: ShopQuery): number {
  return query.search !== '' && !hasFilters(query) && query.sort === DEFAULT_PRODUCT_SORT ? SEARCH_RESULTS_LIMIT : LISTING_COUNT_LIMIT;
}

/**
 * "Showing 1–12 of 234" for a paginator page, as HTML: the en dash between
 * the bounds is a character reference, so the page stays one-byte text
 * (decision 042). A total at `cap` (countCapOf) reads "of 12000+": the
 * count stopped there, the matches did not.
 */
export function showingHtml(from: number | null | undefined, to: number | null | undefined, total: number, cap?: number): string {
  const of = cap !== undefined && total >= cap ? `${total}+` : `${total}`;
  if (!from || !to || total <= 0) return `Showing 0 of ${of}`;
  return `Showing ${from}&ndash;${to} of ${of}`;
}
