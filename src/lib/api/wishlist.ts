/**
 * Wishlist calls of the signed-in shopper (SPEC §7 Cart and wishlist; shapes
 * from API-NOTES.md), parsed at the seam. SPEC §8 gives them the
 * store-information fallback.
 */
// zod/mini: the wishlist heart is on every product card's page, so its parsers must weigh little.
import * as z from 'zod/mini';
import { MESSAGES } from '../messages.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

const id = z.int();
const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

const entrySchema = z.object({
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
const wishlistAnswer = z.pipe(
  z.object({ success: z.literal(true), data: z.object({ wishlist: z.array(entrySchema) }) }),
  z.transform((body) => body.data.wishlist),
);

/** An answer whose only content is its message. */
const doneAnswer = z.pipe(z.object({ success: z.literal(true) }), z.transform(() => true as const));

export interface AddToWishlistPayload {
  product_id: number;
  retailer_id?: number | null;
  wholesaler_id?: number | null;
}

export interface RemoveFromWishlistPayload {
  product_id: number;
}

/** `GET /customer/wishlist`. */
export function getWishlist(api: ApiClient, options: CallOptions = {}): Promise<Outcome<WishlistEntry[]>> {
  return parsedCall(api, 'GET', '/customer/wishlist', wishlistAnswer, { ...options, fallback: MESSAGES.catalogue.storeInfoFailed });
}

/** `POST /customer/add-to-wishlist`. */
export function addToWishlistCall(
  api: ApiClient,
  payload: AddToWishlistPayload,
  options: CallOptions = {},
): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/add-to-wishlist', doneAnswer, {
    ...options,
    json: payload,
    fallback: MESSAGES.catalogue.storeInfoFailed,
  });
}

/** `POST /customer/remove-to-wishlist`. */
export function removeFromWishlistCall(
  api: ApiClient,
  payload: RemoveFromWishlistPayload,
  options: CallOptions = {},
): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/remove-to-wishlist', doneAnswer, {
    ...options,
    json: payload,
    fallback: MESSAGES.catalogue.storeInfoFailed,
  });
}

/** The answer shapes, for the API tests that check the contract from the server's side. */
export const WISHLIST_ANSWERS = { wishlist: wishlistAnswer, done: doneAnswer };
