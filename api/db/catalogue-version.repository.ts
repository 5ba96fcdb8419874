import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The catalogue version (decisions 023, 026): bumped by triggers on every
 * change to what catalogue pages show, so a page cached under another version
 * is out of date. The sum of its rows (PostgreSQL bumps one of several, SQLite
 * has one): one statement, so one snapshot, and every catalogue commit moves
 * it. Read fresh each time: another process may have written.
 */
export async function readCatalogueVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('catalogue_version')
    .select(sql<number | string | bigint | null>`sum(version)`.as('version'))
    .executeTakeFirst();
  return String(row?.version ?? 0);
}
