import { z } from 'zod';
import {
  CATEGORY_FILTER_MAX,
  CURRENCY_SYMBOL,
  DEFAULT_PRODUCT_PAGE,
  DEFAULT_PRODUCT_SORT,
  MAX_PRODUCT_PAGE,
  PRICE_FILTER_MAX_RUPEES,
  PRODUCT_SORTS,
  RELATED_PRODUCTS_MAX,
  SEARCH_TEXT_MAX_LENGTH,
  SIZE_FILTER_MAX,
  SIZE_NAME_MAX_LENGTH,
  type ProductSort,
} from '../constants.ts';
import { groupIndian } from '../money.ts';
import { invalid, isBlank, type Ctx } from './refinement.ts';

/**
 * Request schemas of the catalogue calls (SPEC §7): the product-list filters,
 * search and the sub-category variations. Framework-free, shared by the store
 * API and the storefront's /shop page. Values may arrive as JSON (numbers,
 * booleans, arrays) or as form/query strings; every schema accepts both and
 * normalises them. Unknown fields are dropped. Prices stay in rupees here; the
 * API turns them into paise.
 */

/** Ids are 32-bit integers in both databases. */
const MAX_ID = 2_147_483_647;


/** Spellings other clients use, after lower-casing and turning spaces/hyphens into underscores. */
const SORT_ALIASES: Record<string, ProductSort> = {
  latest: 'newest',
  new: 'newest',
  newest_first: 'newest',
  price_asc: 'price_low_high',
  price_low: 'price_low_high',
  low_high: 'price_low_high',
  low_to_high: 'price_low_high',
  price_low_to_high: 'price_low_high',
  price_desc: 'price_high_low',
  price_high: 'price_high_low',
  high_low: 'price_high_low',
  high_to_low: 'price_high_low',
  price_high_to_low: 'price_high_low',
  name: 'name_asc',
  a_z: 'name_asc',
  az: 'name_asc',
  name_a_z: 'name_asc',
  z_a: 'name_desc',
  za: 'name_desc',
  name_z_a: 'name_desc',
};

/** Characters a search may contain besides letters, digits and spaces. */
export const SEARCH_PUNCTUATION = "' - & . , / ( ) +";

/** '₹1,00,00,000': the highest price filter, in whole rupees as a shopper writes it. */
const PRICE_FILTER_MAX_TEXT = `${CURRENCY_SYMBOL}${groupIndian(String(PRICE_FILTER_MAX_RUPEES))}`;

export const CATALOG_MESSAGES = {
  body: 'The request body must be an object of fields',
  pageWhole: 'Page must be a whole number',
  pageMin: 'Page must be at least 1',
  pageMax: `Page cannot be more than ${MAX_PRODUCT_PAGE}`,
  categoryIds: 'Categories must be category ids (whole numbers) separated by commas',
  categoryCount: `Choose at most ${CATEGORY_FILTER_MAX} categories`,
  minPriceNumber: 'Minimum price must be a number',
  maxPriceNumber: 'Maximum price must be a number',
  minPriceNegative: 'Minimum price cannot be negative',
  maxPriceNegative: 'Maximum price cannot be negative',
  minPriceTooHigh: `Minimum price cannot be more than ${PRICE_FILTER_MAX_TEXT}`,
  maxPriceTooHigh: `Maximum price cannot be more than ${PRICE_FILTER_MAX_TEXT}`,
  priceRange: 'Minimum price cannot be more than the maximum price',
  sizeList: 'Sizes must be size names separated by commas',
  sizeCount: `Choose at most ${SIZE_FILTER_MAX} sizes`,
  sizeLength: `A size name can be at most ${SIZE_NAME_MAX_LENGTH} characters`,
  inStock: 'In stock must be true or false',
  outOfStock: 'Out of stock must be true or false',
  sort: `Sort must be one of: ${PRODUCT_SORTS.join(', ')}`,
  productId: 'Product id must be a whole number',
  related: `Related must be a whole number from 0 to ${RELATED_PRODUCTS_MAX}`,
  searchText: 'Search text must be text',
  searchRequired: 'Search text is required',
  searchLength: `Search text can be at most ${SEARCH_TEXT_MAX_LENGTH} characters`,
  searchCharacters: `Search text may only contain letters, digits, spaces and ${SEARCH_PUNCTUATION}`,
  searchWord: 'Search text must contain a letter or a digit',
} as const;

// Every field is `z.unknown().optional().transform(...)`: optional so an absent
// key reaches the transform (which supplies the default) instead of failing.

/** A positive 32-bit id from a number or a digit string; undefined when it is not one. */
function toId(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : undefined;
}

/** Items of a comma-joined string or an array of strings/numbers; undefined for any other shape. */
function listItems(v: unknown): string[] | undefined {
  if (isBlank(v)) return [];
  const items = typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [String(v)] : Array.isArray(v) ? v : null;
  if (!items) return undefined;
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'number' && Number.isFinite(item)) out.push(String(item));
    else if (typeof item === 'string') out.push(item.trim());
    else return undefined;
  }
  return out.filter((s) => s !== '');
}

/** The `page` value: absent or blank means 1. */
export const pageField = z.unknown().optional().transform((v, ctx): number => {
  if (isBlank(v)) return DEFAULT_PRODUCT_PAGE;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n)) return invalid(ctx, CATALOG_MESSAGES.pageWhole);
  if (n < 1) return invalid(ctx, CATALOG_MESSAGES.pageMin);
  if (n > MAX_PRODUCT_PAGE) return invalid(ctx, CATALOG_MESSAGES.pageMax);
  return n;
});

/**
 * `?related=N` of `GET /single-product-details/{slug}`: how many other
 * products of the product's category to answer with (newest first), for the
 * product page's 'You might also like'. Absent or blank: none.
 */
export const relatedCountField = z.unknown().optional().transform((v, ctx): number => {
  if (isBlank(v)) return 0;
  const n = typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n > RELATED_PRODUCTS_MAX) return invalid(ctx, CATALOG_MESSAGES.related);
  return n;
});

export const productDetailsQuerySchema = z.object({ related: relatedCountField });

/** Category ids as "1,2,3", [1, 2] or ["1", "2"]; de-duplicated, in the given order. */
export const categoryIdsField = z.unknown().optional().transform((v, ctx): number[] => {
  const items = listItems(v);
  if (!items) return invalid(ctx, CATALOG_MESSAGES.categoryIds);
  const ids = new Set<number>();
  for (const item of items) {
    const id = toId(item);
    if (id === undefined) return invalid(ctx, CATALOG_MESSAGES.categoryIds);
    ids.add(id);
    if (ids.size > CATEGORY_FILTER_MAX) return invalid(ctx, CATALOG_MESSAGES.categoryCount);
  }
  return [...ids];
});

function priceField(which: 'min' | 'max') {
  const m = CATALOG_MESSAGES;
  const [notNumber, negative, tooHigh] =
    which === 'min'
      ? [m.minPriceNumber, m.minPriceNegative, m.minPriceTooHigh]
      : [m.maxPriceNumber, m.maxPriceNegative, m.maxPriceTooHigh];
  return z.unknown().optional().transform((v, ctx): number | undefined => {
    if (isBlank(v)) return undefined;
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n)) return invalid(ctx, notNumber);
    if (n < 0) return invalid(ctx, negative);
    if (n > PRICE_FILTER_MAX_RUPEES) return invalid(ctx, tooHigh);
    return n;
  });
}

/** Size names as "S, M" or ["S", "M"]; trimmed and de-duplicated ignoring case. */
export const sizesField = z.unknown().optional().transform((v, ctx): string[] => {
  const items = listItems(v);
  if (!items) return invalid(ctx, CATALOG_MESSAGES.sizeList);
  const sizes = new Map<string, string>(); // lower-cased -> as given
  for (const item of items) {
    if (/\p{Cc}/u.test(item)) return invalid(ctx, CATALOG_MESSAGES.sizeList);
    if (item.length > SIZE_NAME_MAX_LENGTH) return invalid(ctx, CATALOG_MESSAGES.sizeLength);
    if (!sizes.has(item.toLowerCase())) sizes.set(item.toLowerCase(), item);
    if (sizes.size > SIZE_FILTER_MAX) return invalid(ctx, CATALOG_MESSAGES.sizeCount);
  }
  return [...sizes.values()];
});

const TRUE_VALUES = new Set(['1', 'true', 'on', 'yes']);
const FALSE_VALUES = new Set(['', '0', 'false', 'off', 'no']);

/** A flag as true/false, 1/0 or "1"/"true"/"on" (a ticked checkbox) and their opposites. */
function flagField(message: string) {
  return z.unknown().optional().transform((v, ctx): boolean => {
    if (v === undefined || v === null) return false;
    const s = typeof v === 'boolean' || typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null;
    const key = s?.trim().toLowerCase();
    if (key !== undefined && TRUE_VALUES.has(key)) return true;
    if (key !== undefined && FALSE_VALUES.has(key)) return false;
    return invalid(ctx, message);
  });
}

/** One of PRODUCT_SORTS or an alias; absent or blank means newest. */
export const sortField = z.unknown().optional().transform((v, ctx): ProductSort => {
  if (isBlank(v)) return DEFAULT_PRODUCT_SORT;
  if (typeof v !== 'string') return invalid(ctx, CATALOG_MESSAGES.sort);
  const key = v.trim().toLowerCase().replace(/[\s-]+/g, '_');
  const sort = (PRODUCT_SORTS as readonly string[]).includes(key) ? (key as ProductSort) : SORT_ALIASES[key];
  return sort ?? invalid(ctx, CATALOG_MESSAGES.sort);
});

const productIdField = z.unknown().optional().transform((v, ctx): number | undefined => {
  if (isBlank(v)) return undefined;
  return toId(v) ?? invalid(ctx, CATALOG_MESSAGES.productId);
});

/** The filter and sort fields shared by /get-products and /search-products. */
const listingFilterShape = {
  sub_category: categoryIdsField,
  min_price: priceField('min'),
  max_price: priceField('max'),
  size: sizesField,
  in_stock: flagField(CATALOG_MESSAGES.inStock),
  out_of_stock: flagField(CATALOG_MESSAGES.outOfStock),
  sort_by: sortField,
  page: pageField,
};

/** A minimum above the maximum is refused, on the minimum. */
function checkPriceRange(f: { min_price?: number | undefined; max_price?: number | undefined }, ctx: Ctx): void {
  if (f.min_price !== undefined && f.max_price !== undefined && f.min_price > f.max_price) {
    ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.priceRange, path: ['min_price'] });
  }
}

/** The body of POST /get-products (and the /shop page's filters). */
export const productFiltersSchema = z
  .object({ ...listingFilterShape, product_id: productIdField }, { error: CATALOG_MESSAGES.body })
  .superRefine(checkPriceRange);
export type ProductFilters = z.output<typeof productFiltersSchema>;

const SEARCH_ALLOWED = /^[\p{L}\p{N}\p{M} '’\-&.,/()+]*$/u;

/** The search text: trimmed, required, bounded, letters/digits/spaces and a little punctuation. */
export const searchTextField = z.unknown().optional().transform((v, ctx): string => {
  if (v === undefined || v === null) return invalid(ctx, CATALOG_MESSAGES.searchRequired);
  if (typeof v !== 'string' && typeof v !== 'number') return invalid(ctx, CATALOG_MESSAGES.searchText);
  const text = String(v).trim().replace(/\s+/g, ' ');
  if (text === '') return invalid(ctx, CATALOG_MESSAGES.searchRequired);
  if (text.length > SEARCH_TEXT_MAX_LENGTH) return invalid(ctx, CATALOG_MESSAGES.searchLength);
  if (!SEARCH_ALLOWED.test(text)) return invalid(ctx, CATALOG_MESSAGES.searchCharacters);
  if (!/[\p{L}\p{N}]/u.test(text)) return invalid(ctx, CATALOG_MESSAGES.searchWord);
  return text;
});

/**
 * The body of POST /search-products: the text plus, optionally, every filter
 * and sort of /get-products (same fields, same messages); `{ search, page }`
 * alone is the original contract.
 */
export const searchProductsSchema = z
  .object({ ...listingFilterShape, search: searchTextField }, { error: CATALOG_MESSAGES.body })
  .superRefine(checkPriceRange);
export type SearchProductsRequest = z.output<typeof searchProductsSchema>;

/** The body of POST /subcategory-variations; an empty list asks for nothing. */
export const subcategoryVariationsSchema = z.object(
  { sub_category_id: categoryIdsField },
  { error: CATALOG_MESSAGES.body },
);

/** A product slug as the storefront links it: letters and digits in hyphen-separated runs. */
export const PRODUCT_SLUG_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
export const PRODUCT_SLUG_MAX_LENGTH = 200;
export function isProductSlug(value: string): boolean {
  return value.length <= PRODUCT_SLUG_MAX_LENGTH && PRODUCT_SLUG_PATTERN.test(value);
}
