/**
 * Wishlist calls of the signed-in shopper (SPEC §7 Cart and wishlist; shapes
 * from API-NOTES.md). SPEC §8 gives them the store-information fallback.
 */
import { MESSAGES } from '../messages.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import type { ApiMessage, ApiResult, ApiSuccess } from './types.ts';

export interface WishlistEntry {
  wishlist_id: number;
  product_id: number;
  product_name: string;
  product_slug: string;
  product_images: string | null;
  final_price: string;
  /** As product items carry it (API-NOTES). */
  new_price?: string;
  old_price: string | null;
  retailer_id: number | null;
  wholesaler_id: number | null;
  added_on: string;
}

/** `GET /customer/wishlist`: our API answers `data.wishlist`. */
export type WishlistResponse = ApiSuccess<{ wishlist?: WishlistEntry[] }>;

export interface AddToWishlistPayload {
  product_id: number;
  retailer_id?: number | null;
  wholesaler_id?: number | null;
}

export interface RemoveFromWishlistPayload {
  product_id: number;
}

export interface WishlistChangeResponse {
  success: true;
  message?: ApiMessage;
}

/** The entries of a wishlist answer; [] when it has none. */
export function wishlistEntriesOf(result: ApiResult<WishlistResponse>): WishlistEntry[] {
  if (!result || result.success !== true) return [];
  const list = result.data?.wishlist;
  return Array.isArray(list) ? list.filter((entry) => typeof entry === 'object' && entry !== null && Number.isSafeInteger(entry.product_id)) : [];
}

/** `GET /customer/wishlist`. */
export function getWishlist(api: ApiClient, options: CallOptions = {}): Promise<ApiResult<WishlistResponse>> {
  return api.get<WishlistResponse>('/customer/wishlist', { ...options, fallback: MESSAGES.catalogue.storeInfoFailed });
}

/** `POST /customer/add-to-wishlist`. */
export function addToWishlistCall(
  api: ApiClient,
  payload: AddToWishlistPayload,
  options: CallOptions = {},
): Promise<ApiResult<WishlistChangeResponse>> {
  return api.post<WishlistChangeResponse>('/customer/add-to-wishlist', {
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
): Promise<ApiResult<WishlistChangeResponse>> {
  return api.post<WishlistChangeResponse>('/customer/remove-to-wishlist', {
    ...options,
    json: payload,
    fallback: MESSAGES.catalogue.storeInfoFailed,
  });
}
