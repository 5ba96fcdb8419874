import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { ProductSort } from '../../src/lib/constants.ts';
import type { Database } from '../db/schema.ts';
import { sizeKeyPattern } from './size-keys.ts';

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
 * straddling a bound) are checked variant by variant, after the settled test,
 * so the variant index is probed only for them.
 */
function listingCondition(q: ListingQuery, extra?: Condition): Condition {
  const { minPrice: lo, maxPrice: hi } = q;
  const strict = q.sizeKeys.length > 0 || q.stock === 'in';
  const needsVariants = (lo !== undefined || hi !== undefined) && (strict || (lo !== undefined && hi !== undefined));
  return (eb) => {
    const where = [
      ...baseConditions(eb, q),
      ...(q.sizeKeys.length ? [sizeCondition(eb, q)] : []),
      ...(extra ? [extra(eb)] : []),
    ];
    if (!needsVariants) return eb.and(where);
    const parts: Expression<SqlBool>[] = [];
    if (lo !== undefined) parts.push(eb('products.min_final_price', '>=', lo));
    if (hi !== undefined) parts.push(eb('products.max_final_price', '<=', hi));
    const settled = strict ? eb.and(parts) : eb.or(parts);
    return eb.and([...where, eb.or([settled, variantMatches(eb, q)])]);
  };
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

/** Ids of one page of matching products, in listing order; `extra` narrows the filter further. */
export async function findProductIdPage(
  db: Db,
  q: ListingQuery,
  sort: ProductSort,
  page: { offset: number; limit: number },
  extra?: Condition,
): Promise<number[]> {
  const [[key, keyDirection], [, idDirection]] = SORTS[sort];
  const rows = await db
    .selectFrom('products')
    .select('products.id')
    .where(listingCondition(q, extra))
    .orderBy(`products.${key}`, keyDirection)
    .orderBy('products.id', idDirection)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Number of matching products (exact); `extra` narrows the filter further. */
export async function countProducts(db: Db, q: ListingQuery, extra?: Condition): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll().as('total'))
    .where(listingCondition(q, extra))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
