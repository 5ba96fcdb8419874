import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as wholeProduct from './migrations/2026-11-21-001-whole-product.ts';
import * as accountMail from './migrations/2026-11-24-001-account-mail.ts';
import * as orders from './migrations/2026-11-24-002-orders.ts';
import * as payments from './migrations/2026-11-24-003-payments.ts';
import * as catalogueVersion from './migrations/2026-11-24-016-catalogue-version.ts';
import * as catalogueVersionAtCommit from './migrations/2026-11-24-017-catalogue-version-at-commit.ts';
import * as listingSizePrices from './migrations/2026-11-24-018-listing-size-prices.ts';
import * as sizePricesBytes from './migrations/2026-11-24-019-size-prices-bytes.ts';
import * as listingCountIndexes from './migrations/2026-11-24-020-listing-count-indexes.ts';
import * as categoriesParentIndex from './migrations/2026-11-25-021-categories-parent-index.ts';
import * as refundsAndReturns from './migrations/2026-11-29-022-refunds-and-returns.ts';
import * as catalogueImport from './migrations/2026-11-29-023-catalogue-import.ts';

// Listed statically (not read from disk) so bundling and type stripping both work.
const migrations: Record<string, Migration> = {
  '2026-11-21-001-whole-product': wholeProduct,
  '2026-11-24-001-account-mail': accountMail,
  '2026-11-24-002-orders': orders,
  '2026-11-24-003-payments': payments,
  '2026-11-24-016-catalogue-version': catalogueVersion,
  '2026-11-24-017-catalogue-version-at-commit': catalogueVersionAtCommit,
  '2026-11-24-018-listing-size-prices': listingSizePrices,
  '2026-11-24-019-size-prices-bytes': sizePricesBytes,
  '2026-11-24-020-listing-count-indexes': listingCountIndexes,
  '2026-11-25-021-categories-parent-index': categoriesParentIndex,
  '2026-11-29-022-refunds-and-returns': refundsAndReturns,
  '2026-11-29-023-catalogue-import': catalogueImport,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * The PostgreSQL schema the migration tables belong in: the one given, else the
 * connection's current schema. Named always, because the migrator looks for its
 * tables by name in every schema: another schema's copy (a benchmark's, a
 * parallel test run's) would otherwise pass for this one's.
 */
async function migrationSchema(db: Kysely<any>, schema?: string): Promise<string | undefined> {
  if (schema || !(db.getExecutor().adapter instanceof PostgresAdapter)) return schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

async function migratorFor(db: Kysely<any>, schema?: string): Promise<Migrator> {
  const tableSchema = await migrationSchema(db, schema);
  return new Migrator({ db, provider, ...(tableSchema ? { migrationTableSchema: tableSchema } : {}) });
}

/** `schema`: the PostgreSQL schema the migration tables belong in, when not the connection's current one. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = await migratorFor(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** How many migrations have not run yet (the catalogue benchmark refreshes statistics after them). */
export async function pendingMigrations(db: Kysely<any>, schema?: string): Promise<number> {
  const migrator = await migratorFor(db, schema);
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).length;
}
