/**
 * Cart calls of the signed-in shopper (SPEC §7 Cart and wishlist; shapes from
 * API-NOTES.md). Each passes its SPEC §8 fallback, so a network failure reads
 * as that text. A guest's cart never reaches the API (SPEC §6).
 */
import type { CartLine, SelectedVariant } from '../cart.ts';
import { MESSAGES } from '../messages.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../constants.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import type { ApiMessage, ApiResult, ApiSuccess, FieldErrors } from './types.ts';

/** `GET /customer/cart`: our API answers `data.cart`; SPEC reads the provider's `data.data.cart`. */
export type CartResponse = ApiSuccess<{ cart?: CartLine[]; data?: { cart?: CartLine[] } }>;

/** `POST /customer/add-to-cart`: `quantity` is added to the line (negative for the minus control). */
export interface AddToCartPayload {
  product_id: number;
  /** The variant's id, or null for a product without sizes. */
  id: number | null;
  quantity: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
}

/** One entry of `data.results`: `quantity` is the line's new total. */
export interface AddToCartResult {
  product_id: number;
  quantity: number;
  product_stock?: number;
  status?: string | boolean | null;
  message?: string | null;
  wishlist_id?: number | null;
}

/** SPEC calls `results` a nested list, so an entry may itself be a list. */
export type AddToCartResponse = ApiSuccess<{ results?: Array<AddToCartResult | AddToCartResult[]> }>;

/** `POST /customer/remove-to-cart`: a retailer item by retailer_product_id, else by product_id (SPEC §7). */
export type RemoveFromCartPayload =
  | { retailer_product_id: number; variant_id: number | null }
  | { product_id: number; variant_id: number | null };

/** One line of `POST /customer/add-to-cart-guest`. */
export interface GuestCartItem {
  product_id: number;
  quantity: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
  selected_variant: SelectedVariant | null;
  /** The variant's id, or null. */
  id: number | null;
}

/** `errors` names the rejected items (`cart_items.N`). */
export interface GuestCartSyncResponse {
  success: true;
  message?: ApiMessage;
  errors?: FieldErrors;
}

export interface RemoveFromCartResponse {
  success: true;
  message?: ApiMessage;
}

/** The add-to-cart body for changing `line` by `quantity`. */
export function addToCartPayload(line: CartLine, quantity: number): AddToCartPayload {
  return {
    product_id: line.product_id,
    id: line.selected_variant?.id ?? null,
    quantity,
    retailer_id: line.retailer_id ?? null,
    wholesaler_id: line.wholesaler_id ?? null,
  };
}

/** The remove-to-cart body for `line`. */
export function removeFromCartPayload(line: CartLine): RemoveFromCartPayload {
  const variant_id = line.selected_variant?.id ?? null;
  return line.retailer_id
    ? { retailer_product_id: line.retailer_product_id ?? line.product_id, variant_id }
    : { product_id: line.product_id, variant_id };
}

/** The add-to-cart-guest item for a guest line. */
export function guestCartItem(line: CartLine): GuestCartItem {
  return {
    product_id: line.product_id,
    quantity: line.quantity,
    retailer_id: line.retailer_id ?? null,
    wholesaler_id: line.wholesaler_id ?? null,
    selected_variant: line.selected_variant,
    id: line.selected_variant?.id ?? null,
  };
}

/** The lines of a cart answer; [] when it has none. */
export function cartLinesOf(result: ApiResult<CartResponse>): CartLine[] {
  if (!result || result.success !== true) return [];
  const data = result.data;
  const list = Array.isArray(data?.cart) ? data.cart : Array.isArray(data?.data?.cart) ? data.data.cart : [];
  return list.filter((line) => typeof line === 'object' && line !== null && Number.isSafeInteger(line.product_id));
}

/** The first entry of an add-to-cart answer's results (a nested list is unwrapped). */
export function addedLineOf(result: ApiResult<AddToCartResponse>): AddToCartResult | undefined {
  if (!result || result.success !== true) return undefined;
  const first = result.data?.results?.[0];
  const entry = Array.isArray(first) ? first[0] : first;
  return entry && typeof entry === 'object' ? entry : undefined;
}

/** `GET /customer/cart`. */
export function getCart(api: ApiClient, options: CallOptions = {}): Promise<ApiResult<CartResponse>> {
  return api.get<CartResponse>('/customer/cart', { ...options, fallback: MESSAGES.cart.fetchFailed });
}

/** `POST /customer/add-to-cart` for an add. */
export function addToCartCall(api: ApiClient, payload: AddToCartPayload, options: CallOptions = {}): Promise<ApiResult<AddToCartResponse>> {
  return api.post<AddToCartResponse>('/customer/add-to-cart', { ...options, json: payload, fallback: MESSAGES.cart.addFailed });
}

/** `POST /customer/add-to-cart` for the plus and minus controls (its own SPEC §8 fallback). */
export function updateCartQuantityCall(
  api: ApiClient,
  payload: AddToCartPayload,
  options: CallOptions = {},
): Promise<ApiResult<AddToCartResponse>> {
  return api.post<AddToCartResponse>('/customer/add-to-cart', { ...options, json: payload, fallback: MESSAGES.cart.updateItemFailed });
}

/** `POST /customer/remove-to-cart`. */
export function removeFromCartCall(
  api: ApiClient,
  payload: RemoveFromCartPayload,
  options: CallOptions = {},
): Promise<ApiResult<RemoveFromCartResponse>> {
  return api.post<RemoveFromCartResponse>('/customer/remove-to-cart', { ...options, json: payload, fallback: MESSAGES.cart.removeFailed });
}

/**
 * `POST /customer/add-to-cart-guest`: merges a guest cart into the signed-in
 * cart. A retry of the same lines sends the same key, so lines whose first
 * answer was lost are not added twice (decision 014).
 */
export function syncGuestCartCall(
  api: ApiClient,
  items: readonly GuestCartItem[],
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<ApiResult<GuestCartSyncResponse>> {
  return api.post<GuestCartSyncResponse>('/customer/add-to-cart-guest', {
    ...options,
    json: { cart_items: items },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    fallback: MESSAGES.cart.syncFailed,
  });
}
