import { randomBytes } from 'node:crypto';
import { connect, createPostgresSchema, dropPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default,
 * or a new schema on TEST_DATABASE_URL when the PostgreSQL project runs.
 */
export async function createTestDatabase(): Promise<StoreDatabase> {
  if (process.env.TEST_DIALECT === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL API tests');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await createPostgresSchema(url, schema);
    const store = connect({ url, schema, poolSize: 12 });
    await migrateToLatest(store.db, schema);
    return {
      ...store,
      close: async () => {
        await store.close();
        await dropPostgresSchema(url, schema);
      },
    };
  }
  const store = connect({ url: ':memory:' });
  await migrateToLatest(store.db);
  return store;
}
