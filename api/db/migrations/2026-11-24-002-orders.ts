import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The orders engine: one row per checkout (`order_groups`, its number is the
 * order number a shopper sees; its lines in `orders` share it as
 * `checkout_ref`), the history of every status change, and a per-customer
 * limit on coupons. Never edit this file after it lands: add a new migration.
 */
type Db = Kysely<unknown>;
type Table = CreateTableBuilder<string, never>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Table): Table =>
    postgres
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('order_groups'))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('cod', 'prepaid')`))
    // Integer paise: the lines' total before the discount, the discount, what is charged.
    .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount >= 0 and discount <= subtotal`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    // A prepaid order's stock is held until then (the payments work releases it).
    .addColumn('hold_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_groups_customer').on('order_groups').columns(['customer_id', 'id']).execute();

  await id(db.schema.createTable('order_status_history'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    // Who changed it: 'shopper', 'store' (the command line), 'payment', 'system'.
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_status_history_order').on('order_status_history').columns(['order_id', 'id']).execute();

  // Null: no limit per customer.
  await db.schema.alterTable('coupons').addColumn('per_customer_limit', 'integer').execute();
  await db.schema.createIndex('coupon_redemptions_customer').on('coupon_redemptions').columns(['coupon_id', 'customer_id']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();
}
