import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The catalogue version (decision 023): bumped by triggers on every change to
 * what catalogue pages show, so a page cached under another version is out
 * of date. Read fresh each time: another process may have written.
 */
export async function readCatalogueVersion(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('catalogue_version').select('version').where('id', '=', 1).executeTakeFirst();
  return String(row?.version ?? 0);
}
