/**
 * The money rules of an order, as pure functions on integer paise (SECURITY
 * 15): what a coupon takes off, and how a discount is shared among the lines.
 * The checkout and the coupon preview both use them, so the discount a shopper
 * is shown is the one they are charged.
 */
import { formatPaiseAsRupees } from '../../src/lib/money.ts';

export interface CouponTerms {
  kind: 'percent' | 'flat';
  /** percent: 1..100; flat: paise. */
  value: number;
  /** Paise; 0 for none. */
  min_order_amount: number;
  /** Paise; null for no cap (percent coupons). */
  max_discount: number | null;
  starts_at: string | null;
  expires_at: string | null;
  usage_limit: number | null;
  used_count: number;
  per_customer_limit: number | null;
  active: number;
}

export type CouponRefusal = 'unknown' | 'notYetValid' | 'expired' | 'belowMinimum' | 'usedUp' | 'usedByCustomer';

export const COUPON_REFUSALS: Record<CouponRefusal, (coupon?: CouponTerms) => string> = {
  unknown: () => 'This coupon code does not exist',
  notYetValid: () => 'This coupon is not valid yet',
  expired: () => 'This coupon has expired',
  belowMinimum: (c) => `This coupon needs an order of at least ${formatPaiseAsRupees(c?.min_order_amount ?? 0)}`,
  usedUp: () => 'This coupon has been used up',
  usedByCustomer: () => 'You have already used this coupon',
};

export type CouponCheck = { ok: true; discount: number } | { ok: false; refusal: CouponRefusal; message: string };

/**
 * Whether a coupon applies to an order of `subtotal` paise, and its discount:
 * a percentage (rounded down to the paisa) with an optional cap, or a flat
 * amount; never more than the subtotal. `customerUses` is how often this
 * customer used it (undefined: not known yet, the per-customer limit is left to the checkout).
 */
export function checkCoupon(
  coupon: CouponTerms | undefined,
  order: { subtotal: number; now: Date; customerUses?: number },
): CouponCheck {
  const refuse = (refusal: CouponRefusal): CouponCheck => ({ ok: false, refusal, message: COUPON_REFUSALS[refusal](coupon) });
  if (!coupon || !coupon.active) return refuse('unknown');
  const now = order.now.getTime();
  if (coupon.starts_at && now < Date.parse(coupon.starts_at)) return refuse('notYetValid');
  if (coupon.expires_at && now > Date.parse(coupon.expires_at)) return refuse('expired');
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) return refuse('usedUp');
  if (coupon.per_customer_limit !== null && order.customerUses !== undefined && order.customerUses >= coupon.per_customer_limit) {
    return refuse('usedByCustomer');
  }
  if (order.subtotal < coupon.min_order_amount) return refuse('belowMinimum');
  return { ok: true, discount: couponDiscount(coupon, order.subtotal) };
}

export function couponDiscount(coupon: Pick<CouponTerms, 'kind' | 'value' | 'max_discount'>, subtotal: number): number {
  const raw = coupon.kind === 'percent' ? Math.floor((subtotal * coupon.value) / 100) : coupon.value;
  const capped = coupon.max_discount === null ? raw : Math.min(raw, coupon.max_discount);
  return Math.max(0, Math.min(capped, subtotal));
}

export interface LineAmount {
  /** Paise per unit, before any discount. */
  unitPrice: number;
  quantity: number;
}

/**
 * Shares `discount` among the lines as whole paise per unit, so each line's
 * unit price after the discount is exact and TOTAL = final_amount x quantity
 * holds for every line (SPEC §9). Shares follow the line totals; what cannot
 * be split into whole paise per unit (less than one paisa per unit ordered) is
 * not given: the answer never exceeds `discount`. Answers the discount per unit of each line.
 */
export function allocateDiscount(lines: readonly LineAmount[], discount: number): number[] {
  const totals = lines.map((l) => l.unitPrice * l.quantity);
  const subtotal = totals.reduce((a, b) => a + b, 0);
  if (discount <= 0 || subtotal <= 0) return lines.map(() => 0);
  const target = Math.min(discount, subtotal);
  // Largest remainder: each line's share of the target, in whole paise, adding up to the target.
  const exact = totals.map((t) => (target * t) / subtotal);
  const shares = exact.map(Math.floor);
  let left = target - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  const perUnit = shares.map((share, i) => Math.min(Math.floor(share / lines[i]!.quantity), lines[i]!.unitPrice));
  // What flooring per unit left over goes, a unit's worth at a time, to the lines that can take it.
  let rest = target - perUnit.reduce((sum, u, i) => sum + u * lines[i]!.quantity, 0);
  const bySmallestQuantity = lines.map((l, i) => i).sort((a, b) => lines[a]!.quantity - lines[b]!.quantity);
  for (const i of bySmallestQuantity) {
    const line = lines[i]!;
    while (rest >= line.quantity && perUnit[i]! < line.unitPrice) {
      perUnit[i]! += 1;
      rest -= line.quantity;
    }
  }
  return perUnit;
}

/** The discount actually given once shared per unit (at most the coupon's). */
export function givenDiscount(lines: readonly LineAmount[], perUnit: readonly number[]): number {
  return lines.reduce((sum, line, i) => sum + (perUnit[i] ?? 0) * line.quantity, 0);
}
