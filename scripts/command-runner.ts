import type { StoreDatabase } from '../api/db/connect.ts';
import { migrateToLatest } from '../api/db/migrate.ts';

/**
 * How the store's commands (orders, catalog, store) run on DATABASE_URL's
 * database: migrations first, then the command; its answer is the exit code
 * ('usage' prints the usage and exits 2), a thrown error is printed as its
 * message alone and exits 1, and the database is closed either way.
 */
export async function runCommand(store: StoreDatabase, usage: string, command: () => Promise<number | 'usage'>): Promise<never> {
  let exitCode: number;
  try {
    await migrateToLatest(store.db);
    const answer = await command();
    if (answer === 'usage') console.error(usage);
    exitCode = answer === 'usage' ? 2 : answer;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    exitCode = 1;
  } finally {
    await store.close();
  }
  process.exit(exitCode);
}
