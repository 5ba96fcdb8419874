import { sql, type Kysely, type Transaction } from 'kysely';
import { ACTIVE_STATUS } from '../catalog/listing.repository.ts';
import { sizeKey, sizeKeyColumns } from '../catalog/size-keys.ts';
import type { Database } from '../db/schema.ts';

/**
 * Variants as an order sees them, and stock changes: all SQL of taking and
 * giving back stock. Every writer of a product's stock locks the product row
 * first (ascending ids), then changes its variants by conditional statements,
 * then rewrites the listing columns from the variants (decision 003), so two
 * orders of one product never compute those columns from a stale read.
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface OrderableVariant {
  product_id: number;
  variant_id: number;
  product_variation: string | null;
  size_key: string | null;
  final_price: number;
  stock: number;
  product_name: string;
  product_slug: string;
  cover_image: string;
  product_images: string;
  retailer_id: number | null;
  wholesaler_id: number | null;
}

/** Every variant of the given active products, in one query. */
export async function findOrderableVariants(db: Db, productIds: readonly number[]): Promise<OrderableVariant[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_variants as pv', 'pv.product_id', 'p.id')
    .select([
      'p.id as product_id',
      'pv.id as variant_id',
      'pv.product_variation',
      'pv.size_key',
      'pv.final_price',
      'pv.stock',
      'p.name as product_name',
      'p.slug as product_slug',
      'p.cover_image',
      'p.product_images',
      'p.retailer_id',
      'p.wholesaler_id',
    ])
    .where('p.id', 'in', [...new Set(productIds)])
    .where('p.status', '=', ACTIVE_STATUS)
    .execute();
  return rows.map((r) => ({ ...r, product_id: Number(r.product_id), variant_id: Number(r.variant_id), final_price: Number(r.final_price), stock: Number(r.stock) }));
}

/** The variant of `product_variation` (by size key) among a product's variants; null names the unsized one. */
export function variantNamed(variants: readonly OrderableVariant[], productId: number, variation: string | null) {
  const key = sizeKey(variation);
  return variants.find((v) => v.product_id === productId && v.size_key === key);
}

/** Locks the products' rows for this transaction, in ascending id order (the lock order every stock writer keeps). */
export async function lockProducts(trx: Transaction<Database>, productIds: readonly number[], now: string): Promise<void> {
  for (const id of [...new Set(productIds)].sort((a, b) => a - b)) {
    await trx.updateTable('products').set({ updated_at: now }).where('id', '=', id).execute();
  }
}

/** Takes `quantity` from the variant only if it has that much: true when taken (SECURITY 11). */
export async function takeStock(trx: Transaction<Database>, variantId: number, quantity: number): Promise<boolean> {
  const result = await trx
    .updateTable('product_variants')
    .set({ stock: sql<number>`stock - ${quantity}` })
    .where('id', '=', variantId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackStock(trx: Transaction<Database>, variantId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('product_variants')
    .set({ stock: sql<number>`stock + ${quantity}` })
    .where('id', '=', variantId)
    .execute();
}

/** Rewrites total_stock and in_stock_size_keys of the products from their variants (the products are locked). */
export async function refreshListingColumns(trx: Transaction<Database>, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  const variants = await trx
    .selectFrom('product_variants')
    .select(['product_id', 'product_variation', 'stock'])
    .where('product_id', 'in', ids)
    .execute();
  for (const id of ids) {
    const own = variants.filter((v) => Number(v.product_id) === id).map((v) => ({ product_variation: v.product_variation, stock: Number(v.stock) }));
    await trx
      .updateTable('products')
      .set({ total_stock: own.reduce((sum, v) => sum + v.stock, 0), in_stock_size_keys: sizeKeyColumns(own).in_stock_size_keys })
      .where('id', '=', id)
      .execute();
  }
}
