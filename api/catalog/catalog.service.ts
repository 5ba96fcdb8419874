import type { Kysely } from 'kysely';
import {
  DEFAULT_PRODUCT_SORT,
  LISTING_COUNT_LIMIT,
  NEW_ARRIVALS_LIMIT,
  PRODUCTS_PER_PAGE,
  SEARCH_RESULTS_LIMIT,
  type ProductSort,
} from '../../src/lib/constants.ts';
import { rupeesToPaise } from '../../src/lib/money.ts';
import type { ProductFilters, SearchProductsRequest } from '../../src/lib/schemas/catalog.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import * as repo from './catalog.repository.ts';
import type { CategoryListItem } from './catalog.repository.ts';
import * as listings from './listing.repository.ts';
import * as search from './search.repository.ts';
import type { Condition, ListingQuery } from './listing.repository.ts';
import { paginate, toProductItem, toProductItems, type Paginator, type ProductItem, type ProductRow } from './product.presenter.ts';

type Db = Kysely<Database>;

/** `data` of /get-products and /search-products. */
export interface ProductListing {
  products: Paginator<ProductItem>;
  sub_categories: CategoryListItem[];
}

/** Rupees (validated: 0 to PRICE_FILTER_MAX_RUPEES, possibly with decimals) to paise, rounded as decimals, not floats (money.ts). */
function toPaise(rupees: number | undefined): number | undefined {
  if (rupees === undefined) return undefined;
  const paise = rupeesToPaise(rupees);
  // The schema let only finite amounts up to a crore through: anything else is a bug, not a filter to drop.
  if (paise === null) throw new RangeError(`A price filter of ${rupees} rupees has no paise`);
  return paise;
}

/** The filter fields /get-products and /search-products share. */
type ListingFilters = Pick<ProductFilters, 'sub_category' | 'min_price' | 'max_price' | 'size' | 'in_stock' | 'out_of_stock'>;

/** The filters of /get-products (or of a search) as a repository query. */
export function listingQuery(filters: ListingFilters): ListingQuery {
  // Both flags or neither: no stock filter (SPEC: the two checkboxes together mean "all").
  const stock = filters.in_stock === filters.out_of_stock ? 'any' : filters.in_stock ? 'in' : 'out';
  return {
    categoryIds: filters.sub_category,
    minPrice: toPaise(filters.min_price),
    maxPrice: toPaise(filters.max_price),
    sizeKeys: filters.size.map((s) => s.toLowerCase()),
    stock,
  };
}

/**
 * One listing answer: a count (up to LISTING_COUNT_LIMIT) and the page's ids,
 * both from the listing indexes, then one query reads those products, one
 * their variants and one the category list. A page past the last is empty
 * (200). Reads that do not wait on each other are sent together: on
 * PostgreSQL they run on separate pooled connections, so a deep page costs
 * its slowest walk rather than the sum of them (on SQLite they run one after
 * another, as before). The category list goes with the small reads, not
 * beside the two walks: on two cores a third query there made the walks wait
 * (decision 040).
 */
async function listingOf(
  db: Db,
  dialect: Dialect,
  query: ListingQuery,
  sort: ProductSort,
  page: number,
  extra?: Condition,
): Promise<ProductListing> {
  const offset = (page - 1) * PRODUCTS_PER_PAGE;
  // No listing reaches past the count's limit (decision 027): such a page is
  // empty without a walk. The walk is the longer query, so it is sent first:
  // built and sent second, it started a millisecond late (decision 040).
  const [ids, total] = await Promise.all([
    offset < LISTING_COUNT_LIMIT
      ? listings.findProductIdPage(db, dialect, query, sort, { offset, limit: PRODUCTS_PER_PAGE }, extra)
      : Promise.resolve([]),
    listings.countProducts(db, dialect, query, extra),
  ]);
  return listingAnswer(db, page, total, offset < total ? ids : []);
}

/** The answer for a page whose ids and total are known: the products with their variants, and the category list (sent together). */
async function listingAnswer(db: Db, page: number, total: number, ids: readonly number[]): Promise<ProductListing> {
  const [products, sub_categories] = await Promise.all([productsOf(db, ids), repo.findListedCategories(db)]);
  return { products: paginate(products, page, total), sub_categories };
}

/** The listed products with their sized variants, in the order of `ids` (two reads, sent together). */
async function productsOf(db: Db, ids: readonly number[]): Promise<ProductItem[]> {
  const [rows, variants] = await Promise.all([repo.findActiveProductsByIds(db, ids), repo.findSizedVariants(db, ids)]);
  return toProductItems(rows, variants);
}

async function withVariants(db: Db, rows: ProductRow[]): Promise<ProductItem[]> {
  const variants = await repo.findSizedVariants(
    db,
    rows.map((r) => r.id),
  );
  return toProductItems(rows, variants);
}

export async function listProducts(db: Db, dialect: Dialect, filters: ProductFilters, page: number): Promise<ProductListing> {
  return listingOf(db, dialect, listingQuery(filters), filters.sort_by, page);
}

/** True when a query narrows the listing at all (both stock flags together mean "any"). */
function narrows(query: ListingQuery): boolean {
  return (
    query.categoryIds.length > 0 ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.sizeKeys.length > 0 ||
    query.stock !== 'any'
  );
}

/**
 * Full-text search over name, tags, category name and description: every word
 * of the text must match a word of the product as a prefix ("shir" finds
 * shirts; stemming makes "shirts" find "shirt").
 *
 * Plain search (no filter, newest or no sort) reads the text index alone:
 * results come most recently added first, every result already contains every
 * word, the order is the same on both databases and stable across pages, and
 * it reads the index in its own order instead of ranking every match of a
 * common word. It lists at most SEARCH_RESULTS_LIMIT products
 * (docs/decisions/003).
 *
 * With filters or another sort it is a listing query (the same conditions,
 * sorts and exact count as /get-products) restricted to the text matches
 * (docs/decisions/008).
 */
export async function searchProducts(
  db: Db,
  dialect: Dialect,
  request: SearchProductsRequest,
  page: number,
): Promise<ProductListing> {
  const words = search.searchWords(request.search);
  const query = listingQuery(request);
  if (narrows(query) || request.sort_by !== DEFAULT_PRODUCT_SORT) {
    return words.length
      ? listingOf(db, dialect, query, request.sort_by, page, search.textMatchCondition(dialect, words))
      : listingAnswer(db, page, 0, []);
  }
  const offset = (page - 1) * PRODUCTS_PER_PAGE;
  const { total, ids } = words.length
    ? await search.findSearchMatches(db, dialect, words, { offset, limit: PRODUCTS_PER_PAGE }, SEARCH_RESULTS_LIMIT)
    : { total: 0, ids: [] };
  return listingAnswer(db, page, total, ids);
}

export async function findProductById(db: Db, id: number): Promise<ProductItem | undefined> {
  const row = await repo.findActiveProductById(db, id);
  return row && toProductItem(row, await repo.findSizedVariants(db, [row.id]));
}

/**
 * A product and up to `related` other products of its category, newest first
 * (the product page's 'You might also like'): the related ids come from the
 * listing index (beside the product's variants), then their rows and variants
 * in two reads sent together. One call instead of a product and a listing page of twelve with
 * its count and category list (decision 042).
 */
export async function productWithRelated(
  db: Db,
  dialect: Dialect,
  slug: string,
  related: number,
): Promise<{ product: ProductItem; related_products?: ProductItem[] } | undefined> {
  const row = await repo.findActiveProductBySlug(db, slug);
  if (!row) return undefined;
  const sameCategory: ListingQuery = { categoryIds: [row.sub_category_id], sizeKeys: [], stock: 'any' };
  // One more than asked: the product itself may be among them.
  const page = { offset: 0, limit: related + 1 };
  const relatedIds = related > 0 ? listings.findProductIdPage(db, dialect, sameCategory, DEFAULT_PRODUCT_SORT, page) : Promise.resolve([]);
  const [variants, ids] = await Promise.all([repo.findSizedVariants(db, [row.id]), relatedIds]);
  const product = toProductItem(row, variants);
  if (related === 0) return { product };
  return { product, related_products: await productsOf(db, ids.filter((id) => id !== row.id).slice(0, related)) };
}

export async function newArrivals(db: Db): Promise<{ products: ProductItem[] }> {
  return { products: await withVariants(db, await repo.findNewArrivals(db, NEW_ARRIVALS_LIMIT)) };
}

/** One entry per known category, in the asked order; unknown ids are skipped. */
export async function subcategoryVariations(
  db: Db,
  ids: number[],
): Promise<Array<{ sub_category_id: number; sub_category_variation: string }>> {
  const rows = await repo.findCategoryVariations(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r.variations]));
  return ids.flatMap((id) => {
    const variations = byId.get(id);
    return variations === undefined ? [] : [{ sub_category_id: id, sub_category_variation: tidyList(variations) }];
  });
}

/** "s,M , m,,L" -> "s, M, L": trimmed, blanks and case-insensitive repeats dropped. */
function tidyList(list: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of list.split(',').map((s) => s.trim())) {
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out.join(', ');
}
