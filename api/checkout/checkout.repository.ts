import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The customer-side SQL of a checkout: the customer's lock and the ordered cart lines. */
type Trx = Transaction<Database>;

/**
 * Locks the customer's row for the transaction: one checkout of a shopper at
 * a time, so a per-customer coupon limit and the cart are read and changed by
 * one order only. It is the first lock a checkout takes.
 */
export async function lockCustomer(trx: Trx, customerId: number, now: string): Promise<void> {
  await trx.updateTable('customers').set({ updated_at: now }).where('id', '=', customerId).execute();
}

/** Removes the lines just ordered from the shopper's server cart (a guest's cart lives in the browser). */
export async function deleteOrderedCartLines(
  trx: Trx,
  customerId: number,
  lines: ReadonlyArray<{ productId: number; variantId: number }>,
): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .deleteFrom('cart_items')
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or(lines.map((l) => eb.and([eb('product_id', '=', l.productId), eb('variant_id', '=', l.variantId)]))))
    .execute();
}
