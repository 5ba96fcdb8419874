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
import { parsedCall, type Outcome } from './parsed.ts';
import type { AddToCartResult } from './cart.answers.ts';

/** The parsers, loaded with the first call that needs one. */
const answers = () => import('./cart.answers.ts');

/** `POST /customer/add-to-cart`: `quantity` is added to the line (negative for the minus control). */
export interface AddToCartPayload {
  product_id: number;
  /** The variant's id, or null for a product without sizes. */
  id: number | null;
  quantity: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
}

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

/** `GET /customer/cart`. */
export function getCart(api: ApiClient, options: CallOptions = {}): Promise<Outcome<CartLine[]>> {
  return parsedCall(api, 'GET', '/customer/cart', async () => (await answers()).cartAnswer, { ...options, fallback: MESSAGES.cart.fetchFailed });
}

/** `POST /customer/add-to-cart` for an add. */
export function addToCartCall(
  api: ApiClient,
  payload: AddToCartPayload,
  options: CallOptions = {},
): Promise<Outcome<AddToCartResult>> {
  return parsedCall(api, 'POST', '/customer/add-to-cart', async () => (await answers()).addAnswer, { ...options, json: payload, fallback: MESSAGES.cart.addFailed });
}

/** `POST /customer/add-to-cart` for the plus and minus controls (its own SPEC §8 fallback). */
export function updateCartQuantityCall(
  api: ApiClient,
  payload: AddToCartPayload,
  options: CallOptions = {},
): Promise<Outcome<AddToCartResult>> {
  return parsedCall(api, 'POST', '/customer/add-to-cart', async () => (await answers()).addAnswer, {
    ...options,
    json: payload,
    fallback: MESSAGES.cart.updateItemFailed,
  });
}

/** `POST /customer/remove-to-cart`. */
export function removeFromCartCall(
  api: ApiClient,
  payload: RemoveFromCartPayload,
  options: CallOptions = {},
): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/remove-to-cart', async () => (await answers()).doneAnswer, { ...options, json: payload, fallback: MESSAGES.cart.removeFailed });
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
): Promise<Outcome<{ skipped: Record<string, string[]> }>> {
  return parsedCall(api, 'POST', '/customer/add-to-cart-guest', async () => (await answers()).syncAnswer, {
    ...options,
    json: { cart_items: items },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    fallback: MESSAGES.cart.syncFailed,
  });
}
