import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Account security (issue: holes found by probing the running server):
 * - one-time tokens remember the address they were mailed to, so a reset
 *   verifies exactly that address and an email change waits for its link;
 * - account mail goes through a queue table, sent by the process after the
 *   answer (with retries), so no request waits on mail and forgot-password
 *   does the same work for known and unknown addresses.
 * Never edit this file after it lands: add a new migration instead.
 */
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  for (const table of ['password_reset_tokens', 'email_verification_tokens']) {
    await db.schema.alterTable(table).addColumn('email', 'text').execute();
  }

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // What to write (api/customer/account-mail.service.ts composes each kind).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('cascade'))
    // JSON of facts the mail needs that are not secret.
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    // The composed message, kept for retries; null until composed, wiped once given up.
    .addColumn('subject', 'text')
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued').check(sql`state in ('queued', 'ready', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // A process that claimed the job holds it until then (several processes share the queue).
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['state', 'next_attempt_at', 'id']).execute();
}
