import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_RETURN_WINDOW_DAYS } from '../../src/lib/constants.ts';
import type { Database } from '../db/schema.ts';

/** Store settings and home sections: all SQL of the store feature. */
type Db = Kysely<Database>;

export async function findStoreSettings(db: Db) {
  return db.selectFrom('store_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Days after delivery a line may be returned (a store setting). */
export async function findReturnWindowDays(db: Db | Transaction<Database>): Promise<number> {
  const row = await db.selectFrom('store_settings').select('return_window_days').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.return_window_days) : DEFAULT_RETURN_WINDOW_DAYS;
}

export async function findHomeSections(db: Db) {
  return db
    .selectFrom('home_sections')
    .select(['id', 'section', 'hero_type', 'slider_files', 'image_url', 'video_url', 'title', 'content'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}
