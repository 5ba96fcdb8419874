import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A store's own catalogue (decision 066): variants keep the SKU a store's
 * file gives them, unique where given, so a re-import finds the variant it
 * wrote before; and media live in the database (`media`), so every process
 * behind a load balancer serves what any one of them stored. Never edit this
 * file after it lands: add a new migration.
 */
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('product_variants').addColumn('sku', 'text').execute();
  await db.schema.createIndex('product_variants_sku').on('product_variants').column('sku').unique().where(sql.ref('sku'), 'is not', null).execute();

  // One row per stored file, by the path clients load it from (/media/...): bytes, type and a strong ETag.
  await db.schema
    .createTable('media')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
