import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { ORDER_STATUS } from '../../src/lib/constants.ts';
import type { Database, OrderGroupsTable, OrdersTable } from '../db/schema.ts';

/**
 * Orders: all SQL of order groups (one per checkout), their lines (one row
 * per product line, `orders`), and the history of every status change.
 * Status changes are single conditional statements (SECURITY 18), and every
 * shopper-facing read names the customer (SECURITY 19).
 */
type Db = Kysely<Database> | Transaction<Database>;
export type OrderLineRow = Selectable<OrdersTable>;
export type OrderGroupRow = Selectable<OrderGroupsTable>;

export async function orderNumberTaken(db: Db, orderNumber: string): Promise<boolean> {
  const row = await db.selectFrom('order_groups').select('id').where('order_number', '=', orderNumber).executeTakeFirst();
  return row !== undefined;
}

export async function insertOrderGroup(trx: Transaction<Database>, group: Insertable<OrderGroupsTable>): Promise<number> {
  const row = await trx.insertInto('order_groups').values(group).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Inserts the lines in one statement; answers their ids in the order given. */
export async function insertOrderLines(trx: Transaction<Database>, lines: Insertable<OrdersTable>[]): Promise<number[]> {
  const rows = await trx.insertInto('orders').values(lines).returning(['id', 'order_number']).execute();
  const idByNumber = new Map(rows.map((r) => [r.order_number, Number(r.id)]));
  return lines.map((line) => idByNumber.get(line.order_number)!);
}

export interface StatusChange {
  order_id: number;
  from_status: string | null;
  status: string;
  changed_by: 'shopper' | 'store' | 'payment' | 'system';
  note?: string | null;
  created_at: string;
}

export async function recordStatusChanges(trx: Transaction<Database>, changes: StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  await trx
    .insertInto('order_status_history')
    .values(changes.map((c) => ({ ...c, note: c.note ?? null })))
    .execute();
}

export async function findStatusHistory(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_status_history')
    .select(['order_id', 'from_status', 'status', 'changed_by', 'note', 'created_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

/** A page of the customer's order lines, newest first, and how many there are. */
export async function findCustomerOrderLines(db: Db, customerId: number, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The line, only when it is the customer's (another's answers like a missing one). */
export async function findCustomerOrderLine(db: Db, customerId: number, orderId: number): Promise<OrderLineRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('customer_id', '=', customerId).executeTakeFirst();
}

export async function findOrderLine(db: Db, orderId: number): Promise<OrderLineRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** A line by its own number (`<order number>-<n>`). */
export async function findOrderLineByNumber(db: Db, lineNumber: string): Promise<OrderLineRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_number', '=', lineNumber).executeTakeFirst();
}

export async function findOrderGroup(db: Db, orderNumber: string): Promise<OrderGroupRow | undefined> {
  return db.selectFrom('order_groups').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
}

/**
 * Locks the order group's row until the transaction ends and answers it as
 * committed now. A change that gives an order's stock or coupon use back
 * takes this lock first (then the products', then the coupon's, as checkout
 * and the hold's expiry do), so two such changes of one order run one after
 * the other and the second sees what the first did.
 */
export async function lockOrderGroup(trx: Transaction<Database>, orderNumber: string): Promise<OrderGroupRow | undefined> {
  // An UPDATE that changes nothing: a row lock both databases take, where SELECT ... FOR UPDATE is PostgreSQL's only.
  return trx
    .updateTable('order_groups')
    .set((eb) => ({ payment_status: eb.ref('payment_status') }))
    .where('order_number', '=', orderNumber)
    .returningAll()
    .executeTakeFirst();
}

export async function findGroupLines(db: Db, orderNumber: string): Promise<OrderLineRow[]> {
  return db.selectFrom('orders').selectAll().where('checkout_ref', '=', orderNumber).orderBy('id').execute();
}

/**
 * Moves a line from one of `from` to `to` in one statement, so of two
 * concurrent changes only one happens (SECURITY 18). Answers whether it moved.
 */
export async function moveStatus(
  trx: Transaction<Database>,
  orderId: number,
  from: readonly string[],
  to: string,
  now: string,
  cancel?: { reason: string; text: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({
      status: to,
      updated_at: now,
      // The return window counts from here.
      ...(to === ORDER_STATUS.delivered ? { delivered_at: now } : {}),
      ...(cancel ? { cancel_reason: cancel.reason, cancel_reason_text: cancel.text, cancelled_at: now } : {}),
    })
    .where('id', '=', orderId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lines of the order still not in `status` (a coupon goes back when the last line is cancelled). */
export async function countLinesNotIn(trx: Transaction<Database>, orderNumber: string, status: string): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('lines'))
    .where('checkout_ref', '=', orderNumber)
    .where('status', '!=', status)
    .executeTakeFirstOrThrow();
  return Number(row.lines);
}

/** The store's list: newest first, optionally of one status. */
export async function listOrderLines(db: Db, options: { status?: string; limit: number }): Promise<OrderLineRow[]> {
  let query = db.selectFrom('orders').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.status) query = query.where('status', '=', options.status);
  return query.execute();
}

/** The order's lines are paid on delivery now (a prepaid order switched to cash on delivery). */
export async function setGroupCashOnDelivery(trx: Transaction<Database>, orderNumber: string, now: string): Promise<void> {
  await trx.updateTable('orders').set({ payment_method: 'cod', updated_at: now }).where('checkout_ref', '=', orderNumber).execute();
  await trx.updateTable('order_groups').set({ hold_expires_at: null }).where('order_number', '=', orderNumber).execute();
}

/** The customer's order group (another's answers like a missing one). */
export async function findCustomerOrderGroup(db: Db, customerId: number, orderNumber: string): Promise<OrderGroupRow | undefined> {
  return db
    .selectFrom('order_groups')
    .selectAll()
    .where('order_number', '=', orderNumber)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}
