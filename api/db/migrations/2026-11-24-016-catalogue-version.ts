import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The catalogue version (decision 023): one counter that every change to what
 * catalogue pages show bumps, by triggers on the tables themselves, so any
 * writer (the API's orders, cancellations and payment holds, the orders CLI,
 * imports and seeds, another process on the same database) invalidates the
 * storefront's page cache without knowing of it. Never edit this file after
 * it lands: add a new migration.
 */
type Db = Kysely<unknown>;

/** What catalogue pages show: store settings, home sections, categories, sellers, products, their variants (stock, price). */
export const CATALOGUE_TABLES = ['store_settings', 'home_sections', 'categories', 'sellers', 'products', 'product_variants'];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Once per statement: a bulk import bumps it once, not once a row.
    await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of CATALOGUE_TABLES) {
      await sql`create trigger ${sql.id(`${table}_bumps_catalogue_version`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_catalogue_version()`.execute(db);
    }
    return;
  }
  // SQLite triggers fire per row; writes are serialised there anyway.
  for (const table of CATALOGUE_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`${table}_${event}_bumps_catalogue_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}
