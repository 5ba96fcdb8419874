import type { Kysely } from 'kysely';
import { findListedCategories, type CategoryListItem } from '../catalog/catalog.repository.ts';
import type { Database } from '../db/schema.ts';
import { sanitizeRichText } from '../../src/lib/schemas/rich-text.ts';
import * as repo from './store.repository.ts';

type Db = Kysely<Database>;

/** `storeinfo` of POST /store-info: contact and meta fields plus SPEC §3's theme keys. */
export interface StoreInfo {
  store_name: string;
  logo: string;
  email: string;
  phone: string;
  address: string;
  meta_title: string;
  meta_description: string;
  fontFamily: string;
  backgroundColor: string;
  buttonBackgroundColor: string;
  topHeaderBackgroundColor: string;
  headerBackgroundColor: string;
  footerBackgroundColor: string;
  bottomFooterBackgroundColor: string;
  bannerType: string;
  categoryLayout: string;
}

export type HomeSection =
  | {
      id: number;
      section: 'hero';
      hero_type: 'slider' | 'image' | 'video';
      slider_files: string[];
      image_url: string;
      video_url: string;
      title: string;
      content: string;
    }
  | { id: number; section: 'secondary'; image_url: string; title: string; content: string };

/** The store's information and its categories; undefined while the store is not set up. */
export async function storeInfo(
  db: Db,
): Promise<{ storeinfo: StoreInfo; sub_category_list: CategoryListItem[] } | undefined> {
  const s = await repo.findStoreSettings(db);
  if (!s) return undefined;
  return {
    storeinfo: {
      store_name: s.store_name,
      logo: s.logo,
      email: s.email,
      phone: s.phone,
      address: s.address,
      meta_title: s.meta_title,
      meta_description: s.meta_description,
      fontFamily: s.font_family,
      backgroundColor: s.background_color,
      buttonBackgroundColor: s.button_background_color,
      topHeaderBackgroundColor: s.top_header_background_color,
      headerBackgroundColor: s.header_background_color,
      footerBackgroundColor: s.footer_background_color,
      bottomFooterBackgroundColor: s.bottom_footer_background_color,
      bannerType: s.banner_type,
      categoryLayout: s.category_layout,
    },
    sub_category_list: await findListedCategories(db),
  };
}

/** Home sections in position order, HTML content sanitised. */
export async function homeSections(db: Db): Promise<HomeSection[]> {
  const rows = await repo.findHomeSections(db);
  return rows.map((r): HomeSection => {
    const content = sanitizeRichText(r.content);
    if (r.section === 'secondary') {
      return { id: r.id, section: 'secondary', image_url: r.image_url, title: r.title, content };
    }
    return {
      id: r.id,
      section: 'hero',
      hero_type: r.hero_type ?? 'slider',
      slider_files: fileList(r.slider_files),
      image_url: r.image_url,
      video_url: r.video_url,
      title: r.title,
      content,
    };
  });
}

/** slider_files is stored as a JSON array or a comma-separated list; either way an array of URLs. */
export function fileList(stored: string): string[] {
  const text = stored.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        return parsed.filter((u): u is string => typeof u === 'string' && u.trim() !== '').map((u) => u.trim());
      }
    } catch {
      // not JSON after all: read it as a list
    }
  }
  return text
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
}
