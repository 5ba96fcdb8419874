import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Fixed-window counters in `rate_limits`: all SQL of rate limiting. Several
 * processes share the database, so a hit is counted by one upsert statement
 * (atomic on both dialects) rather than a read followed by a write.
 */
type Db = Kysely<Database>;

export interface WindowCount {
  hits: number;
  windowEndsAt: string;
}

/**
 * Counts one hit in the bucket's current window and answers the new count.
 * A missing row or an ended window starts a new window with this hit as its first;
 * `now` and `newWindowEndsAt` are ISO strings (they compare as text, both written
 * by toISOString, so same length and format).
 */
export async function countHit(db: Db, bucket: string, now: string, newWindowEndsAt: string): Promise<WindowCount> {
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, hits: 1, window_ends_at: newWindowEndsAt })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet((eb) => {
        // Both CASEs read the row as it was before this statement.
        const ended = eb('rate_limits.window_ends_at', '<=', now);
        return {
          hits: eb.case().when(ended).then(eb.lit(1)).else(eb('rate_limits.hits', '+', eb.lit(1))).end(),
          window_ends_at: eb.case().when(ended).then(newWindowEndsAt).else(eb.ref('rate_limits.window_ends_at')).end(),
        };
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowEndsAt: row.window_ends_at };
}

/** The bucket's stored count, ended or not (undefined: never hit or reset). */
export async function findWindow(db: Db, bucket: string): Promise<WindowCount | undefined> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'window_ends_at'])
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  return row ? { hits: Number(row.hits), windowEndsAt: row.window_ends_at } : undefined;
}

/** Takes one hit back (a login that turned out right); never below zero. */
export async function uncountHit(db: Db, bucket: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('bucket', '=', bucket)
    .where('hits', '>', 0)
    .execute();
}

export async function deleteWindow(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}

/** Removes windows that ended before `now` (housekeeping; an ended row counts as zero anyway). */
export async function deleteEndedWindows(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
