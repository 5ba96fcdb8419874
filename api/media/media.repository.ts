import type { Kysely } from 'kysely';
import type { Database, MediaTable } from '../db/schema.ts';

/**
 * Stored media (`media`, migration 023): every process behind a load balancer
 * serves what any one of them stored (decision 066). Paths are
 * content-addressed, so a path never changes its bytes: writes never update.
 */
type Db = Kysely<Database>;

/** What answers a conditional request without reading the bytes. */
export type MediaHead = Omit<MediaTable, 'bytes' | 'created_at'>;
/** The bytes are a Uint8Array (node:sqlite) or a Buffer (pg): both are Uint8Array. */
type MediaFile = MediaHead & { bytes: Uint8Array };

/**
 * Where media are kept and read from. The database today; an S3-compatible
 * bucket can implement the same three calls later, without the pipeline or
 * the server changing.
 */
export interface MediaStore {
  /** Keeps the files all or none; a path already stored stays as it is. Answers how many were new. */
  put(files: readonly MediaFile[], now: string): Promise<number>;
  head(path: string): Promise<MediaHead | undefined>;
  get(path: string): Promise<MediaFile | undefined>;
}

export function databaseMediaStore(db: Db): MediaStore {
  return {
    put: (files, now) =>
      // One transaction: a main image is never stored without the width variants its srcset names.
      db.transaction().execute(async (trx) => {
        let stored = 0;
        for (const file of files) if (await saveMedia(trx, { ...file, created_at: now })) stored++;
        return stored;
      }),
    head: (path) => findMediaHead(db, path),
    get: (path) => findMedia(db, path),
  };
}

/**
 * Inserts one file; a path already stored is left alone (same input, same
 * path; a re-encode by another version of sharp is as good as the first).
 * Answers whether the row is new.
 */
export async function saveMedia(db: Db, row: MediaTable): Promise<boolean> {
  const result = await db
    .insertInto('media')
    .values(row)
    .onConflict((oc) => oc.column('path').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function findMedia(db: Db, path: string): Promise<MediaFile | undefined> {
  return db.selectFrom('media').select(['path', 'content_type', 'size', 'etag', 'bytes']).where('path', '=', path).executeTakeFirst();
}

/** Without the bytes: enough for a 304, and cheap for a large file. */
export async function findMediaHead(db: Db, path: string): Promise<MediaHead | undefined> {
  return db.selectFrom('media').select(['path', 'content_type', 'size', 'etag']).where('path', '=', path).executeTakeFirst();
}

/** Removes the given paths (media no product names any more); answers how many went. */
export async function deleteMedia(db: Db, paths: readonly string[]): Promise<number> {
  if (paths.length === 0) return 0;
  const result = await db.deleteFrom('media').where('path', 'in', paths).executeTakeFirst();
  return Number(result.numDeletedRows);
}
