/**
 * One order group (everything a checkout placed under one order number) and
 * its payment calls (API-NOTES "Payments"): GET /orders/{number} for the
 * payment, order-success and order-failure pages, POST /payment/retry,
 * /payment/confirm and /payment/switch-to-cod. Answers are checked by zod and
 * handed on as the storefront's own types: money in integer paise.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { rupeesToPaise } from '../money.ts';
import type { LineAfterSale } from '../refunds.ts';
import { ORDER_NUMBER_PATTERN } from '../schemas/payment.ts';
import { AFTER_SALE_FIELDS, afterSaleOf } from './after-sale.ts';
import type { ApiClient } from './client.ts';
import { failed, parsedCall, type Outcome } from './parsed.ts';

/** The API's answer for an order that is unknown or someone else's (404). */
export const ORDER_NOT_FOUND = 'Order not found';

export const PAYMENT_STATUSES = ['cod', 'awaiting', 'failed', 'paid', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentProviderName = 'test' | 'razorpay';

/** What paying a waiting order needs: the gateway, the amount, and Razorpay's public key and order id in that mode. */
export interface PaymentSession {
  provider: PaymentProviderName;
  reference: string;
  amountPaise: number;
  currency: 'INR';
  status: PaymentStatus;
  holdExpiresAt: string | null;
  keyId: string | null;
  providerOrderId: string | null;
}

/** A line of the group, with its refund and return (shown on the order-success page). */
export interface OrderGroupLine extends LineAfterSale {
  orderId: number;
  status: string;
  productName: string;
  productSlug: string | null;
  /** The size (product_variation); null for a product without sizes. */
  size: string | null;
  quantity: number;
  /** Unit price before the discount. */
  unitPricePaise: number;
  /** Unit price after the discount: the line's total is this times the quantity (SPEC §9). */
  unitFinalPaise: number;
  coverImage: string | null;
}

export interface DeliveryAddress {
  fullName: string;
  email: string | null;
  phone: string | null;
  address: string;
  pincode: string;
  city: string;
  state: string;
}

export interface OrderGroup {
  orderNumber: string;
  orderDate: string | null;
  paymentMethod: 'cod' | 'prepaid';
  paymentStatus: PaymentStatus;
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
  lines: OrderGroupLine[];
  shipping: DeliveryAddress | null;
  payment: PaymentSession | null;
}

/** A rupee string ("1299.00") or number as integer paise. */
const paise = z.union([z.string(), z.number()]).transform((value, ctx): number => {
  const amount = rupeesToPaise(value);
  if (amount === null) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return amount;
});
const text = z.string();
const optionalText = z.string().nullish().transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v));
const paymentStatus = z.enum(PAYMENT_STATUSES);

export const paymentSessionSchema = z
  .object({
    provider: z.enum(['test', 'razorpay']),
    reference: text,
    amount: paise,
    currency: z.literal('INR'),
    status: paymentStatus,
    hold_expires_at: optionalText,
    key_id: optionalText,
    provider_order_id: optionalText,
  })
  .transform(
    (p): PaymentSession => ({
      provider: p.provider,
      reference: p.reference,
      amountPaise: p.amount,
      currency: p.currency,
      status: p.status,
      holdExpiresAt: p.hold_expires_at,
      keyId: p.key_id,
      providerOrderId: p.provider_order_id,
    }),
  );

const lineSchema = z
  .object({
    order_id: z.coerce.number().int(),
    status: text,
    product_name: text,
    product_slug: optionalText,
    product_variation: optionalText,
    quantity: z.coerce.number().int().min(1),
    price: paise,
    final_amount: paise,
    cover_image: optionalText,
    ...AFTER_SALE_FIELDS,
  })
  .transform(
    (l): OrderGroupLine => ({
      orderId: l.order_id,
      status: l.status,
      productName: l.product_name,
      productSlug: l.product_slug,
      size: l.product_variation,
      quantity: l.quantity,
      unitPricePaise: l.price,
      unitFinalPaise: l.final_amount,
      coverImage: l.cover_image,
      ...afterSaleOf(l),
    }),
  );

const shippingSchema = z
  .object({
    full_name: text,
    email: optionalText,
    phone_number: optionalText,
    address: text,
    pincode: z.union([z.string(), z.number()]).transform(String),
    city: text,
    state: text,
  })
  .transform(
    (s): DeliveryAddress => ({
      fullName: s.full_name,
      email: s.email,
      phone: s.phone_number,
      address: s.address,
      pincode: s.pincode,
      city: s.city,
      state: s.state,
    }),
  );

export const orderGroupSchema = z
  .object({
    order_number: text,
    order_date: optionalText,
    payment_method: z.enum(['cod', 'prepaid']),
    payment_status: paymentStatus,
    subtotal: paise,
    discount: paise,
    total: paise,
    lines: z.array(lineSchema),
    shipping: shippingSchema.nullable(),
    payment: paymentSessionSchema.nullable(),
  })
  .transform(
    (g): OrderGroup => ({
      orderNumber: g.order_number,
      orderDate: g.order_date,
      paymentMethod: g.payment_method,
      paymentStatus: g.payment_status,
      subtotalPaise: g.subtotal,
      discountPaise: g.discount,
      totalPaise: g.total,
      lines: g.lines,
      shipping: g.shipping,
      payment: g.payment,
    }),
  );

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

const orderGroupAnswer = envelope(orderGroupSchema).transform((body) => body.data);
const attemptAnswer = envelope(z.object({ payment: paymentSessionSchema })).transform((body) => body.data.payment);

export interface PaymentResult {
  /** 'paid', or 'payment failed' when the gateway declined (the order waits for a retry or a switch). */
  status: 'paid' | 'payment failed';
  /** The server's word for it ('Payment received', 'The test payment was declined', ...). */
  message: string | null;
}

const confirmAnswer = z
  .object({ success: z.literal(true), message: z.string().optional(), data: z.object({ status: z.enum(['paid', 'payment failed']) }) })
  .transform((body): PaymentResult => ({ status: body.data.status, message: body.message?.trim() || null }));

const switchAnswer = z.object({ success: z.literal(true), message: z.string().optional() }).transform(() => true as const);

/** True for an order number of the shape the store gives (`OD` and 12 digits). */
export function isOrderNumber(value: string | null | undefined): value is string {
  return typeof value === 'string' && ORDER_NUMBER_PATTERN.test(value);
}

/** True when the API said the order is unknown or not this shopper's (not a failure to reach it). */
export function isOrderNotFound(outcome: Outcome<unknown>): boolean {
  return !outcome.ok && !outcome.cancelled && outcome.messages.includes(ORDER_NOT_FOUND);
}

/** GET /orders/{number}: the shopper's own order group; a malformed number is not asked for. */
export function getOrderGroup(api: ApiClient, orderNumber: string | null | undefined, signal?: AbortSignal): Promise<Outcome<OrderGroup>> {
  if (!isOrderNumber(orderNumber)) return Promise.resolve(failed([ORDER_NOT_FOUND]));
  return parsedCall(api, 'GET', `/orders/${orderNumber}`, orderGroupAnswer, { fallback: MESSAGES.general.somethingWentWrong, signal });
}

/** POST /payment/retry: opens (or reuses) the attempt to pay while the stock is held. */
export function startPayment(api: ApiClient, reference: string): Promise<Outcome<PaymentSession>> {
  return parsedCall(api, 'POST', '/payment/retry', attemptAnswer, { json: { reference }, fallback: MESSAGES.general.somethingWentWrong });
}

/** The test gateway's proof: the shopper's choice. */
export interface TestGatewayProof {
  outcome: 'success' | 'failure';
  method: 'upi' | 'card';
}

/** What Razorpay Checkout hands its `handler`. */
export interface RazorpayProof {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** POST /payment/confirm: the proof is checked by the server; a decline is a result, not a failure. */
export function confirmPayment(api: ApiClient, reference: string, proof: TestGatewayProof | RazorpayProof): Promise<Outcome<PaymentResult>> {
  return parsedCall(api, 'POST', '/payment/confirm', confirmAnswer, { json: { reference, ...proof }, fallback: MESSAGES.general.somethingWentWrong });
}

/** POST /payment/switch-to-cod: the order is paid on delivery instead. */
export function switchToCashOnDelivery(api: ApiClient, reference: string): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/payment/switch-to-cod', switchAnswer, { json: { reference }, fallback: MESSAGES.general.somethingWentWrong });
}

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const ORDER_GROUP_ANSWERS = { group: orderGroupAnswer, attempt: attemptAnswer, confirm: confirmAnswer, switched: switchAnswer };
