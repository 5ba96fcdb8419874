import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * products.size_prices (decision 027): each sized variant's final price by
 * size key, "|m=0000029900|l=0000031000|" (paise, ten digits), so a listing
 * filtered by size and price decides a product whose price range straddles
 * the filter from the listing index, instead of probing product_variants once
 * per such product (thousands of probes on a deep page at 1,000,000
 * products). The six listing indexes are rebuilt with the column at the end.
 * Never edit this file after it lands: add a new migration.
 */
type Db = Kysely<unknown>;

/** The listing indexes of the first migration, in the same column order, plus size_prices. */
const FILTER_COLUMNS = [
  'sub_category_id',
  'min_final_price',
  'max_final_price',
  'total_stock',
  'size_keys',
  'in_stock_size_keys',
  'size_prices',
];

export async function up(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('products')
    .addColumn('size_prices', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // Same format as sizePrices() in api/catalog/size-keys.ts: sized variants in
  // display order; a key holding "|" or "=" is left out (filters on it probe).
  const usable = sql`v.size_key is not null and v.size_key <> '' and ${
    postgres ? sql`strpos(v.size_key, '|') = 0 and strpos(v.size_key, '=') = 0` : sql`instr(v.size_key, '|') = 0 and instr(v.size_key, '=') = 0`
  }`;
  if (postgres) {
    await sql`update products set size_prices = s.prices from (
        select v.product_id, '|' || string_agg(v.size_key || '=' || lpad(v.final_price::text, 10, '0'), '|'
          order by v.position, v.id) || '|' as prices
        from product_variants v where ${usable} group by v.product_id) as s
      where s.product_id = products.id`.execute(db);
    // The backfill queued the catalogue version's bump for commit (migration
    // 017's deferred triggers), and PostgreSQL refuses to index a table with
    // pending trigger events: run them now, inside this transaction.
    await sql`set constraints all immediate`.execute(db);
  } else {
    await sql`update products set size_prices = coalesce((
        select '|' || group_concat(v.size_key || '=' || printf('%010d', v.final_price), '|' order by v.position, v.id) || '|'
        from product_variants v where v.product_id = products.id and ${usable}), '')`.execute(db);
  }

  for (const [sort, column] of [
    ['newest', 'created_at'],
    ['price', 'min_final_price'],
    ['name', 'name'],
  ]) {
    for (const category of [false, true]) {
      const leading = [...(category ? ['sub_category_id'] : []), 'status', column!, 'id'];
      const columns = [...leading, ...FILTER_COLUMNS.filter((c) => !leading.includes(c))];
      const name = `products_listing_${category ? 'category_' : ''}${sort}`;
      await db.schema.dropIndex(name).execute();
      await db.schema.createIndex(name).on('products').columns(columns).execute();
    }
  }

  // A listing reads a few thousand index entries at most (counts stop at
  // LISTING_COUNT_LIMIT): parallel workers only add their start-up, and a
  // parallel append starts every arm of a merged walk at once.
  if (postgres) await sql`alter table products set (parallel_workers = 0)`.execute(db);

  // Rebuilt indexes lose SQLite's statistics (the planner then guesses); the
  // new column has none yet on PostgreSQL. A sampled ANALYZE keeps this quick.
  if (postgres) {
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
