import type { Kysely } from 'kysely';
import { rupees } from '../catalog/product.presenter.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import {
  deleteWishlistItem,
  findWishlist,
  findWishlistItemId,
  insertWishlistItem,
  type WishlistRow,
} from './wishlist.repository.ts';
import { WISHLIST_MESSAGES } from '../messages.ts';

/** The signed-in wishlist (SPEC §4, §7; API-NOTES "Cart and wishlist"; SECURITY 19). */
type Db = Kysely<Database>;

/** Adds an active product; adding it again keeps the one entry and says so. Answers the message. */
export async function addToWishlist(db: Db, customerId: number, productId: number): Promise<string> {
  if ((await insertWishlistItem(db, customerId, productId, new Date().toISOString())) !== undefined) {
    return WISHLIST_MESSAGES.added;
  }
  if ((await findWishlistItemId(db, customerId, productId)) !== undefined) return WISHLIST_MESSAGES.alreadyAdded;
  throw new ApiError(404, WISHLIST_MESSAGES.productNotFound);
}

/** Removes the shopper's own entry; a missing one is 404. */
export async function removeFromWishlist(db: Db, customerId: number, productId: number): Promise<void> {
  if ((await deleteWishlistItem(db, customerId, productId)) === 0) {
    throw new ApiError(404, WISHLIST_MESSAGES.notInWishlist);
  }
}

/** An entry as GET /customer/wishlist answers it (WishlistItem of the contract). */
function presentEntry(row: WishlistRow) {
  return {
    wishlist_id: row.wishlist_id,
    product_id: row.product_id,
    product_name: row.product_name,
    product_slug: row.product_slug,
    product_images: row.cover_image || null,
    final_price: rupees(row.min_final_price),
    // As a product item carries it: clients built from the same API read it for the price.
    new_price: rupees(row.new_price),
    // As the catalogue shows it; a product stored without an MRP has none.
    old_price: row.old_price > 0 ? rupees(row.old_price) : null,
    retailer_id: row.retailer_id,
    wholesaler_id: row.wholesaler_id,
    added_on: row.added_on,
  };
}

export async function wishlistOf(db: Db, customerId: number) {
  return { wishlist: (await findWishlist(db, customerId)).map(presentEntry) };
}
