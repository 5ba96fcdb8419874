import { z } from 'zod';
import { MAX_CART_LINE_QUANTITY, MAX_CHECKOUT_LINES, PAYMENT_METHODS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { rupeesToPaise } from '../money.ts';
import { addressField, cityField, emailField, nameField, optionalPhoneField, phoneField, pincodeField, stateField, withFormInput } from './fields.ts';
import { invalid, isBlank } from './refinement.ts';

/**
 * POST /checkout and POST /apply-coupon (SPEC §3 "Checkout payload" and
 * "Coupon"; API-NOTES "Checkout and orders"). A line names its product the
 * SPEC way (a retailer item by retailer_product_id, a wholesaler item by
 * product_id) and its size by name (product_variation, null without sizes);
 * final_amount is the line total the shopper saw, compared with the server's
 * own price, never charged. Seller ids and user_token are accepted and dropped.
 */

/** Ids are 32-bit integers in both databases. */
const MAX_ID = 2_147_483_647;
/** Our own bound on a coupon code (SPEC gives none). */
export const COUPON_CODE_MAX_LENGTH = 50;
/** Our own bound on a size name. */
const VARIATION_MAX_LENGTH = 50;

export const CHECKOUT_FIELD_MESSAGES = {
  productsRequired: 'There are no products to order',
  productsTooMany: `At most ${MAX_CHECKOUT_LINES} lines can be ordered at once`,
  line: 'Each product must be an object of fields',
  productId: 'Product id must be a whole number above 0',
  productIdRequired: 'Product id is required',
  quantity: `Quantity must be a whole number between 1 and ${MAX_CART_LINE_QUANTITY}`,
  finalAmount: 'final_amount must be the line total in rupees',
  variation: 'product_variation must be a size name or null',
  paymentMethod: 'Please choose a payment method',
  couponRequired: 'Please enter a coupon code',
} as const;

function toInteger(v: unknown): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v : NaN;
  if (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v)) return Number(v);
  return NaN;
}

const optionalId = z.unknown().optional().transform((v, ctx): number | null => {
  if (isBlank(v)) return null;
  const n = toInteger(v);
  return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : invalid(ctx, CHECKOUT_FIELD_MESSAGES.productId);
});

const quantityField = z.unknown().transform((v, ctx): number => {
  const n = toInteger(v);
  return n >= 1 && n <= MAX_CART_LINE_QUANTITY ? n : invalid(ctx, CHECKOUT_FIELD_MESSAGES.quantity);
});

const variationField = z.unknown().optional().transform((v, ctx): string | null => {
  if (isBlank(v)) return null;
  if (typeof v !== 'string' || v.trim().length > VARIATION_MAX_LENGTH) return invalid(ctx, CHECKOUT_FIELD_MESSAGES.variation);
  return v.trim();
});

const finalAmountField = z.unknown().transform((v, ctx): number => {
  const paise = typeof v === 'number' || typeof v === 'string' ? rupeesToPaise(v) : null;
  return paise !== null && paise >= 0 ? paise : invalid(ctx, CHECKOUT_FIELD_MESSAGES.finalAmount);
});

/** A retailer item names its product as retailer_product_id, a wholesaler item as product_id (SPEC §3). */
function productOf(line: { retailer_product_id: number | null; product_id: number | null }, ctx: z.core.$RefinementCtx) {
  const productId = line.retailer_product_id ?? line.product_id;
  return productId === null ? invalid(ctx, CHECKOUT_FIELD_MESSAGES.productIdRequired) : productId;
}

/** One line of the order, as the shopper's cart held it. */
export const checkoutLineSchema = z
  .object(
    {
      retailer_product_id: optionalId,
      product_id: optionalId,
      quantity: quantityField,
      final_amount: finalAmountField,
      product_variation: variationField,
    },
    { error: CHECKOUT_FIELD_MESSAGES.line },
  )
  .transform((line, ctx) => ({
    product_id: productOf(line, ctx),
    product_variation: line.product_variation,
    quantity: line.quantity,
    /** The line total the shopper saw, in paise. */
    final_amount: line.final_amount,
  }));

/** A line to price a coupon on: the product, size and quantity (its amount is not needed). */
export const couponLineSchema = z
  .object(
    { retailer_product_id: optionalId, product_id: optionalId, quantity: quantityField, product_variation: variationField },
    { error: CHECKOUT_FIELD_MESSAGES.line },
  )
  .transform((line, ctx) => ({ product_id: productOf(line, ctx), product_variation: line.product_variation, quantity: line.quantity }));
export type CouponLine = z.output<typeof couponLineSchema>;

const linesOf = <S extends z.ZodType>(line: S) =>
  z
    .array(line, { error: CHECKOUT_FIELD_MESSAGES.productsRequired })
    .min(1, CHECKOUT_FIELD_MESSAGES.productsRequired)
    .max(MAX_CHECKOUT_LINES, CHECKOUT_FIELD_MESSAGES.productsTooMany);

/** A coupon code as typed: trimmed, upper-cased (codes are stored upper-case). */
const couponCodeField = z
  .string({ error: CHECKOUT_FIELD_MESSAGES.couponRequired })
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: CHECKOUT_FIELD_MESSAGES.couponRequired });
    // Longer than any code: it cannot match one.
    else if (value.length > COUPON_CODE_MAX_LENGTH) ctx.addIssue({ code: 'custom', message: MESSAGES.coupon.invalidCode });
  })
  .transform((value) => value.toUpperCase());

const optionalCouponField = withFormInput<string>()(
  z.unknown().optional().transform((v, ctx): string | undefined => {
    if (isBlank(v)) return undefined;
    const parsed = couponCodeField.safeParse(v);
    return parsed.success ? parsed.data : invalid(ctx, parsed.error.issues[0]?.message ?? MESSAGES.coupon.invalidCode);
  }),
);

const paymentMethodField = z.enum(PAYMENT_METHODS, { error: CHECKOUT_FIELD_MESSAGES.paymentMethod });

/** POST /checkout: SPEC §3's payload, the payment method, the shipping address and an applied coupon. */
export const checkoutSchema = z.object({
  firstname: nameField,
  lastname: nameField,
  email: emailField,
  phone_number: phoneField,
  alt_phone_number: optionalPhoneField,
  products: linesOf(checkoutLineSchema),
  payment_method: paymentMethodField,
  address: addressField,
  pincode: pincodeField,
  city: cityField,
  state: stateField,
  coupon_code: optionalCouponField,
});
export type CheckoutRequest = z.output<typeof checkoutSchema>;

/** POST /apply-coupon `{ coupon_code, products? }`: without products, the signed-in cart's lines. */
export const applyCouponSchema = z.object({
  coupon_code: couponCodeField,
  products: linesOf(couponLineSchema).optional(),
});
export type ApplyCouponRequest = z.output<typeof applyCouponSchema>;

/** The checkout form's own fields (contact and address), with SPEC §5's messages. */
export const checkoutDetailsSchema = checkoutSchema.pick({
  firstname: true,
  lastname: true,
  email: true,
  phone_number: true,
  alt_phone_number: true,
  address: true,
  pincode: true,
  city: true,
  state: true,
});

/** The coupon box: a code to try. */
export const couponFormSchema = z.object({ coupon_code: couponCodeField });
