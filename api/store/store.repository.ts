import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Store settings and home sections: all SQL of the store feature. */
type Db = Kysely<Database>;

export async function findStoreSettings(db: Db) {
  return db.selectFrom('store_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function findHomeSections(db: Db) {
  return db
    .selectFrom('home_sections')
    .select(['id', 'section', 'hero_type', 'slider_files', 'image_url', 'video_url', 'title', 'content'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}
