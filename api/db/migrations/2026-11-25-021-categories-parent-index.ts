import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * An index on categories.parent_id. Every listing answer carries the listed
 * categories (those with no child category: findListedCategories), and
 * without it each category's test for children read the whole categories
 * table: a store's categories squared per answer (15 demo categories: 17 us
 * a read on SQLite, 10 us with the index; a store with 500 categories would
 * read 250,000 rows). Never edit this file after it lands: add a new migration.
 */
type Db = Kysely<unknown>;

export const CATEGORIES_PARENT_INDEX = 'categories_parent';

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex(CATEGORIES_PARENT_INDEX).on('categories').column('parent_id').execute();
  // Statistics for the new index, where the database keeps them (see migration 020).
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze categories`.execute(db);
    return;
  }
  const { rows } = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  if (rows.length > 0) await sql`analyze ${sql.id(CATEGORIES_PARENT_INDEX)}`.execute(db);
}
