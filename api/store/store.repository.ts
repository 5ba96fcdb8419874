import type { Kysely, Transaction, Updateable } from 'kysely';
import { DEFAULT_RETURN_WINDOW_DAYS } from '../../src/lib/constants.ts';
import type { Database, StoreSettingsTable } from '../db/schema.ts';

/** Store settings and home sections: all SQL of the store feature. */
type Db = Kysely<Database>;

export async function findStoreSettings(db: Db) {
  return db.selectFrom('store_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export type StoreSettingsChanges = Partial<Pick<Updateable<StoreSettingsTable>, 'store_name' | 'email' | 'phone' | 'address' | 'meta_title' | 'meta_description' | 'return_window_days'>>;

/** Sets the store's settings: the row is made on the first call (which must name the store), changed after. */
export async function saveStoreSettings(db: Db, changes: StoreSettingsChanges, now: string): Promise<void> {
  if (await findStoreSettings(db)) {
    await db.updateTable('store_settings').set({ ...changes, updated_at: now }).where('id', '=', 1).execute();
    return;
  }
  if (!changes.store_name) throw new Error('A new store needs its name first: --name "Your Store"');
  await db.insertInto('store_settings').values({ ...changes, store_name: changes.store_name, id: 1, updated_at: now }).execute();
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
