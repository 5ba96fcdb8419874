/**
 * Wishlist calls of the signed-in shopper (SPEC §7 Cart and wishlist; shapes
 * from API-NOTES.md), parsed at the seam. SPEC §8 gives them the
 * store-information fallback.
 */
import { MESSAGES } from '../messages.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';
import type { WishlistEntry } from './wishlist.answers.ts';
export type { WishlistEntry } from './wishlist.answers.ts';

/** The parsers, loaded with the first call that needs one. */
const answers = () => import('./wishlist.answers.ts');

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
  return parsedCall(api, 'GET', '/customer/wishlist', async () => (await answers()).wishlistAnswer, { ...options, fallback: MESSAGES.catalogue.storeInfoFailed });
}

/** `POST /customer/add-to-wishlist`. */
export function addToWishlistCall(
  api: ApiClient,
  payload: AddToWishlistPayload,
  options: CallOptions = {},
): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/add-to-wishlist', async () => (await answers()).doneAnswer, {
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
  return parsedCall(api, 'POST', '/customer/remove-to-wishlist', async () => (await answers()).doneAnswer, {
    ...options,
    json: payload,
    fallback: MESSAGES.catalogue.storeInfoFailed,
  });
}
