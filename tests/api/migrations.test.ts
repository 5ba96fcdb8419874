import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createPostgresSchema, dropPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest, pendingMigrations } from '../../api/db/migrate.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * A server started with a DATABASE_URL (no schema of its own to pass) must
 * migrate the database it is connected to. On PostgreSQL the migrator finds
 * its tables by name in every schema, so another schema's migration tables
 * (a benchmark's kept schema, a parallel test run's) must not pass for this
 * one's: that made a server on a fresh schema fail with
 * 'relation "kysely_migration_lock" does not exist'.
 */
describe('migrations of a database named only by its URL', () => {
  // Another migrated database beside it (on PostgreSQL: another schema of the same database).
  let other: StoreDatabase;
  let store: StoreDatabase;
  let removeSchema: () => Promise<void> = async () => {};
  beforeAll(async () => {
    other = await createTestDatabase();
    const base = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DIALECT === 'postgres' && base) {
      const schema = `migrate_${randomBytes(5).toString('hex')}`;
      await createPostgresSchema(base, schema);
      removeSchema = () => dropPostgresSchema(base, schema);
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      store = connect({ url: url.href });
    } else {
      store = connect({ url: ':memory:' });
    }
  });
  afterAll(async () => {
    await store.close();
    await removeSchema();
    await other.close();
  });

  it('runs every migration into its own database, and a second run finds none pending', async () => {
    expect(await pendingMigrations(store.db)).toBeGreaterThan(0);
    await migrateToLatest(store.db);
    expect(await pendingMigrations(store.db)).toBe(0);
    await migrateToLatest(store.db);
    const products = await store.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(0);
  });
});
