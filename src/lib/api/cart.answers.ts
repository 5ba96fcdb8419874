/**
 * Parsers of the cart answers (zod/mini), loaded with the first cart call: the cart store is on every page, so they stay off the page until needed.
 */
import * as z from 'zod/mini';
import { isRupeeAmount, type RupeeAmount } from '../money.ts';
import type { CartLine } from '../cart.ts';

export const id = z.int();
/** A rupee string with two decimals, handed on as a checked RupeeAmount (decision 052). */
export const money = z.custom<RupeeAmount>(isRupeeAmount, 'a rupee amount with two decimals');

export const variantSchema = z.object({ id, product_variation: z.string(), final_price: money, stock: z.int() });

export const lineSchema = z.pipe(
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
export const cartAnswer = z.pipe(
  z.object({
    success: z.literal(true),
    data: z.union([z.object({ cart: z.array(lineSchema) }), z.object({ data: z.object({ cart: z.array(lineSchema) }) })]),
  }),
  z.transform((body): CartLine[] => ('cart' in body.data ? body.data.cart : body.data.data.cart)),
);

export const addResultSchema = z.object({
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
export const addAnswer = z.pipe(
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

/** A guest-cart sync: `errors` names the items it skipped (`cart_items.N`), the rest are in the cart. */
export const syncAnswer = z.pipe(
  z.object({ success: z.literal(true), errors: z.optional(z.record(z.string(), z.array(z.string()))) }),
  z.transform((body) => ({ skipped: body.errors ?? {} })),
);

/** An answer whose only content is its message. */
export const doneAnswer = z.pipe(z.object({ success: z.literal(true) }), z.transform(() => true as const));

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const CART_ANSWERS = { cart: cartAnswer, add: addAnswer, sync: syncAnswer, done: doneAnswer };
