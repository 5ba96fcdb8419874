import { sql, type Kysely } from 'kysely';
import { ACTIVE_STATUS } from '../catalog/listing.repository.ts';
import type { Database } from '../db/schema.ts';

/**
 * Wishlist entries (`wishlist_items`): all SQL of the wishlist; every
 * statement names the customer (SECURITY 19).
 */
type Db = Kysely<Database>;

/**
 * Adds an active product to the shopper's wishlist in one statement; one row
 * per (customer, product), so a repeat or a parallel add inserts nothing.
 * Answers the new entry's id, or nothing when none was inserted.
 */
export async function insertWishlistItem(
  db: Db,
  customerId: number,
  productId: number,
  now: string,
): Promise<number | undefined> {
  const source = db
    .selectFrom('products as p')
    .select([
      sql<number>`cast(${customerId} as integer)`.as('customer_id'),
      'p.id',
      sql<string>`${now}`.as('created_at'),
    ])
    .where('p.id', '=', productId)
    .where('p.status', '=', ACTIVE_STATUS);
  const row = await db
    .insertInto('wishlist_items')
    .columns(['customer_id', 'product_id', 'created_at'])
    .expression(source)
    .onConflict((oc) => oc.columns(['customer_id', 'product_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function findWishlistItemId(db: Db, customerId: number, productId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('wishlist_items')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Answers how many entries went (0 or 1). */
export async function deleteWishlistItem(db: Db, customerId: number, productId: number): Promise<number> {
  const result = await db
    .deleteFrom('wishlist_items')
    .where('customer_id', '=', customerId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface WishlistRow {
  wishlist_id: number;
  product_id: number;
  product_name: string;
  product_slug: string;
  cover_image: string;
  min_final_price: number;
  new_price: number;
  old_price: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
  added_on: string;
}

/** The shopper's entries for active products, newest first, in one query. */
export async function findWishlist(db: Db, customerId: number): Promise<WishlistRow[]> {
  const rows = await db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .select([
      'w.id as wishlist_id',
      'w.product_id',
      'p.name as product_name',
      'p.slug as product_slug',
      'p.cover_image',
      'p.min_final_price',
      'p.new_price',
      'p.old_price',
      'p.retailer_id',
      'p.wholesaler_id',
      'w.created_at as added_on',
    ])
    .where('w.customer_id', '=', customerId)
    .where('p.status', '=', ACTIVE_STATUS)
    .orderBy('w.id', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    wishlist_id: Number(r.wishlist_id),
    product_id: Number(r.product_id),
    min_final_price: Number(r.min_final_price),
    new_price: Number(r.new_price),
    old_price: Number(r.old_price),
  }));
}
