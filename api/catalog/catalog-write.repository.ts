import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { CategoriesTable, Database, ProductsTable, ProductVariantsTable } from '../db/schema.ts';

/**
 * All SQL of the catalogue write service (decision 066): products and their
 * variants, categories and sellers as a store's own catalogue changes them.
 * Every write here bumps the catalogue version through the tables' triggers
 * (decision 023), so cached pages drop.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type ProductRow = Selectable<ProductsTable>;
export type VariantRow = Selectable<ProductVariantsTable>;

/**
 * The products whose slug is `slug` or whose own SKU is `sku`: one statement
 * on two unique indexes (a product's candidates for an upsert by handle, then SKU).
 */
export async function findProductsBySlugOrSku(db: Db, slug: string, sku: string | null): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .where((eb) => (sku === null ? eb('slug', '=', slug) : eb.or([eb('slug', '=', slug), eb('sku', '=', sku)])))
    .execute();
}

export async function findProductById(db: Db, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which product has each of these variant SKUs, in one statement. */
export async function findVariantSkuOwners(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db.selectFrom('product_variants').select(['sku', 'product_id']).where('sku', 'in', [...skus]).execute();
  return new Map(rows.map((r) => [r.sku!, Number(r.product_id)]));
}

export async function isProductSkuTaken(db: Db, sku: string): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirst()) !== undefined;
}

export async function findVariants(db: Db, productId: number): Promise<VariantRow[]> {
  return db.selectFrom('product_variants').selectAll().where('product_id', '=', productId).orderBy('position').orderBy('id').execute();
}

export async function insertProduct(trx: Transaction<Database>, row: Insertable<ProductsTable>): Promise<number> {
  const inserted = await trx.insertInto('products').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateProduct(trx: Transaction<Database>, id: number, changes: Updateable<ProductsTable>): Promise<void> {
  await trx.updateTable('products').set(changes).where('id', '=', id).execute();
}

export async function insertVariants(trx: Transaction<Database>, rows: Insertable<ProductVariantsTable>[]): Promise<void> {
  if (rows.length) await trx.insertInto('product_variants').values(rows).execute();
}

export async function updateVariant(trx: Transaction<Database>, id: number, changes: Updateable<ProductVariantsTable>): Promise<void> {
  await trx.updateTable('product_variants').set(changes).where('id', '=', id).execute();
}

/** Variants a product no longer has; carts drop their lines, orders keep theirs (variant_id set null). */
export async function deleteVariants(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length) await trx.deleteFrom('product_variants').where('id', 'in', [...ids]).execute();
}

/** A size key freed before it is taken again (the unique (product, size key) holds at every statement). */
export async function clearVariantSizeKeys(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length) await trx.updateTable('product_variants').set({ size_key: null, product_variation: null }).where('id', 'in', [...ids]).execute();
}

/** A category by name, whatever its case (names are unique in the store). */
export async function findCategoryByName(db: Db, name: string): Promise<Selectable<CategoriesTable> | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function isCategorySlugTaken(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

export async function insertCategory(trx: Transaction<Database>, category: { name: string; slug: string; parent_id: number | null; now: string }): Promise<number> {
  const row = await trx
    .insertInto('categories')
    .values({ name: category.name, slug: category.slug, parent_id: category.parent_id, created_at: category.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function listSellers(db: Db) {
  return db.selectFrom('sellers').select(['id', 'kind', 'name']).orderBy('id').execute();
}

export async function insertSeller(trx: Transaction<Database>, seller: { kind: 'retailer' | 'wholesaler'; name: string; now: string }): Promise<number> {
  const row = await trx.insertInto('sellers').values({ kind: seller.kind, name: seller.name, created_at: seller.now }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Archives the active or draft products whose slug is not in `keep`; answers how many. */
export async function archiveProductsNotIn(trx: Transaction<Database>, keep: ReadonlySet<string>, now: string): Promise<number> {
  const rows = await trx.selectFrom('products').select(['id', 'slug']).where('status', '!=', 'archived').execute();
  const ids = rows.filter((r) => !keep.has(r.slug)).map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    await trx.updateTable('products').set({ status: 'archived', updated_at: now }).where('id', 'in', ids.slice(i, i + 500)).execute();
  }
  return ids.length;
}

/** Every product with its category names and seller name, in id order, a page at a time: what an export writes. */
export async function listProductsForExport(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('products')
    .leftJoin('categories as sub', 'sub.id', 'products.sub_category_id')
    .leftJoin('categories as parent', 'parent.id', 'products.category_id')
    .leftJoin('sellers', (join) => join.on((eb) => eb.or([eb('sellers.id', '=', eb.ref('products.retailer_id')), eb('sellers.id', '=', eb.ref('products.wholesaler_id'))])))
    .selectAll('products')
    .select(['sub.name as sub_category_name', 'parent.name as parent_category_name', 'sellers.name as seller_name'])
    .where('products.id', '>', afterId)
    .orderBy('products.id')
    .limit(limit)
    .execute();
}

export async function findVariantsOf(db: Db, productIds: readonly number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db.selectFrom('product_variants').selectAll().where('product_id', 'in', [...productIds]).orderBy('product_id').orderBy('position').orderBy('id').execute();
}
