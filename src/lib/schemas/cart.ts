import { z } from 'zod';
import { DEFAULT_ADD_QUANTITY, MAX_CART_LINE_QUANTITY } from '../constants.ts';
import { invalid, isBlank } from './refinement.ts';

/**
 * Request schemas of the cart and wishlist calls (SPEC §7; API-NOTES "Cart and
 * wishlist"). Ids and quantities arrive as JSON numbers or, from form posts, as
 * digit strings; both are accepted. Seller ids the client sends (retailer_id,
 * wholesaler_id) and other unknown fields are dropped: the server reads the
 * seller from its own product row.
 */

/** Most lines one guest-cart sync may carry. */
export const GUEST_SYNC_MAX_ITEMS = 50;
/** Ids are 32-bit integers in both databases. */
const MAX_ID = 2_147_483_647;

export const CART_MESSAGES = {
  body: 'The request body must be an object of fields',
  productIdRequired: 'Product id is required',
  productId: 'Product id must be a whole number above 0',
  variantId: 'Variant id must be a whole number above 0, or null',
  selectedVariant: 'The selected variant must be an object with an id, or null',
  quantity: `Quantity must be a whole number between -${MAX_CART_LINE_QUANTITY} and ${MAX_CART_LINE_QUANTITY}`,
  quantityZero: 'Quantity cannot be 0',
  guestQuantity: `Quantity must be a whole number between 1 and ${MAX_CART_LINE_QUANTITY}`,
  cartItemsRequired: 'cart_items must be a list of cart items',
  cartItemsEmpty: 'There are no cart items to add',
  cartItemsTooMany: `At most ${GUEST_SYNC_MAX_ITEMS} cart items can be added at once`,
  cartItem: 'Each cart item must be an object of fields',
} as const;


/** An integer from a number or a digit string ("3", " -2 "); NaN for anything else. */
function toInteger(v: unknown): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v : NaN;
  if (typeof v === 'string' && /^\s*-?\d{1,10}\s*$/.test(v)) return Number(v);
  return NaN;
}

const isId = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_ID;

/** A required product id (also `retailer_product_id`). */
function requiredId(required: string, message: string) {
  return z.unknown().optional().transform((v, ctx): number => {
    if (isBlank(v)) return invalid(ctx, required);
    const n = toInteger(v);
    return isId(n) ? n : invalid(ctx, message);
  });
}

/** An optional id: absent, null or blank mean "none" (null). */
function optionalId(message: string) {
  return z.unknown().optional().transform((v, ctx): number | null => {
    if (isBlank(v)) return null;
    const n = toInteger(v);
    return isId(n) ? n : invalid(ctx, message);
  });
}

const productIdField = requiredId(CART_MESSAGES.productIdRequired, CART_MESSAGES.productId);
const variantIdField = optionalId(CART_MESSAGES.variantId);

/** add-to-cart's quantity: a change of -5..5, not 0; absent means the default add of 1. */
const quantityChangeField = z.unknown().optional().transform((v, ctx): number => {
  if (isBlank(v)) return DEFAULT_ADD_QUANTITY;
  const n = toInteger(v);
  if (!Number.isInteger(n) || Math.abs(n) > MAX_CART_LINE_QUANTITY) return invalid(ctx, CART_MESSAGES.quantity);
  return n === 0 ? invalid(ctx, CART_MESSAGES.quantityZero) : n;
});

/** A guest line's quantity: 1..5; absent means 1. */
const guestQuantityField = z.unknown().optional().transform((v, ctx): number => {
  if (isBlank(v)) return DEFAULT_ADD_QUANTITY;
  const n = toInteger(v);
  return n >= 1 && n <= MAX_CART_LINE_QUANTITY ? n : invalid(ctx, CART_MESSAGES.guestQuantity);
});

/** A guest line's `selected_variant`: an object whose id is the variant, or null. */
const selectedVariantField = z.unknown().optional().transform((v, ctx): number | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return invalid(ctx, CART_MESSAGES.selectedVariant);
  const id = (v as { id?: unknown }).id;
  if (isBlank(id)) return null;
  const n = toInteger(id);
  return isId(n) ? n : invalid(ctx, CART_MESSAGES.selectedVariant);
});

/** POST /customer/add-to-cart: `id` is the variant (null for a product without sizes). */
export const addToCartSchema = z.object(
  { product_id: productIdField, id: variantIdField, quantity: quantityChangeField },
  { error: CART_MESSAGES.body },
);
export type AddToCartRequest = z.output<typeof addToCartSchema>;

/** POST /customer/remove-to-cart: a retailer item names its product `retailer_product_id`. */
export const removeFromCartSchema = z
  .object(
    {
      product_id: z.unknown().optional(),
      retailer_product_id: z.unknown().optional(),
      variant_id: variantIdField,
    },
    { error: CART_MESSAGES.body },
  )
  .transform((body, ctx) => {
    const given = isBlank(body.product_id) ? body.retailer_product_id : body.product_id;
    const key = isBlank(body.product_id) && !isBlank(body.retailer_product_id) ? 'retailer_product_id' : 'product_id';
    const n = toInteger(given);
    if (isBlank(given) || !isId(n)) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: isBlank(given) ? CART_MESSAGES.productIdRequired : CART_MESSAGES.productId,
      });
      return z.NEVER;
    }
    return { product_id: n, variant_id: body.variant_id };
  });
export type RemoveFromCartRequest = z.output<typeof removeFromCartSchema>;

/** One guest line: the variant is `id`, else `selected_variant.id`, else none. */
const guestCartItemSchema = z
  .object(
    {
      product_id: productIdField,
      quantity: guestQuantityField,
      id: variantIdField,
      selected_variant: selectedVariantField,
    },
    { error: CART_MESSAGES.cartItem },
  )
  .transform((item) => ({
    product_id: item.product_id,
    quantity: item.quantity,
    variant_id: item.id ?? item.selected_variant,
  }));
export type GuestCartItem = z.output<typeof guestCartItemSchema>;

/** POST /customer/add-to-cart-guest `{ cart_items: [...] }`: 1..50 lines. */
export const addGuestCartSchema = z.object(
  {
    cart_items: z
      .array(guestCartItemSchema, { error: CART_MESSAGES.cartItemsRequired })
      .min(1, CART_MESSAGES.cartItemsEmpty)
      .max(GUEST_SYNC_MAX_ITEMS, CART_MESSAGES.cartItemsTooMany),
  },
  { error: CART_MESSAGES.body },
);

/** POST /customer/add-to-wishlist and /customer/remove-to-wishlist. */
export const wishlistProductSchema = z.object({ product_id: productIdField }, { error: CART_MESSAGES.body });
