import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findCategoryByName, insertCategory, insertSeller, isCategorySlugTaken, listSellers } from './catalog-write.repository.ts';

/**
 * Where an imported product goes (decision 066): its category, created with
 * its parent when the store has none of that name (category names are unique
 * in the store, so a name is found wherever it sits), and its seller, the one
 * whose name is the file's vendor, else the store's first retailer (created,
 * named after the store, when it has no seller at all). A run keeps what it
 * found in a cache, so a file of 10,000 products asks once per name.
 */
type Trx = Transaction<Database>;

/** The category an import puts a product in when its file names none. */
export const UNCATEGORISED = 'Other';

export interface PlaceCache {
  categories: Map<string, { id: number; parentId: number | null; name: string }>;
  sellers: Array<{ id: number; kind: 'retailer' | 'wholesaler'; name: string }> | undefined;
  storeName: string;
}

export function newPlaceCache(storeName: string): PlaceCache {
  return { categories: new Map(), sellers: undefined, storeName };
}

/** Lower-case words joined by dashes, for slugs. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

async function category(trx: Trx, name: string, parentId: number | null, cache: PlaceCache, now: string, created: string[]) {
  const key = name.toLowerCase();
  const known = cache.categories.get(key) ?? (await findCategoryByName(trx, name));
  if (known) {
    const found = 'parentId' in known ? known : { id: Number(known.id), parentId: known.parent_id === null ? null : Number(known.parent_id), name: known.name };
    cache.categories.set(key, found);
    return found;
  }
  const base = slugify(name) || 'category';
  let slug = base;
  for (let n = 2; await isCategorySlugTaken(trx, slug); n += 1) slug = `${base}-${n}`;
  const id = await insertCategory(trx, { name, slug, parent_id: parentId, now });
  created.push(`category ${name}`);
  const made = { id, parentId, name };
  cache.categories.set(key, made);
  return made;
}

/** The product's category (the path's last name) and its parent (the one before it), created when missing. */
export async function resolveCategory(trx: Trx, path: readonly string[], cache: PlaceCache, now: string, created: string[]) {
  const names = path.map((p) => p.trim()).filter(Boolean);
  const leafName = names.at(-1) ?? UNCATEGORISED;
  const parentName = names.length > 1 ? names.at(-2)! : null;
  const parent = parentName && parentName.toLowerCase() !== leafName.toLowerCase() ? await category(trx, parentName, null, cache, now, created) : null;
  const leaf = await category(trx, leafName, parent?.id ?? null, cache, now, created);
  return { id: leaf.id, parentId: leaf.parentId, name: leaf.name };
}

export async function resolveSeller(trx: Trx, vendor: string | null, cache: PlaceCache, now: string, created: string[]) {
  cache.sellers ??= (await listSellers(trx)).map((s) => ({ id: Number(s.id), kind: s.kind, name: s.name }));
  const wanted = vendor?.trim().toLowerCase();
  const named = wanted ? cache.sellers.find((s) => s.name.trim().toLowerCase() === wanted) : undefined;
  if (named) return named;
  const first = cache.sellers.find((s) => s.kind === 'retailer') ?? cache.sellers[0];
  if (first) return first;
  const store = { id: await insertSeller(trx, { kind: 'retailer', name: cache.storeName, now }), kind: 'retailer' as const, name: cache.storeName };
  created.push(`seller ${cache.storeName}`);
  cache.sellers.push(store);
  return store;
}
