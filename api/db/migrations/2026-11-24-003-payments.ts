import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Payments of prepaid orders (decision 018): each attempt with the provider,
 * the provider events already applied (each once), and the order group's
 * payment state, which every change claims by one conditional statement.
 * Never edit this file after it lands: add a new migration.
 */
type Db = Kysely<unknown>;
type Table = CreateTableBuilder<string, never>;

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: Table): Table =>
    postgres
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  // 'cod': nothing to pay online; 'awaiting' and 'failed': stock held until hold_expires_at;
  // 'paid'; 'expired': the hold ended unpaid and the stock went back.
  await db.schema
    .alterTable('order_groups')
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().defaultTo('cod').check(sql`payment_status in ('cod', 'awaiting', 'failed', 'paid', 'expired')`),
    )
    .execute();
  await db.schema.alterTable('order_groups').addColumn('paid_at', 'text').execute();
  await db.schema.createIndex('order_groups_hold').on('order_groups').columns(['payment_status', 'hold_expires_at']).execute();

  await id(db.schema.createTable('payment_attempts'))
    .addColumn('order_number', 'text', (c) => c.notNull().references('order_groups.order_number'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // The provider's order for this attempt (Razorpay's order_...); the test gateway has none.
    .addColumn('provider_order_id', 'text')
    .addColumn('provider_payment_id', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // 'created' -> 'paid' | 'failed'; a payment that came too late: 'refund_due' -> 'refunded'.
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'paid', 'failed', 'refund_due', 'refunded')`),
    )
    .addColumn('method', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_attempts_provider_order', ['provider', 'provider_order_id'])
    .execute();
  await db.schema.createIndex('payment_attempts_order').on('payment_attempts').columns(['order_number', 'id']).execute();
  await db.schema.createIndex('payment_attempts_status').on('payment_attempts').columns(['status']).execute();

  await id(db.schema.createTable('payment_events'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_events_once', ['provider', 'event_id'])
    .execute();

  // Prepaid groups written before this migration are waiting for their payment.
  await sql`update order_groups set payment_status = 'awaiting' where payment_method = 'prepaid'`.execute(db);
}
