import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ACTIVE_STATUS } from './listing.repository.ts';
import type { ProductRow, VariantRow } from './product.presenter.ts';

/**
 * Catalogue reads other than listings (see listing.repository.ts): products
 * by id or slug, their variants, new arrivals and categories.
 */
type Db = Kysely<Database>;

const PRODUCT_COLUMNS = [
  'products.id',
  'products.sku',
  'products.name',
  'products.slug',
  'products.description',
  'products.tags',
  'products.category_id',
  'products.sub_category_id',
  'products.retailer_id',
  'products.wholesaler_id',
  'products.status',
  'products.cover_image',
  'products.product_images',
  'products.old_price',
  'products.new_price',
  'products.min_final_price',
  'products.total_stock',
  'products.created_at',
] as const;

/** Active products by id, in the order of `ids` (missing or hidden ones left out). */
export async function findActiveProductsByIds(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  // Status is checked here, not in SQL: a status term would let SQLite pick a
  // listing index (status, ...) and scan it instead of 12 primary-key reads.
  const rows = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('products.id', 'in', [...ids]).execute();
  const byId = new Map(rows.filter((r) => r.status === ACTIVE_STATUS).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The sized variants of some products in display order, in one query. */
export async function findSizedVariants(db: Db, productIds: readonly number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'product_variation', 'old_price', 'price', 'final_price', 'stock'])
    .where('product_id', 'in', [...productIds])
    .where('product_variation', 'is not', null)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function findActiveProductById(db: Db, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('products.id', '=', id)
    .where('products.status', '=', ACTIVE_STATUS)
    .executeTakeFirst();
}

export async function findActiveProductBySlug(db: Db, slug: string): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('products.slug', '=', slug)
    .where('products.status', '=', ACTIVE_STATUS)
    .executeTakeFirst();
}

/** Newest in-stock products (walks products_status_newest and stops at `limit`). */
export async function findNewArrivals(db: Db, limit: number): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('products.status', '=', ACTIVE_STATUS)
    .where('products.total_stock', '>', 0)
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
}

export interface CategoryListItem {
  id: number;
  name: string;
  image: string;
}

/**
 * The categories shoppers filter by (the provider's "sub categories"): every
 * category that has no child categories, so a flat list is listed whole and a
 * two-level tree lists its leaves. Ordered by position, then id.
 */
export async function findListedCategories(db: Db): Promise<CategoryListItem[]> {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.image'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('categories as child').select('child.id').whereRef('child.parent_id', '=', 'c.id'))),
    )
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
}

export async function findCategoryVariations(
  db: Db,
  ids: readonly number[],
): Promise<Array<{ id: number; variations: string }>> {
  if (ids.length === 0) return [];
  return db.selectFrom('categories').select(['id', 'variations']).where('id', 'in', [...ids]).execute();
}
