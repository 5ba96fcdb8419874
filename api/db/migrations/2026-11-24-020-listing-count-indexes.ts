import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Narrow indexes for listing counts (decision 040). A count reads up to
 * LISTING_COUNT_LIMIT index entries and needs no order and no id; in the
 * listing indexes every entry carries nine columns, and at 1,000,000 products
 * PostgreSQL took 3.4 ms to count 12,000 of them where it takes 1.7 ms in an
 * index of the five columns a count by category, price and size reads
 * (entries with equal keys also share one posting list there). A count with
 * "in stock", or one that checks sizes' prices, still reads a listing index:
 * each planner picks the cheaper index that covers the query. Never edit this
 * file after it lands: add a new migration.
 */
type Db = Kysely<unknown>;

/** The columns a count by category, price range and size reads, after the category (or not). */
const COUNT_COLUMNS = ['status', 'min_final_price', 'max_final_price', 'size_keys'];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('products_count_category')
    .on('products')
    .columns(['sub_category_id', ...COUNT_COLUMNS])
    .execute();
  await db.schema.createIndex('products_count').on('products').columns(COUNT_COLUMNS).execute();
  // New indexes have no statistics yet; a sampled ANALYZE keeps this quick.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze products`.execute(db);
  } else if (await sqliteHasStatistics(db)) {
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze products`.execute(db);
    await sql`pragma analysis_limit = 0`.execute(db);
  }
}

async function sqliteHasStatistics(db: Db): Promise<boolean> {
  const { rows } = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  return rows.length > 0;
}
