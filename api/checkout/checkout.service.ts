import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ORDER_STATUS, PAYMENT_HOLD_MS } from '../../src/lib/constants.ts';
import { paiseToRupeesString } from '../../src/lib/money.ts';
import type { CheckoutRequest } from '../../src/lib/schemas/checkout.ts';
import { countCouponUse, priceCoupon, type CouponDiscount } from '../coupons/coupon.service.ts';
import { insertRedemption } from '../coupons/coupon.repository.ts';
import { findSignedInCustomer, presentCustomer } from '../customer/customer.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { runOnce, type IdempotentRequest } from '../idempotency/idempotency.service.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { countTry } from '../security/limited.ts';
import { rateLimitBuckets, type RateLimitRule } from '../security/rate-limit.service.ts';
import { ORDER_MAIL } from '../orders/order-mail.service.ts';
import { insertOrderGroup, insertOrderLines, orderNumberTaken, recordStatusChanges } from '../orders/order.repository.ts';
import { saveShippingAddressIfNone } from '../shipping/shipping-address.repository.ts';
import { deleteOrderedCartLines, lockCustomer } from './checkout.repository.ts';
import { freshLine, repricedLines, resolveLines, stockErrors, type OrderLine } from './order-lines.ts';
import { findOrderableVariants, lockProducts, refreshListingColumns, takeStock } from './stock.repository.ts';
import { CHECKOUT_MESSAGES } from '../messages.ts';

/**
 * POST /checkout (API-NOTES "Checkout and orders"; SECURITY 11-17, 19, 27).
 *
 * One transaction makes the order or nothing. The customer's row is locked
 * first (one checkout of a shopper at a time); the server prices the lines
 * from its own variants and the coupon by its rules; the order group, one row
 * per line with its first status and the coupon's redemption are written, the
 * ordered cart lines cleared, the address kept as the customer's first and
 * the confirmation mail queued; then, last, the products' rows are locked,
 * the stock taken by conditional statements and the coupon's use counted by
 * one, so the locks every other order of those products waits for are held
 * only for the end of the transaction. With an Idempotency-Key the same
 * transaction claims the key and stores the answer (decision 014).
 */
type Db = Kysely<Database>;

/** Orders a shopper may place in ten minutes: far above any real basket, far below a script's. */
export const CHECKOUT_RULE: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

export async function placeOrder(
  db: Db,
  customerId: number,
  idempotency: IdempotentRequest | null,
  input: CheckoutRequest,
  /** Who will take a prepaid order's payment (the answer's `payment` names it). */
  paymentProvider: 'test' | 'razorpay',
) {
  const customer = await findSignedInCustomer(db, customerId);
  return runOnce(db, idempotency, async (trx) => {
    const now = new Date();
    const stamp = now.toISOString();
    await lockCustomer(trx, customerId, stamp);
    // Counted in the order's own transaction: one commit per order, and a refused order counts nothing.
    await countTry(trx, [[rateLimitBuckets.checkout(customerId), CHECKOUT_RULE]]);
    const productIds = input.products.map((l) => l.product_id);
    const variants = await findOrderableVariants(trx, productIds);
    const resolved = resolveLines(input.products, variants);
    if ('errors' in resolved) throw new ApiError(400, firstMessage(resolved.errors), resolved.errors);
    const lines = resolved.lines;
    if (repricedLines(lines).length > 0) {
      throw new ApiError(409, CHECKOUT_MESSAGES.pricesChanged, undefined, { products: lines.map(freshLine) });
    }
    const short = stockErrors(lines, (l) => l.variant.stock);
    if (Object.keys(short).length > 0) throw new ApiError(409, firstMessage(short), short);

    const amounts = lines.map((l) => ({ unitPrice: l.variant.final_price, quantity: l.quantity }));
    const discount = input.coupon_code ? await priceCoupon(trx, input.coupon_code, customerId, amounts, now) : undefined;
    const orderNumber = await newOrderNumber(trx);
    const ids = await writeOrder(trx, { customerId, orderNumber, input, lines, discount, stamp, now });
    await saveShippingAddressIfNone(trx, customerId, shippingOf(input), stamp);
    await deleteOrderedCartLines(trx, customerId, lines.map((l) => ({ productId: l.variant.product_id, variantId: l.variant.variant_id })));
    // A prepaid order is confirmed by mail once it is paid (api/payments/payment-state.ts).
    if (input.payment_method === 'cod') {
      await queueMail(trx, { kind: ORDER_MAIL.confirmation, recipient: input.email, customerId, details: { orderNumber } }, now);
    }

    // Last, so the locks other orders wait for are held only until the commit that follows:
    // the products' rows (ascending ids, the lock order of every stock writer), then the coupon's.
    await lockProducts(trx, productIds, stamp);
    for (const line of lines) {
      if (!(await takeStock(trx, line.variant.variant_id, line.quantity))) {
        const errors = stockErrors([line], () => 0);
        throw new ApiError(409, firstMessage(errors), errors);
      }
    }
    await refreshListingColumns(trx, productIds);
    if (discount) await countCouponUse(trx, discount.couponId);
    const total = amounts.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0) - (discount?.amount ?? 0);
    return {
      order_id: ids,
      order_number: orderNumber,
      customer: presentCustomer(customer),
      // API-NOTES "Payments": what /payment needs to start paying; the attempt itself is opened there.
      ...(input.payment_method === 'prepaid'
        ? { payment: { provider: paymentProvider, reference: orderNumber, amount: paiseToRupeesString(total), currency: 'INR' } }
        : {}),
    };
  });
}

interface OrderToWrite {
  customerId: number;
  orderNumber: string;
  input: CheckoutRequest;
  lines: OrderLine[];
  discount: CouponDiscount | undefined;
  stamp: string;
  now: Date;
}

/** The order group, its lines with their first status and its history, and the coupon's redemption. */
async function writeOrder(trx: Transaction<Database>, order: OrderToWrite): Promise<number[]> {
  const { customerId, orderNumber, input, lines, discount: coupon, stamp, now } = order;
  const prepaid = input.payment_method === 'prepaid';
  const status = prepaid ? ORDER_STATUS.awaitingPayment : ORDER_STATUS.placed;
  const subtotal = lines.reduce((sum, l) => sum + l.variant.final_price * l.quantity, 0);
  const discount = coupon?.amount ?? 0;
  await insertOrderGroup(trx, {
    order_number: orderNumber,
    customer_id: customerId,
    payment_method: input.payment_method,
    subtotal,
    discount,
    total: subtotal - discount,
    coupon_id: coupon?.couponId ?? null,
    hold_expires_at: prepaid ? new Date(now.getTime() + PAYMENT_HOLD_MS).toISOString() : null,
    payment_status: prepaid ? 'awaiting' : 'cod',
    created_at: stamp,
  });
  const ids = await insertOrderLines(
    trx,
    lines.map((line, i) => {
      const perUnit = coupon?.perUnit[i] ?? 0;
      const v = line.variant;
      return {
        order_number: `${orderNumber}-${i + 1}`,
        checkout_ref: orderNumber,
        customer_id: customerId,
        product_id: v.product_id,
        variant_id: v.variant_id,
        retailer_id: v.retailer_id,
        wholesaler_id: v.wholesaler_id,
        product_name: v.product_name,
        product_slug: v.product_slug,
        product_variation: v.product_variation,
        cover_image: v.cover_image,
        product_images: v.product_images,
        quantity: line.quantity,
        price: v.final_price,
        final_amount: v.final_price - perUnit,
        discount_amount: perUnit * line.quantity,
        coupon_id: coupon?.couponId ?? null,
        status,
        payment_method: input.payment_method,
        full_name: `${input.firstname} ${input.lastname}`,
        email: input.email,
        phone_number: input.phone_number,
        alt_phone_number: input.alt_phone_number ?? null,
        address: input.address,
        pincode: input.pincode,
        city: input.city,
        state: input.state,
        created_at: stamp,
        updated_at: stamp,
      };
    }),
  );
  await recordStatusChanges(
    trx,
    ids.map((id) => ({ order_id: id, from_status: null, status, changed_by: 'shopper' as const, created_at: stamp })),
  );
  if (coupon) {
    await insertRedemption(trx, { coupon_id: coupon.couponId, customer_id: customerId, checkout_ref: orderNumber, created_at: stamp });
  }
  return ids;
}

function shippingOf(input: CheckoutRequest) {
  return {
    firstname: input.firstname,
    lastname: input.lastname,
    phone_number: input.phone_number,
    alt_phone_number: input.alt_phone_number ?? null,
    address: input.address,
    pincode: input.pincode,
    city: input.city,
    state: input.state,
  };
}

/** 'OD' and 12 random digits: not a count of the store's orders, and room for billions. */
async function newOrderNumber(trx: Transaction<Database>): Promise<string> {
  for (;;) {
    const candidate = `OD${String(randomInt(10 ** 6)).padStart(6, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`;
    if (!(await orderNumberTaken(trx, candidate))) return candidate;
  }
}

function firstMessage(errors: Record<string, string[]>): string {
  return Object.values(errors)[0]?.[0] ?? CHECKOUT_MESSAGES.outOfStock;
}
