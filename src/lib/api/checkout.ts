/**
 * Checkout calls (SPEC §7 "Checkout and orders"; README "Orders"):
 * `POST /checkout` with its Idempotency-Key and `POST /apply-coupon`, each
 * answer parsed into the storefront's own types (paise as integers). A 409
 * 'Prices have changed' keeps its fresh lines in the failure's `data`; read
 * them with `freshPricesOf`.
 */
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isRupeeAmount, rupeesToPaise, type RupeeAmount } from '../money.ts';
import type { ApiClient, RequestOptions } from './client.ts';
import { isRecord } from '../json-record.ts';
import { failed, messagesOf, parsedCall, readAnswer, type Outcome } from './parsed.ts';
import type { Customer } from './account.ts';

/** Rupees ("1299.00" or a number) read as integer paise. */
const paise = z.union([z.string(), z.number()]).transform((value, ctx): number => {
  const amount = rupeesToPaise(value);
  if (amount === null) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return amount;
});

const customerSchema = z
  .object({
    id: z.number().optional(),
    firstname: z.string().nullish(),
    lastname: z.string().nullish(),
    email: z.string().nullish(),
    phone_number: z.string().nullish(),
    alt_phone_number: z.string().nullish(),
  })
  .loose();

export interface PlacedOrder {
  orderIds: number[];
  orderNumber: string;
  customer: Customer;
  /** A prepaid order's payment is taken on /payment. */
  prepaid: boolean;
}

export const placedOrderSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      order_id: z.array(z.number()).min(1),
      order_number: z.string().min(1),
      customer: customerSchema,
      payment: z.object({ reference: z.string() }).loose().optional(),
    }),
  })
  .transform(({ data }): PlacedOrder => ({
    orderIds: data.order_id,
    orderNumber: data.order_number,
    customer: data.customer as Customer,
    prepaid: data.payment !== undefined,
  }));

export interface AppliedCoupon {
  code: string;
  discountPaise: number;
  subtotalPaise: number;
  totalPaise: number;
}

export const appliedCouponSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      coupon: z.object({ code: z.string().min(1), discount: paise, subtotal: paise, total: paise }).loose(),
    }),
  })
  .transform(({ data: { coupon } }): AppliedCoupon => ({
    code: coupon.code,
    discountPaise: coupon.discount,
    subtotalPaise: coupon.subtotal,
    totalPaise: coupon.total,
  }));

/** One line of a 409 'Prices have changed': what the server charges now. */
export interface FreshPrice {
  product_id: number;
  product_variation: string | null;
  /** Unit price as the API writes it ("1299.00"), checked: it replaces the cart line's (decision 052). */
  final_price: RupeeAmount;
}

const freshPricesSchema = z.object({
  products: z.array(
    z
      .object({
        product_id: z.number(),
        product_variation: z.string().nullable(),
        final_price: z.custom<RupeeAmount>(isRupeeAmount, 'a rupee amount with two decimals'),
      })
      .loose(),
  ),
});

/** The fresh lines of a 409 'Prices have changed' (the failure's `data`), or null when it carries none. */
export function freshPricesOf(data: unknown): FreshPrice[] | null {
  const parsed = freshPricesSchema.safeParse(data);
  if (!parsed.success) return null;
  return parsed.data.products.map(({ product_id, product_variation, final_price }) => ({ product_id, product_variation, final_price }));
}

type CallOptions = Pick<RequestOptions, 'signal' | 'key'>;

/**
 * `POST /checkout`: the same `idempotencyKey` for every try of one attempt, so
 * it orders once. The texts of a failure (SPEC §8 Checkout): the server's
 * message(s); 'Checkout failed' for a refusal that gives none; 'Failed to place
 * order' when no answer came (network, timeout, a body that is not JSON);
 * 'Something went wrong during checkout' for a success answer that is not an
 * order. A refused coupon keeps 'Invalid Code' on `coupon_code` and tells why
 * (expired, used up) in the messages.
 */
export async function placeOrderCall(
  api: ApiClient,
  payload: unknown,
  idempotencyKey: string,
  options: CallOptions = {},
): Promise<Outcome<PlacedOrder>> {
  const raw = await api.request<unknown>('POST', '/checkout', {
    ...options,
    json: payload,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    fallback: MESSAGES.checkout.placeOrderFailed,
  });
  const outcome = await readAnswer(raw, placedOrderSchema, MESSAGES.checkout.placeOrderFailed, 'POST /checkout', MESSAGES.checkout.checkoutFailed);
  if (outcome.ok || outcome.cancelled) return outcome;
  const body = isRecord(raw) ? raw : {};
  // The order pages need an order: a success without one broke the contract, and nothing can be shown of it.
  if (body.success === true) return failed([MESSAGES.checkout.checkoutError]);
  const reasons = messagesOf(body.message);
  if (outcome.fieldErrors.coupon_code && reasons.length > 0) return { ...outcome, messages: reasons };
  return outcome;
}

/** `POST /apply-coupon` `{ coupon_code, products }`: the discount on these lines. */
export function applyCouponCall(
  api: ApiClient,
  payload: { coupon_code: string; products: unknown[] },
  options: CallOptions = {},
): Promise<Outcome<AppliedCoupon>> {
  return parsedCall(api, 'POST', '/apply-coupon', appliedCouponSchema, {
    ...options,
    json: payload,
    fallback: MESSAGES.coupon.applyFailed,
  });
}

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const CHECKOUT_ANSWERS = { placed: placedOrderSchema, coupon: appliedCouponSchema };
