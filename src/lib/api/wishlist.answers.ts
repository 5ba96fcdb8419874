/**
 * Parsers of the wishlist answers (zod/mini), loaded with the first wishlist call: the heart is on every product page, so they stay off the page until needed.
 */
import * as z from 'zod/mini';
import { isRupeeAmount, type RupeeAmount } from '../money.ts';

export const id = z.int();
/** A rupee string with two decimals, handed on as a checked RupeeAmount (decision 052). */
export const money = z.custom<RupeeAmount>(isRupeeAmount, 'a rupee amount with two decimals');

export const entrySchema = z.object({
  wishlist_id: id,
  product_id: id,
  product_name: z.string(),
  product_slug: z.string(),
  product_images: z.nullable(z.string()),
  final_price: money,
  /** As product items carry it (API-NOTES). */
  new_price: z.optional(z.nullable(money)),
  old_price: z.nullable(money),
  retailer_id: z.nullable(id),
  wholesaler_id: z.nullable(id),
  /** ISO time. */
  added_on: z.string(),
});
export type WishlistEntry = z.output<typeof entrySchema>;

/** `GET /customer/wishlist`: our API answers `data.wishlist`. */
export const wishlistAnswer = z.pipe(
  z.object({ success: z.literal(true), data: z.object({ wishlist: z.array(entrySchema) }) }),
  z.transform((body) => body.data.wishlist),
);

/** An answer whose only content is its message. */
export const doneAnswer = z.pipe(z.object({ success: z.literal(true) }), z.transform(() => true as const));

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const WISHLIST_ANSWERS = { wishlist: wishlistAnswer, done: doneAnswer };
