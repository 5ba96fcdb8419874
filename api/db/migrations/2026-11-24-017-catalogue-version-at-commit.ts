import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { CATALOGUE_TABLES } from './2026-11-24-016-catalogue-version.ts';

/**
 * PostgreSQL: the catalogue version bumped once per transaction, at its commit,
 * in one of several rows (decision 026, superseding that part of 023). Same
 * tables, every writer still covered without knowing of the cache; what
 * changes is when and where the bump is written. Never edit this file after it
 * lands: add a new migration.
 *
 * - At the commit: a deferred constraint trigger, so a checkout no longer
 *   holds a version row from its first stock write; the bump is part of the
 *   commit, visible together with the data and never before, and a rolled-back
 *   transaction takes it away with the rest.
 * - Once per transaction: the trigger's WHEN (evaluated at the write, not
 *   deferred) queues the bump for the first catalogue row a transaction writes
 *   only.
 * - In one of SLOTS rows, by transaction id: concurrent transactions have
 *   consecutive ids, so their commits do not wait on one row. The version is
 *   the sum of the rows (api/db/catalogue-version.repository.ts): every
 *   catalogue commit adds exactly one to it.
 *
 * SQLite keeps 016's triggers (one bump per row written, in the transaction):
 * one writer at a time there, and no measurable cost (decision 026).
 */
type Db = Kysely<unknown>;

const SLOTS = 16;

/**
 * True for the transaction's first catalogue row only: a transaction-local
 * setting (SET LOCAL semantics: it ends, or is undone, with the transaction or
 * savepoint). CASE fixes the order: look, then set. Built-in functions only,
 * so a bulk import pays no function call per row.
 */
const FIRST_CATALOGUE_ROW_OF_TRANSACTION = sql.raw(`case when current_setting('catalogue_version.queued', true) = 'on' then false
  else set_config('catalogue_version.queued', 'on', true) = 'on' end`);

export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;

  await sql`alter table catalogue_version drop constraint catalogue_version_id_check`.execute(db);
  await sql`alter table catalogue_version add constraint catalogue_version_slot check (id between 1 and ${sql.lit(SLOTS)})`.execute(db);
  await sql`insert into catalogue_version (id, version) select slot, 0 from generate_series(2, ${sql.lit(SLOTS)}) as slot`.execute(db);

  await sql`create function bump_catalogue_version_at_commit() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1 where id = 1 + txid_current() % ${sql.lit(SLOTS)};
      return null;
    end $$`.execute(db);

  for (const table of CATALOGUE_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_bumps_catalogue_version`)} on ${sql.table(table)}`.execute(db);
    await sql`create constraint trigger ${sql.id(`${table}_bumps_catalogue_version_at_commit`)}
      after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred
      for each row when (${FIRST_CATALOGUE_ROW_OF_TRANSACTION})
      execute function bump_catalogue_version_at_commit()`.execute(db);
    // Constraint triggers cannot watch TRUNCATE: it bumps at once (it locks the whole table anyway).
    await sql`create trigger ${sql.id(`${table}_truncate_bumps_catalogue_version`)}
      after truncate on ${sql.table(table)}
      for each statement execute function bump_catalogue_version_at_commit()`.execute(db);
  }
  await sql`drop function bump_catalogue_version()`.execute(db);
}
