import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * products.size_prices holds bytes (decision 038): the same text,
 * "|m=0000029900|", stored as its UTF-8 bytes, so a listing finds a size's
 * price with byte operations (PostgreSQL position/substring on bytea, SQLite
 * instr/substr on a BLOB) instead of character ones: on a UTF-8 PostgreSQL
 * database strpos and substr count characters, and that was most of a deep
 * filtered page's time at 1,000,000 products. PostgreSQL rewrites the table
 * and rebuilds its indexes; SQLite rewrites the values in place. Never edit
 * this file after it lands: add a new migration.
 */
type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table products
      alter column size_prices drop default,
      alter column size_prices type bytea using convert_to(size_prices, 'UTF8'),
      alter column size_prices set default '\\x'::bytea`.execute(db);
    await sql`analyze products`.execute(db);
  } else {
    await sql`update products set size_prices = cast(size_prices as blob) where typeof(size_prices) = 'text'`.execute(db);
  }
}
