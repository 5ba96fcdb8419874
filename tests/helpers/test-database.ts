import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createPostgresSchema, dropPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';

export interface TestDatabase extends StoreDatabase {
  /** A DATABASE_URL another process can open the same database with (the orders command, a server). */
  url: string;
}

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default
 * (a file when `shared`, so another process can open it too), or a new schema
 * on TEST_DATABASE_URL when the PostgreSQL project runs.
 */
export async function createTestDatabase(options: { shared?: boolean } = {}): Promise<TestDatabase> {
  if (process.env.TEST_DIALECT === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL API tests');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await createPostgresSchema(base, schema);
    const store = connect({ url: base, schema, poolSize: 12 });
    await migrateToLatest(store.db, schema);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return {
      ...store,
      url: url.href,
      close: async () => {
        await store.close();
        await dropPostgresSchema(base, schema);
      },
    };
  }
  const dir = options.shared ? mkdtempSync(join(tmpdir(), 'store-db-')) : undefined;
  const url = dir ? join(dir, 'store.db') : ':memory:';
  const store = connect({ url });
  await migrateToLatest(store.db);
  return {
    ...store,
    url,
    close: async () => {
      await store.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
