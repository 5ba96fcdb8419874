import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CouponTerms } from '../checkout/pricing.ts';

/** Coupons and their uses: all SQL of coupons. A use is counted by one conditional statement (SECURITY 16). */
type Db = Kysely<Database> | Transaction<Database>;

export interface CouponRow extends CouponTerms {
  id: number;
  code: string;
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const row = await db
    .selectFrom('coupons')
    .select([
      'id',
      'code',
      'kind',
      'value',
      'min_order_amount',
      'max_discount',
      'starts_at',
      'expires_at',
      'usage_limit',
      'used_count',
      'per_customer_limit',
      'active',
    ])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    value: Number(row.value),
    min_order_amount: Number(row.min_order_amount),
    max_discount: row.max_discount === null ? null : Number(row.max_discount),
    usage_limit: row.usage_limit === null ? null : Number(row.usage_limit),
    used_count: Number(row.used_count),
    per_customer_limit: row.per_customer_limit === null ? null : Number(row.per_customer_limit),
    active: Number(row.active),
  };
}

/** How many orders of this customer used the coupon (and were not given back). */
export async function countCustomerUses(db: Db, couponId: number, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('uses'))
    .where('coupon_id', '=', couponId)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.uses);
}

/** Counts one use only while the coupon has one left: true when counted. */
export async function countUse(trx: Transaction<Database>, couponId: number): Promise<boolean> {
  const result = await trx
    .updateTable('coupons')
    .set({ used_count: sql<number>`used_count + 1` })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRedemption(
  trx: Transaction<Database>,
  redemption: { coupon_id: number; customer_id: number; checkout_ref: string; created_at: string },
): Promise<void> {
  await trx.insertInto('coupon_redemptions').values(redemption).execute();
}

/** Gives an order's use back (its last line was cancelled, or its payment failed): once, by the redemption row. */
export async function giveBackUse(trx: Transaction<Database>, couponId: number, checkoutRef: string): Promise<void> {
  const removed = await trx
    .deleteFrom('coupon_redemptions')
    .where('coupon_id', '=', couponId)
    .where('checkout_ref', '=', checkoutRef)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return;
  await trx
    .updateTable('coupons')
    .set({ used_count: sql<number>`used_count - 1` })
    .where('id', '=', couponId)
    .where('used_count', '>', 0)
    .execute();
}
