import { sql, type Kysely } from 'kysely';
import type { Dialect } from './connect.ts';

/**
 * Refreshes the planner's statistics after a bulk load (the large catalogue):
 * without them SQLite may walk an ordered index over every product, and
 * PostgreSQL (autovacuum may be off) misjudges the listing filters.
 */
export async function analyzeDatabase(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  else await sql`analyze`.execute(db);
}
