import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { LISTING_COUNT_LIMIT, type ProductSort } from '../../src/lib/constants.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { pricedKey, SIZE_PRICE_DIGITS, sizeKeyPattern } from './size-keys.ts';

/**
 * The listing and search SQL: which products match a filter set, in which
 * order. Only ids are read here, from the covering listing indexes (every
 * filter column in an index per sort, see the first migration), so no product
 * row is touched to filter or sort. The variant-level rule (size, price and
 * stock on the same variant) reads the variant index product_variants_filter
 * only for products whose price range straddles the filter.
 */
type Db = Kysely<Database>;
type ProductsEb = ExpressionBuilder<Database, 'products'>;
/** A condition on a products row; also how a caller adds one (the search text) to the filter. */
export type Condition = (eb: ProductsEb) => Expression<SqlBool>;

/** Only active products are ever listed. */
export const ACTIVE_STATUS = 'active';

export interface ListingQuery {
  categoryIds: number[];
  /** Paise, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  /** Lower-cased size names (product_variants.size_key). */
  sizeKeys: string[];
  /** in: total stock > 0 (and the matching variant in stock); out: total stock 0. */
  stock: 'any' | 'in' | 'out';
}

/** Product-row conditions: status, categories, stock, price-range overlap. */
function baseConditions(eb: ProductsEb, q: ListingQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [eb('products.status', '=', ACTIVE_STATUS)];
  const [onlyCategory] = q.categoryIds;
  if (q.categoryIds.length === 1 && onlyCategory !== undefined) {
    where.push(eb('products.sub_category_id', '=', onlyCategory));
  } else if (q.categoryIds.length > 1) {
    where.push(eb('products.sub_category_id', 'in', q.categoryIds));
  }
  if (q.stock === 'in') where.push(eb('products.total_stock', '>', 0));
  if (q.stock === 'out') where.push(eb('products.total_stock', '=', 0));
  // A product can only match when its price range overlaps the filter's.
  if (q.maxPrice !== undefined) where.push(eb('products.min_final_price', '<=', q.maxPrice));
  if (q.minPrice !== undefined) where.push(eb('products.max_final_price', '>=', q.minPrice));
  return where;
}

/**
 * Some variant satisfies size, price range and (with "in stock") stock
 * together: one seek in the variant index per product that reaches this test.
 * `limit 1 offset 0` keeps PostgreSQL from turning the EXISTS into a hashed
 * subplan that reads every matching variant of the catalogue (the offset is an
 * optimisation fence there; SQLite needs the limit before an offset).
 */
function variantMatches(eb: ProductsEb, q: ListingQuery): Expression<SqlBool> {
  let probe = eb.selectFrom('product_variants as v');
  const [onlySize] = q.sizeKeys;
  if (q.sizeKeys.length === 1 && onlySize !== undefined) probe = probe.where('v.size_key', '=', onlySize);
  else if (q.sizeKeys.length > 1) probe = probe.where('v.size_key', 'in', q.sizeKeys);
  if (q.minPrice !== undefined) probe = probe.where('v.final_price', '>=', q.minPrice);
  if (q.maxPrice !== undefined) probe = probe.where('v.final_price', '<=', q.maxPrice);
  if (q.stock === 'in') probe = probe.where('v.stock', '>', 0);
  return eb.exists(
    probe.select(sql.lit(1).as('one')).whereRef('v.product_id', '=', 'products.id').limit(1).offset(0),
  );
}

/**
 * Some variant of one of the sizes (in stock, with "in stock") has its price
 * in range, read from products.size_prices in the listing index: a size has
 * one variant, so its stock (in_stock_size_keys) and its price belong to the
 * same variant. Null when a size cannot be read there (a key holding "=").
 * The column holds bytes and every operand here is bytes (decision 038):
 * byte positions and a byte comparison, where text would count characters.
 */
function sizePriceMatches(eb: ProductsEb, q: ListingQuery, dialect: Dialect): Expression<SqlBool> | null {
  const keys = q.sizeKeys.filter((k) => sizeKeyPattern(k) !== null); // the others never match (sizeCondition)
  if (keys.some((k) => pricedKey(k) === null)) return null;
  if (keys.length === 0) return sql<SqlBool>`1 = 0`;
  const column = sql.ref('products.size_prices');
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  const position = (needle: Buffer) =>
    dialect === 'postgres' ? sql<number>`position(${needle} in ${column})` : sql<number>`instr(${column}, ${needle})`;
  // The price is compared as its fixed-width digits, so no cast can fail; a
  // missing key gives a null position, hence a null price, which never matches.
  const digits = (paise: number) => bytes(String(paise).padStart(SIZE_PRICE_DIGITS, '0'));
  const low = digits(q.minPrice ?? 0);
  const high = q.maxPrice === undefined ? bytes('9'.repeat(SIZE_PRICE_DIGITS)) : digits(q.maxPrice);
  return eb.or(
    keys.map((key) => {
      const needle = bytes(pricedKey(key)!);
      const start = sql`nullif(${position(needle)}, 0) + ${needle.length}`;
      const price =
        dialect === 'postgres'
          ? sql`substring(${column} from ${start} for ${SIZE_PRICE_DIGITS})`
          : sql`substr(${column}, ${start}, ${SIZE_PRICE_DIGITS})`;
      const inStock = q.stock === 'in' ? sql`${sql.ref('products.in_stock_size_keys')} like ${sizeKeyPattern(key)} escape '\\' and ` : sql``;
      return sql<SqlBool>`(${inStock}${price} between ${low} and ${high})`;
    }),
  );
}

/** The product has a sized variant (an in-stock one, with "in stock") of one of the sizes: read from the index. */
function sizeCondition(eb: ProductsEb, q: ListingQuery): Expression<SqlBool> {
  const column = q.stock === 'in' ? 'products.in_stock_size_keys' : 'products.size_keys';
  const patterns = q.sizeKeys.map(sizeKeyPattern).filter((p): p is string => p !== null);
  if (patterns.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.or(patterns.map((pattern) => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`));
}

/**
 * The whole filter as one condition. Sizes and stock come from the product's
 * size-key columns, exactly. A price range needs the variants only for
 * products it does not settle: without sizes or "in stock", a product whose
 * cheapest variant is at or above the minimum (or whose dearest is at or below
 * the maximum) has that variant in range, given the ranges overlap; with sizes
 * or "in stock" the matching variant is a particular one, so only a product
 * whose whole range lies inside the filter is settled. The rest (ranges
 * straddling a bound) are checked after the settled test: with sizes, from
 * each size's price in size_prices (index only); otherwise variant by variant,
 * probing the variant index only for them.
 */
function listingCondition(q: ListingQuery, dialect: Dialect, extra?: Condition, part: Part = 'all'): Condition {
  const { minPrice: lo, maxPrice: hi } = q;
  const strict = q.sizeKeys.length > 0 || q.stock === 'in';
  return (eb) => {
    const where = [
      ...baseConditions(eb, q),
      ...(q.sizeKeys.length ? [sizeCondition(eb, q)] : []),
      ...(extra ? [extra(eb)] : []),
    ];
    if (!needsVariants(q)) return part === 'straddling' ? sql<SqlBool>`1 = 0` : eb.and(where);
    const parts: Expression<SqlBool>[] = [];
    if (lo !== undefined) parts.push(eb('products.min_final_price', '>=', lo));
    if (hi !== undefined) parts.push(eb('products.max_final_price', '<=', hi));
    const settled = strict ? eb.and(parts) : eb.or(parts);
    if (part === 'settled') return eb.and([...where, settled]);
    const straddling = (q.sizeKeys.length > 0 && sizePriceMatches(eb, q, dialect)) || variantMatches(eb, q);
    if (part === 'straddling') return eb.and([...where, eb.not(settled), straddling]);
    return eb.and([...where, eb.or([settled, straddling])]);
  };
}

/** The products a filter settles from their price range, the ones it must check size by size or variant by variant, or both. */
type Part = 'all' | 'settled' | 'straddling';

/** A price range only some of a product's variants may be in (see listingCondition). */
function needsVariants(q: ListingQuery): boolean {
  const { minPrice: lo, maxPrice: hi } = q;
  const strict = q.sizeKeys.length > 0 || q.stock === 'in';
  return (lo !== undefined || hi !== undefined) && (strict || (lo !== undefined && hi !== undefined));
}

/** The sort's columns (unqualified: they also order a union); every sort ends on id. */
type Direction = 'asc' | 'desc';
const SORTS: Record<ProductSort, [['created_at' | 'min_final_price' | 'name', Direction], ['id', Direction]]> = {
  newest: [
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
  price_low_high: [
    ['min_final_price', 'asc'],
    ['id', 'asc'],
  ],
  price_high_low: [
    ['min_final_price', 'desc'],
    ['id', 'desc'],
  ],
  name_asc: [
    ['name', 'asc'],
    ['id', 'asc'],
  ],
  name_desc: [
    ['name', 'desc'],
    ['id', 'desc'],
  ],
};

/**
 * Ids of one page of matching products, in listing order; `extra` narrows the
 * filter further. Several categories are read as one ordered walk of the
 * category index per category, merged (UNION ALL under the ORDER BY): neither
 * database merges an IN list's index ranges in order by itself, and the
 * alternative, walking the all-category index, reads every other category's
 * products on the way to a deep page (decision 027). SQLite merges the walks
 * as they are; PostgreSQL needs each one limited to the page's end, or it
 * reads them whole and sorts.
 */
export async function findProductIdPage(
  db: Db,
  dialect: Dialect,
  q: ListingQuery,
  sort: ProductSort,
  page: { offset: number; limit: number },
  extra?: Condition,
): Promise<number[]> {
  const [[key, keyDirection], [, idDirection]] = SORTS[sort];
  const ordered = (query: ListingQuery) =>
    db
      .selectFrom('products')
      .select(['products.id', `products.${key}`])
      .where(listingCondition(query, dialect, extra))
      .orderBy(`products.${key}`, keyDirection)
      .orderBy('products.id', idDirection);
  if (q.categoryIds.length <= 1) {
    const rows = await ordered(q).limit(page.limit).offset(page.offset).execute();
    return rows.map((r) => Number(r.id));
  }
  const end = page.offset + page.limit;
  const walk = (id: number, i: number) => {
    const category = ordered({ ...q, categoryIds: [id] });
    return db.selectFrom((dialect === 'postgres' ? category.limit(end) : category.clearOrderBy()).as(`c${i}`)).select(['id', key]);
  };
  const rows = await q.categoryIds
    .map(walk)
    .reduce((union, next) => union.unionAll(next))
    .orderBy(key, keyDirection)
    .orderBy('id', idDirection)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Number of matching products, exact up to LISTING_COUNT_LIMIT and that limit
 * beyond it (decision 027: an exact count of 150,000 matches reads 150,000
 * index entries, far over the 10 ms budget); `extra` narrows the filter
 * further. Products the price range settles are counted first, and those
 * it does not (checked size by size or variant by variant) only while the
 * limit is not reached: a second query, as one UNION ALL lets PostgreSQL plan
 * both halves at once (a parallel append, an eager bitmap scan).
 */
export async function countProducts(
  db: Db,
  dialect: Dialect,
  q: ListingQuery,
  extra?: Condition,
  limit = LISTING_COUNT_LIMIT,
): Promise<number> {
  const count = async (part: Part, upTo: number) => {
    const matches = db
      .selectFrom('products')
      .select(sql.lit(1).as('one'))
      .where(listingCondition(q, dialect, extra, part))
      .limit(upTo);
    const row = await db
      .selectFrom(matches.as('m'))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  };
  if (!needsVariants(q)) return count('all', limit);
  const settled = await count('settled', limit);
  return settled < limit ? settled + (await count('straddling', limit - settled)) : settled;
}
