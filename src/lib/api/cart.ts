/**
 * Cart calls of the signed-in shopper (SPEC §7 Cart and wishlist; shapes from
 * API-NOTES.md). Each passes its SPEC §8 fallback, so a network failure reads
 * as that text. A guest's cart never reaches the API (SPEC §6).
 */
// zod/mini: the cart store is on every page, so its parsers must weigh little.
import * as z from 'zod/mini';
import type { CartLine, SelectedVariant } from '../cart.ts';
import { MESSAGES } from '../messages.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../constants.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

const id = z.int();
const money = z.string().check(z.regex(/^-?\d+\.\d{2}$/));

const variantSchema = z.object({ id, product_variation: z.string(), final_price: money, stock: z.int() });

const lineSchema = z.pipe(
  z.object({
    cart_id: z.optional(id),
    product_id: id,
    retailer_product_id: z.optional(id),
    product_name: z.string(),
    product_slug: z.optional(z.string()),
    product_images: z.nullish(z.string()),
    quantity: z.int(),
    product_stock: z.int(),
    final_price: money,
    retailer_id: z.nullish(id),
    wholesaler_id: z.nullish(id),
    selected_variant: z.nullish(variantSchema),
  }),
  z.transform((line): CartLine => ({ ...line, selected_variant: line.selected_variant ?? null })),
);

/** `GET /customer/cart`: our API answers `data.cart`; SPEC reads the provider's `data.data.cart`. */
const cartAnswer = z.pipe(
  z.object({
    success: z.literal(true),
    data: z.union([z.object({ cart: z.array(lineSchema) }), z.object({ data: z.object({ cart: z.array(lineSchema) }) })]),
  }),
  z.transform((body): CartLine[] => ('cart' in body.data ? body.data.cart : body.data.data.cart)),
);

/** `POST /customer/add-to-cart`: `quantity` is added to the line (negative for the minus control). */
export interface AddToCartPayload {
  product_id: number;
  /** The variant's id, or null for a product without sizes. */
  id: number | null;
  quantity: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
}

const addResultSchema = z.object({
  /** The changed line's id: the store keeps the line by it, with no cart read after an add. */
  cart_id: id,
  product_id: id,
  /** The line's new total. */
  quantity: z.int(),
  product_stock: z.optional(z.int()),
  status: z.nullish(z.union([z.string(), z.boolean()])),
  message: z.nullish(z.string()),
  wishlist_id: z.nullish(id),
});
export type AddToCartResult = z.output<typeof addResultSchema>;

/** The first entry of `data.results` (SPEC calls it a nested list, so an entry may itself be a list). */
const addAnswer = z.pipe(
  z.object({
    success: z.literal(true),
    data: z.object({
      results: z.array(z.union([addResultSchema, z.array(addResultSchema).check(z.minLength(1))])).check(z.minLength(1)),
    }),
  }),
  z.transform((body): AddToCartResult => {
    const first = body.data.results[0]!;
    return Array.isArray(first) ? first[0]! : first;
  }),
);

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

/** A guest-cart sync: `errors` names the items it skipped (`cart_items.N`), the rest are in the cart. */
const syncAnswer = z.pipe(
  z.object({ success: z.literal(true), errors: z.optional(z.record(z.string(), z.array(z.string()))) }),
  z.transform((body) => ({ skipped: body.errors ?? {} })),
);

/** An answer whose only content is its message. */
const doneAnswer = z.pipe(z.object({ success: z.literal(true) }), z.transform(() => true as const));

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
  return parsedCall(api, 'GET', '/customer/cart', cartAnswer, { ...options, fallback: MESSAGES.cart.fetchFailed });
}

/** `POST /customer/add-to-cart` for an add. */
export function addToCartCall(
  api: ApiClient,
  payload: AddToCartPayload,
  options: CallOptions = {},
): Promise<Outcome<AddToCartResult>> {
  return parsedCall(api, 'POST', '/customer/add-to-cart', addAnswer, { ...options, json: payload, fallback: MESSAGES.cart.addFailed });
}

/** `POST /customer/add-to-cart` for the plus and minus controls (its own SPEC §8 fallback). */
export function updateCartQuantityCall(
  api: ApiClient,
  payload: AddToCartPayload,
  options: CallOptions = {},
): Promise<Outcome<AddToCartResult>> {
  return parsedCall(api, 'POST', '/customer/add-to-cart', addAnswer, {
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
  return parsedCall(api, 'POST', '/customer/remove-to-cart', doneAnswer, { ...options, json: payload, fallback: MESSAGES.cart.removeFailed });
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
  return parsedCall(api, 'POST', '/customer/add-to-cart-guest', syncAnswer, {
    ...options,
    json: { cart_items: items },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    fallback: MESSAGES.cart.syncFailed,
  });
}

/** The answer shapes, for the API tests that check the contract from the server's side. */
export const CART_ANSWERS = { cart: cartAnswer, add: addAnswer, sync: syncAnswer, done: doneAnswer };
