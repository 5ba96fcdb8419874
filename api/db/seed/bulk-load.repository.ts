import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import type { Database } from '../schema.ts';

/**
 * A bulk load into products and product_variants builds their secondary
 * indexes once at the end instead of row by row, as a dump restore or a large
 * import does: the listing, variant-filter and search indexes are dropped
 * (their definitions read back from the database, so they come back exactly
 * as the migrations made them) and re-created. Unique indexes stay: they
 * guard SKUs, slugs and sizes during the load.
 */
type Db = Kysely<Database>;

const TABLES = ['products', 'product_variants'];

interface SecondaryIndex {
  name: string;
  definition: string;
}

export async function dropSecondaryIndexes(db: Db, dialect: Dialect): Promise<SecondaryIndex[]> {
  const indexes = dialect === 'postgres' ? await postgresIndexes(db) : await sqliteIndexes(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  return indexes;
}

export async function createIndexes(db: Db, indexes: readonly SecondaryIndex[]): Promise<void> {
  for (const index of indexes) await sql.raw(index.definition).execute(db);
}

async function postgresIndexes(db: Db): Promise<SecondaryIndex[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    where t.relname in (${sql.join(TABLES)}) and t.relnamespace = current_schema()::regnamespace
      and not i.indisunique and not i.indisprimary
    order by c.relname`.execute(db);
  return rows;
}

async function sqliteIndexes(db: Db): Promise<SecondaryIndex[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select name, sql as definition from sqlite_master
    where type = 'index' and tbl_name in (${sql.join(TABLES)}) and sql is not null
      and lower(sql) not like 'create unique%'
    order by name`.execute(db);
  return rows;
}
