import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findListedCategories } from '../../api/catalog/catalog.repository.ts';
import { CATEGORIES_PARENT_INDEX } from '../../api/db/migrations/2026-11-25-021-categories-parent-index.ts';
import { seedDemoStore } from '../../api/db/seed/demo-store.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/** Migration 021: a category's children are found through an index, not by reading every category. */
describe('categories parent index', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await createTestDatabase();
    await seedDemoStore(store.db);
  });
  afterAll(() => store.close());

  it('indexes parent_id, and the test for children of a category reads it', async () => {
    if (store.dialect === 'postgres') {
      const { rows } = await sql<{ def: string }>`select indexdef as def from pg_indexes
        where schemaname = current_schema() and indexname = ${CATEGORIES_PARENT_INDEX}`.execute(store.db);
      expect(rows.map((r) => r.def)).toEqual([expect.stringMatching(/ON \S*categories USING btree \(parent_id\)/)]);
      return;
    }
    const { rows } = await sql<{ detail: string }>`explain query plan
      select c.id from categories as c where not exists (select child.id from categories as child where child.parent_id = c.id)`.execute(store.db);
    expect(rows.map((r) => r.detail)).toContainEqual(expect.stringContaining(`USING COVERING INDEX ${CATEGORIES_PARENT_INDEX}`));
  });

  it('still lists exactly the categories without children', async () => {
    const { rows } = await sql<{ id: number }>`select id from categories as c
      where (select count(*) from categories as child where child.parent_id = c.id) = 0 order by position, id`.execute(store.db);
    const listed = await findListedCategories(store.db);
    expect(listed.map((c) => Number(c.id))).toEqual(rows.map((r) => Number(r.id)));
    expect(listed.length).toBeGreaterThan(0);
  });
});
