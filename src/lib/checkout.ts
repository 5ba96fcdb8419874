/**
 * Checkout rules of SPEC §3 ("Checkout payload"), §4 (Checkout) and §9, as
 * pure functions shared by the checkout store and screens: the payload from
 * the cart's lines and the shopper's details, the totals in paise, fresh
 * prices after a 409, which line a stock error is about, and the draft kept
 * in session storage (never the OTP) with the attempt's Idempotency-Key.
 */
import type { Customer } from './api/account.ts';
import type { FreshPrice } from './api/checkout.ts';
import type { ShippingAddress } from './api/shipping.ts';
import { linePaise, type CartLine } from './cart.ts';
import { CHECKOUT_USER_TOKEN, PAYMENT_METHODS } from './constants.ts';
import { formatPaiseAsRupees, paiseToRupeesString } from './money.ts';
import { isRecord, parseJsonRecord } from './json-record.ts';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** SPEC §2 labels of the two payment methods. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on Delivery (COD)',
  prepaid: 'Prepaid',
};

/** The fields the shopper fills (contact and address), as a form holds them. */
export interface CheckoutDetails {
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string;
  alt_phone_number: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
}

export const DETAIL_FIELDS = [
  'firstname',
  'lastname',
  'email',
  'phone_number',
  'alt_phone_number',
  'address',
  'pincode',
  'city',
  'state',
] as const satisfies ReadonlyArray<keyof CheckoutDetails>;

export const EMPTY_DETAILS: CheckoutDetails = Object.freeze({
  firstname: '',
  lastname: '',
  email: '',
  phone_number: '',
  alt_phone_number: '',
  address: '',
  pincode: '',
  city: '',
  state: '',
});

/** A saved shipping address as far as checkout reads it. */
/** The parts of the saved shipping address (src/lib/api/shipping.ts) a checkout starts from. */
export type SavedAddress = Pick<ShippingAddress, 'address' | 'pincode' | 'city' | 'state' | 'altPhoneNumber'>;

/** A signed-in shopper's starting values: the profile, then the saved address. */
export function prefillDetails(customer: Customer | null | undefined, address: SavedAddress | null | undefined): CheckoutDetails {
  const text = (value: string | null | undefined) => (typeof value === 'string' ? value : '');
  const phone = text(customer?.phone_number);
  const alt = text(address?.altPhoneNumber) || text(customer?.alt_phone_number);
  return {
    firstname: text(customer?.firstname),
    lastname: text(customer?.lastname),
    email: text(customer?.email),
    phone_number: phone,
    // SPEC §4 fills a missing alternate with the phone itself; the form shows it blank instead of repeating it.
    alt_phone_number: alt === phone ? '' : alt,
    address: text(address?.address),
    pincode: text(address?.pincode),
    city: text(address?.city),
    state: text(address?.state),
  };
}

/** What the shopper typed (a draft) wins over the prefill, field by field, when it is not blank. */
export function mergeDetails(base: CheckoutDetails, typed: Partial<CheckoutDetails>): CheckoutDetails {
  const merged = { ...base };
  for (const name of DETAIL_FIELDS) {
    const value = typed[name];
    if (typeof value === 'string' && value.trim() !== '') merged[name] = value;
  }
  return merged;
}

/** One `products` entry of SPEC §3's payload. */
export interface CheckoutProduct {
  quantity: number;
  /** final_price × quantity, in rupees ("2598.00"). */
  final_amount: string;
  product_variation: string | null;
  retailer_id?: number;
  retailer_product_id?: number;
  wholesaler_id?: number;
  product_id?: number;
}

/** SPEC §3: a retailer item carries retailer_id and retailer_product_id, a wholesaler item wholesaler_id and product_id. */
export function checkoutProductOf(line: CartLine): CheckoutProduct {
  const base = {
    quantity: line.quantity,
    final_amount: paiseToRupeesString(linePaise(line)),
    product_variation: line.selected_variant?.product_variation ?? null,
  };
  if (line.retailer_id) return { ...base, retailer_id: line.retailer_id, retailer_product_id: line.retailer_product_id ?? line.product_id };
  if (line.wholesaler_id) return { ...base, wholesaler_id: line.wholesaler_id, product_id: line.product_id };
  return { ...base, product_id: line.product_id };
}

/** SPEC §3 payload, plus the payment method, the address and an applied coupon (README "Orders"). */
export function checkoutPayload(
  details: CheckoutDetails,
  lines: readonly CartLine[],
  paymentMethod: PaymentMethod,
  couponCode: string | null,
) {
  const trim = (value: string) => value.trim();
  const phone = trim(details.phone_number);
  return {
    phone_number: phone,
    email: trim(details.email),
    firstname: trim(details.firstname),
    lastname: trim(details.lastname),
    // SPEC §3: the alternate falls back to the phone number.
    alt_phone_number: trim(details.alt_phone_number) || phone,
    products: lines.map(checkoutProductOf),
    user_token: CHECKOUT_USER_TOKEN,
    payment_method: paymentMethod,
    address: trim(details.address),
    pincode: trim(details.pincode),
    city: trim(details.city),
    state: trim(details.state),
    ...(couponCode ? { coupon_code: couponCode } : {}),
  };
}
export type CheckoutPayload = ReturnType<typeof checkoutPayload>;

/** The lines a coupon is priced on (POST /apply-coupon). */
export function couponProductsOf(lines: readonly CartLine[]) {
  return lines.map((line) => {
    const { final_amount: _amount, ...rest } = checkoutProductOf(line);
    return rest;
  });
}

export interface OrderTotals {
  subtotal: number;
  discount: number;
  total: number;
}

/** Paise: the lines' sum (SPEC §9 price × quantity), the discount (never more than the subtotal), the total. Shipping is free. */
export function orderTotals(lines: readonly CartLine[], discountPaise = 0): OrderTotals {
  const subtotal = lines.reduce((sum, line) => sum + linePaise(line), 0);
  const discount = Math.min(Math.max(0, discountPaise), subtotal);
  return { subtotal, discount, total: subtotal - discount };
}

const sameVariation = (line: CartLine, fresh: FreshPrice) =>
  line.product_id === fresh.product_id && (line.selected_variant?.product_variation ?? null) === fresh.product_variation;

/** The lines at the server's current prices (a 409 'Prices have changed'); `changed` when any price moved. */
export function withFreshPrices(lines: readonly CartLine[], fresh: readonly FreshPrice[]): { lines: CartLine[]; changed: boolean } {
  let changed = false;
  const updated = lines.map((line) => {
    const match = fresh.find((candidate) => sameVariation(line, candidate));
    if (!match || match.final_price === line.final_price) return line;
    changed = true;
    const selected_variant = line.selected_variant ? { ...line.selected_variant, final_price: match.final_price } : null;
    return { ...line, final_price: match.final_price, selected_variant };
  });
  return { lines: updated, changed };
}

/** Field errors about lines (`products.2.quantity`: 'X is sold out') by line index. */
export function lineProblems(fieldErrors: Record<string, string[]> | undefined): Map<number, string> {
  const problems = new Map<number, string>();
  for (const [name, messages] of Object.entries(fieldErrors ?? {})) {
    const match = /^products\.(\d+)\./.exec(name);
    const message = messages.find((text) => typeof text === 'string' && text !== '');
    if (match && message && !problems.has(Number(match[1]))) problems.set(Number(match[1]), message);
  }
  return problems;
}

/** One order attempt: its Idempotency-Key and the payload (as sent) it was made for. */
export interface CheckoutAttempt {
  key: string;
  payload: string;
}

/**
 * The key for sending `payload`: the stored attempt's when it was made for
 * this very payload (a double click, a retry after a dropped connection, a
 * reload meanwhile), else a new one. A changed order is a new request and
 * never reuses a key (the server would refuse it).
 */
export function attemptFor(stored: CheckoutAttempt | null, payload: unknown, newKey: () => string): CheckoutAttempt {
  const text = JSON.stringify(payload);
  return stored?.payload === text ? stored : { key: newKey(), payload: text };
}

/** What survives a reload in session storage: the typed fields, the payment method and the attempt. Never the OTP. */
export interface CheckoutDraft {
  details: Partial<CheckoutDetails>;
  paymentMethod: PaymentMethod;
  attempt: CheckoutAttempt | null;
}

export const EMPTY_DRAFT: CheckoutDraft = Object.freeze({ details: {}, paymentMethod: 'cod', attempt: null });

/** A stored draft read back: known detail fields only (so an OTP can never come back), anything unreadable empty. */
export function readDraft(text: string | null | undefined): CheckoutDraft {
  const parsed = parseJsonRecord(text);
  if (!parsed) return EMPTY_DRAFT;
  const details: Partial<CheckoutDetails> = {};
  const stored = isRecord(parsed.details) ? parsed.details : {};
  for (const name of DETAIL_FIELDS) {
    if (typeof stored[name] === 'string') details[name] = stored[name];
  }
  const attempt = isRecord(parsed.attempt) && typeof parsed.attempt.key === 'string' && typeof parsed.attempt.payload === 'string'
    ? { key: parsed.attempt.key, payload: parsed.attempt.payload }
    : null;
  const paymentMethod = (PAYMENT_METHODS as readonly unknown[]).includes(parsed.paymentMethod) ? (parsed.paymentMethod as PaymentMethod) : 'cod';
  return { details, paymentMethod, attempt };
}

/** The draft as stored: the same fields `readDraft` takes back. */
export function writeDraft(draft: CheckoutDraft): string {
  const details: Partial<CheckoutDetails> = {};
  for (const name of DETAIL_FIELDS) {
    const value = draft.details[name];
    if (typeof value === 'string') details[name] = value;
  }
  return JSON.stringify({ details, paymentMethod: draft.paymentMethod, attempt: draft.attempt });
}

/** Seconds before a checkout OTP can be sent again (our choice; SPEC gives none). */
export const OTP_RESEND_SECONDS = 30;

/** Where a placed order goes (SPEC §4; the team's contract): cod to /order-success, prepaid to /payment, with its number. */
export function placedOrderPath(order: { orderNumber: string; prepaid: boolean }): string {
  return `${order.prepaid ? '/payment' : '/order-success'}?${new URLSearchParams({ order: order.orderNumber })}`;
}

/** SPEC §2's product confirmation: what confirming orders, and that cancelling empties the cart. */
export function confirmationText(count: number, totalPaise: number, method: PaymentMethod): string {
  return (
    `Place your order of ${count} ${count === 1 ? 'item' : 'items'} for ${formatPaiseAsRupees(totalPaise)}, paid by ${PAYMENT_METHOD_LABELS[method]}? ` +
    'Cancel empties your cart and closes this dialog.'
  );
}

/** What a coupon's discount depends on: each line's product, size, quantity and price. */
export function linesSignature(lines: readonly CartLine[]): string {
  return JSON.stringify(lines.map((line) => [line.product_id, line.selected_variant?.product_variation ?? null, line.quantity, line.final_price]));
}
