import { PostgresAdapter, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Money after the sale (decision 065): every captured payment, every refund
 * owed against one, and every return a shopper asks for.
 *
 * - `payments`: one row per payment a provider captured for an order group,
 *   the one that paid it (`purpose` 'order') or one beyond it ('extra': a
 *   second tab, a late authorisation, a payment after the hold ended).
 *   `refunded` is the sum of the refunds written against it, raised in the
 *   same transaction as each refund row, and a CHECK keeps it within
 *   `amount`: the refunds of a payment can never add up to more than it
 *   captured, whatever the code does (SECURITY 37).
 * - `refunds`: a queue as mail is (decision 015), one row per thing owed,
 *   known by `refund_key` ('line:<order id>' or 'payment:<payment id>'),
 *   unique, so a refund is written once however many cancels arrive.
 * - `returns`: one per order line at most.
 *
 * Existing data is carried over: paid attempts become payments; payments
 * given back or due become extra payments with their refund; cancelled lines
 * of paid orders, which nothing refunded until now, get their refund queued.
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

  await id(db.schema.createTable('payments'))
    .addColumn('order_number', 'text', (c) => c.notNull().references('order_groups.order_number'))
    .addColumn('attempt_id', 'integer', (c) => c.references('payment_attempts.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_payment_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded >= 0 and refunded <= amount`))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('order', 'extra')`))
    .addColumn('method', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payments_provider_payment', ['provider', 'provider_payment_id'])
    .execute();
  await db.schema.createIndex('payments_order').on('payments').columns(['order_number', 'purpose']).execute();
  // One payment pays a group; any other is extra, and refunded.
  await db.schema.createIndex('payments_one_per_order').on('payments').column('order_number').unique().where(sql.ref('purpose'), '=', 'order').execute();

  await id(db.schema.createTable('refunds'))
    .addColumn('refund_key', 'text', (c) => c.notNull().unique())
    .addColumn('order_number', 'text', (c) => c.notNull().references('order_groups.order_number'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
    // 'test' | 'razorpay': sent by the job; 'manual': a cash on delivery line the store pays by UPI itself.
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('cancelled', 'returned', 'extra payment')`))
    // queued -> pending (the provider took it) -> processed; failed: refused or failed, retried at next_attempt_at;
    // manual: waiting for the store's transfer.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'pending', 'processed', 'failed', 'manual')`))
    // The key the provider dedups a retried call by; a new one only after the provider said the refund failed.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    // The store's payment reference (UTR) of a manual refund.
    .addColumn('reference', 'text')
    .addColumn('upi_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addCheckConstraint('refunds_paid_through', sql`provider = 'manual' or payment_id is not null`)
    .execute();
  await db.schema.createIndex('refunds_due').on('refunds').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('refunds_order').on('refunds').columns(['order_number']).execute();
  await db.schema.createIndex('refunds_line').on('refunds').columns(['order_id']).execute();
  await db.schema.createIndex('refunds_provider_refund').on('refunds').columns(['provider', 'provider_refund_id']).execute();

  await id(db.schema.createTable('returns'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reason_text', 'text')
    .addColumn('upi_id', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('return requested', 'return approved', 'return rejected', 'return received', 'refunded')`),
    )
    .addColumn('store_note', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('returns_status').on('returns').columns(['status', 'id']).execute();

  await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
  await sql`update orders set delivered_at = (
      select max(h.created_at) from order_status_history h where h.order_id = orders.id and h.status = 'order has been delivered'
    ) where status = 'order has been delivered'`.execute(db);
  await sql`update orders set delivered_at = updated_at where status = 'order has been delivered' and delivered_at is null`.execute(db);

  await db.schema
    .alterTable('store_settings')
    .addColumn('return_window_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`return_window_days between 0 and 90`))
    .execute();

  // What was paid before: the payment that paid each group, and the ones given back or due.
  await sql`insert into payments (order_number, attempt_id, provider, provider_payment_id, amount, refunded, purpose, method, created_at)
    select order_number, id, provider, provider_payment_id, amount, 0,
      case when status = 'paid' then 'order' else 'extra' end, method, updated_at
    from payment_attempts where status in ('paid', 'refund_due', 'refunded') and provider_payment_id is not null`.execute(db);
  await sql`insert into refunds (refund_key, order_number, payment_id, provider, amount, reason, status, idempotency_key,
      attempts, next_attempt_at, created_at, updated_at, processed_at)
    select 'payment:' || p.id, p.order_number, p.id, p.provider, p.amount, 'extra payment',
      case when a.status = 'refunded' then 'processed' else 'queued' end,
      'refund-' || a.order_number || '-' || a.id, 0, a.updated_at, a.updated_at, a.updated_at,
      case when a.status = 'refunded' then a.updated_at else null end
    from payments p join payment_attempts a on a.id = p.attempt_id where p.purpose = 'extra'`.execute(db);
  // Cancelled lines of paid orders: owed since they were cancelled.
  await sql`insert into refunds (refund_key, order_number, order_id, payment_id, provider, amount, reason, status, idempotency_key,
      attempts, next_attempt_at, created_at, updated_at)
    select 'line:' || o.id, o.checkout_ref, o.id, p.id, p.provider, o.final_amount * o.quantity, 'cancelled', 'queued',
      'refund-line-' || o.id, 0, coalesce(o.cancelled_at, o.updated_at), coalesce(o.cancelled_at, o.updated_at), coalesce(o.cancelled_at, o.updated_at)
    from orders o
    join order_groups g on g.order_number = o.checkout_ref
    join payments p on p.order_number = o.checkout_ref and p.purpose = 'order'
    where o.status = 'order has been cancelled' and g.payment_status = 'paid' and o.final_amount * o.quantity > 0`.execute(db);
  await sql`update payments set refunded = (select coalesce(sum(r.amount), 0) from refunds r where r.payment_id = payments.id)`.execute(db);
}
