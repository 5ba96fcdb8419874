import type { Insertable, Kysely, Transaction } from 'kysely';
import { listingColumns, type VariantPrices } from '../../catalog/product-columns.ts';
import { sizeKey } from '../../catalog/size-keys.ts';
import type { CouponsTable } from '../orders-schema.ts';
import type { CategoriesTable, CustomersTable, Database, HomeSectionsTable, StoreSettingsTable } from '../schema.ts';

/**
 * Writes catalogue and store data (demo seed, large benchmark catalogue, test
 * fixtures). Products go in with their variants and the denormalised columns
 * (price range, total stock, search text) computed in one place.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** A variant's size label ("M"; null for a product sold without sizes, exactly one variant then), prices in paise and stock. */
export type VariantInput = VariantPrices;

export interface ProductInput {
  sku: string;
  name: string;
  slug: string;
  description: string;
  tags: string;
  category_id: number | null;
  sub_category_id: number;
  /** Category name, indexed for search. */
  category_name: string;
  retailer_id: number | null;
  wholesaler_id: number | null;
  status?: string;
  cover_image: string;
  product_images: string;
  created_at: string;
  variants: VariantInput[];
}

const now = () => new Date().toISOString();

export async function isStoreSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('store_settings').select('id').where('id', '=', 1).executeTakeFirst();
  return row !== undefined;
}

export async function insertStoreSettings(
  db: Db,
  settings: Omit<Insertable<StoreSettingsTable>, 'id' | 'updated_at'>,
): Promise<void> {
  await db.insertInto('store_settings').values({ ...settings, id: 1, updated_at: now() }).execute();
}

export async function insertHomeSections(db: Db, sections: Insertable<HomeSectionsTable>[]): Promise<void> {
  if (sections.length) await db.insertInto('home_sections').values(sections).execute();
}

export async function insertCategory(
  db: Db,
  category: Omit<Insertable<CategoriesTable>, 'created_at'>,
): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ ...category, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSeller(db: Db, kind: 'retailer' | 'wholesaler', name: string): Promise<number> {
  const row = await db
    .insertInto('sellers')
    .values({ kind, name, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts many products and their variants; returns the new product ids in input order. */
export async function insertProducts(db: Db, products: ProductInput[]): Promise<number[]> {
  const ids: number[] = [];
  // Batches keep each statement under SQLite's bound-parameter limit.
  for (let start = 0; start < products.length; start += 200) {
    const batch = products.slice(start, start + 200);
    const rows = await db
      .insertInto('products')
      .values(batch.map(productRow))
      .returning('id')
      .execute();
    const batchIds = rows.map((r) => r.id);
    ids.push(...batchIds);
    const variants = batch.flatMap((product, i) =>
      product.variants.map((v, position) => ({
        product_id: batchIds[i]!,
        product_variation: v.product_variation,
        size_key: sizeKey(v.product_variation),
        old_price: v.old_price,
        price: v.price,
        final_price: v.final_price,
        stock: v.stock,
        position,
      })),
    );
    for (let v = 0; v < variants.length; v += 500) {
      await db.insertInto('product_variants').values(variants.slice(v, v + 500)).execute();
    }
  }
  return ids;
}

function productRow(p: ProductInput) {
  return {
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    description: p.description,
    tags: p.tags,
    category_id: p.category_id,
    sub_category_id: p.sub_category_id,
    retailer_id: p.retailer_id,
    wholesaler_id: p.wholesaler_id,
    status: p.status ?? 'active',
    cover_image: p.cover_image,
    product_images: p.product_images,
    ...listingColumns(p, p.variants),
    created_at: p.created_at,
    updated_at: p.created_at,
  };
}

export async function insertCoupons(db: Db, coupons: Omit<Insertable<CouponsTable>, 'created_at'>[]): Promise<void> {
  if (coupons.length) {
    await db.insertInto('coupons').values(coupons.map((c) => ({ ...c, created_at: now() }))).execute();
  }
}

export async function insertCustomer(
  db: Db,
  customer: Omit<Insertable<CustomersTable>, 'created_at' | 'updated_at'>,
): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('customers')
    .values({ ...customer, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findStoreName(db: Db): Promise<string | undefined> {
  const row = await db.selectFrom('store_settings').select('store_name').where('id', '=', 1).executeTakeFirst();
  return row?.store_name;
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Categories by slug with their parent, for generators that attach products to existing categories. */
export async function listCategoriesBySlug(
  db: Db,
): Promise<Map<string, { id: number; parent_id: number | null; name: string }>> {
  const rows = await db.selectFrom('categories').select(['id', 'slug', 'parent_id', 'name']).execute();
  return new Map(rows.map((r) => [r.slug, { id: r.id, parent_id: r.parent_id, name: r.name }]));
}

export async function listSellers(db: Db): Promise<Array<{ id: number; kind: 'retailer' | 'wholesaler' }>> {
  return db.selectFrom('sellers').select(['id', 'kind']).orderBy('id').execute();
}

/** The highest SKU starting with prefix (SKUs with a fixed-width serial sort by serial). */
export async function findMaxSku(db: Db, prefix: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('sku').as('sku'))
    .where('sku', 'like', `${prefix}%`)
    .executeTakeFirst();
  return row?.sku ?? undefined;
}
