import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as addCountIndexes } from '../../api/db/migrations/2026-11-24-020-listing-count-indexes.ts';
import { seedDemoStore } from '../../api/db/seed/demo-store.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const COUNT_INDEXES = ['products_count', 'products_count_category'];

/** Migration 020: the narrow indexes listing counts read (decision 040). */
describe('listing count indexes', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await createTestDatabase();
    await seedDemoStore(store.db);
  });
  afterAll(() => store.close());

  /** The migration again, on the seeded catalogue, as on a store that already had products when it landed. */
  async function migrateAgain(): Promise<void> {
    for (const name of COUNT_INDEXES) await sql`drop index ${sql.id(name)}`.execute(store.db);
    // Its step itself: the migrator runs no migration before the last one it ran (migration 021 came after).
    await addCountIndexes(store.db as Kysely<unknown>);
  }

  it('adds both indexes on the catalogue, and on SQLite keeps the planner statistics complete', async () => {
    if (store.dialect === 'postgres') {
      await migrateAgain();
      const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = current_schema() and indexname like 'products_count%' order by indexname`.execute(store.db);
      expect(rows.map((r) => r.name)).toEqual(COUNT_INDEXES);
      return;
    }
    // A SQLite store that keeps statistics gets them for the new indexes too.
    await sql`analyze`.execute(store.db);
    await sql`delete from sqlite_stat1 where idx like 'products_count%'`.execute(store.db);
    await migrateAgain();
    const { rows } = await sql<{ idx: string; stat: string }>`select idx, stat from sqlite_stat1
      where idx like 'products_count%' order by idx`.execute(store.db);
    expect(rows.map((r) => r.idx)).toEqual(COUNT_INDEXES);
    const { rows: counted } = await sql<{ n: number }>`select count(*) as n from products`.execute(store.db);
    for (const row of rows) expect(Number(row.stat.split(' ')[0])).toBe(Number(counted[0]!.n));
  });
});
