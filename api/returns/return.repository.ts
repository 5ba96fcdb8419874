import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ReturnStatus } from '../../src/lib/constants.ts';
import type { Database, ReturnsTable } from '../db/schema.ts';

/**
 * Returns: all SQL of the `returns` table. A line has one return at most (a
 * unique key), and a return's status moves by one conditional statement, so
 * two store staff approving and rejecting at once change it once.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type ReturnRow = Selectable<ReturnsTable>;

/** Writes the return; false when the line has one already (asked twice, or twice at once). */
export async function insertReturn(
  trx: Transaction<Database>,
  request: { order_id: number; order_number: string; customer_id: number; reason: string; reason_text: string | null; upi_id: string | null; now: string },
): Promise<boolean> {
  const result = await trx
    .insertInto('returns')
    .values({
      order_id: request.order_id,
      order_number: request.order_number,
      customer_id: request.customer_id,
      reason: request.reason,
      reason_text: request.reason_text,
      upi_id: request.upi_id,
      status: 'return requested',
      requested_at: request.now,
      updated_at: request.now,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

type Stamps = Partial<Pick<ReturnsTable, 'decided_at' | 'received_at' | 'refunded_at' | 'store_note'>>;

/** Moves the line's return from one of `from` to `to`; true when this call moved it. */
export async function moveReturn(db: Db, orderId: number, from: readonly ReturnStatus[], to: ReturnStatus, stamps: Stamps, now: string): Promise<boolean> {
  const result = await db
    .updateTable('returns')
    .set({ status: to, updated_at: now, ...stamps })
    .where('order_id', '=', orderId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findReturn(db: Db, orderId: number): Promise<ReturnRow | undefined> {
  return db.selectFrom('returns').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The returns of these lines, by line id. */
export async function findLineReturns(db: Db, orderIds: readonly number[]): Promise<Map<number, ReturnRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom('returns').selectAll().where('order_id', 'in', [...orderIds]).execute();
  return new Map(rows.map((r) => [Number(r.order_id), r]));
}

/** The store's list, oldest first (the order they should be handled in), optionally of one status. */
export async function listReturns(db: Db, options: { status?: ReturnStatus; limit: number }) {
  let query = db
    .selectFrom('returns')
    .innerJoin('orders', 'orders.id', 'returns.order_id')
    .selectAll('returns')
    .select(['orders.order_number as line_number', 'orders.product_name', 'orders.product_variation', 'orders.quantity', 'orders.email', 'orders.payment_method'])
    .orderBy('returns.id')
    .limit(options.limit);
  if (options.status) query = query.where('returns.status', '=', options.status);
  return query.execute();
}
