import type { Kysely, Transaction } from 'kysely';
import { MESSAGES } from '../../src/lib/messages.ts';
import { paiseToRupeesString } from '../../src/lib/money.ts';
import type { ApplyCouponRequest, CouponLine } from '../../src/lib/schemas/checkout.ts';
import { findCartLines } from '../cart/cart.repository.ts';
import { resolveLines } from '../checkout/order-lines.ts';
import { COUPON_REFUSALS, allocateDiscount, checkCoupon, givenDiscount, type LineAmount } from '../checkout/pricing.ts';
import { findOrderableVariants } from '../checkout/stock.repository.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { countCustomerUses, countUse, findCouponByCode } from './coupon.repository.ts';
import { COUPON_MESSAGES } from '../messages.ts';

/**
 * Coupons (API-NOTES "Checkout and orders"; SECURITY 15, 16): a preview of the
 * discount for the shopper's lines (POST /apply-coupon), and the redemption
 * inside the order's transaction, re-checked there and counted by one
 * conditional statement, so a coupon with one use left discounts exactly one
 * of any number of parallel orders.
 */
type Db = Kysely<Database>;

const invalidCode = (status: 400 | 409, message: string) =>
  new ApiError(status, message, { coupon_code: [MESSAGES.coupon.invalidCode] });

/** POST /apply-coupon: the discount the coupon gives these lines (or the signed-in cart's), as the order would. */
export async function previewCoupon(db: Db, customerId: number | undefined, input: ApplyCouponRequest) {
  const requested = input.products ?? (customerId === undefined ? [] : await cartAsLines(db, customerId));
  if (requested.length === 0) throw new ApiError(400, COUPON_MESSAGES.noLines, { products: [COUPON_MESSAGES.noLines] });
  const variants = await findOrderableVariants(db, requested.map((l) => l.product_id));
  const resolved = resolveLines(requested, variants);
  if ('errors' in resolved) throw new ApiError(400, Object.values(resolved.errors)[0]![0]!, resolved.errors);
  const amounts = resolved.lines.map((l) => ({ unitPrice: l.variant.final_price, quantity: l.quantity }));
  const subtotal = amounts.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const coupon = await findCouponByCode(db, input.coupon_code);
  const customerUses = coupon && customerId !== undefined ? await countCustomerUses(db, coupon.id, customerId) : undefined;
  const check = checkCoupon(coupon, { subtotal, now: new Date(), customerUses });
  if (!check.ok) throw invalidCode(400, check.message);
  const discount = givenDiscount(amounts, allocateDiscount(amounts, check.discount));
  return {
    coupon: {
      id: coupon!.id,
      code: coupon!.code,
      discount: paiseToRupeesString(discount),
      subtotal: paiseToRupeesString(subtotal),
      total: paiseToRupeesString(subtotal - discount),
    },
  };
}

async function cartAsLines(db: Db, customerId: number): Promise<CouponLine[]> {
  const lines = await findCartLines(db, customerId);
  return lines.map((l) => ({ product_id: l.product_id, product_variation: l.product_variation, quantity: l.quantity }));
}

export interface CouponDiscount {
  couponId: number;
  /** Paise off each unit of each line, in the lines' order. */
  perUnit: number[];
  /** Paise off the order in all. */
  amount: number;
}

/**
 * Re-checks the coupon for this order inside its transaction and answers the
 * discount per unit. A coupon that lapsed since the preview answers 409 and
 * the order is not made: the shopper is never charged a surprise.
 */
export async function priceCoupon(
  trx: Transaction<Database>,
  code: string,
  customerId: number,
  lines: readonly LineAmount[],
  now: Date,
): Promise<CouponDiscount> {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const coupon = await findCouponByCode(trx, code);
  const customerUses = coupon ? await countCustomerUses(trx, coupon.id, customerId) : undefined;
  const check = checkCoupon(coupon, { subtotal, now, customerUses });
  if (!check.ok) throw invalidCode(409, check.message);
  const perUnit = allocateDiscount(lines, check.discount);
  return { couponId: coupon!.id, perUnit, amount: givenDiscount(lines, perUnit) };
}

/** Counts the order's use of the coupon by one conditional statement: a coupon used up by a parallel order meanwhile answers 409. */
export async function countCouponUse(trx: Transaction<Database>, couponId: number): Promise<void> {
  if (!(await countUse(trx, couponId))) throw invalidCode(409, COUPON_REFUSALS.usedUp());
}
