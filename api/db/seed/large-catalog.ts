import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import type { Database } from '../schema.ts';
import { createIndexes, dropSecondaryIndexes } from './bulk-load.repository.ts';
import { DEMO_CATEGORIES, largeProduct } from './demo-catalog.ts';
import { toProductInput } from './product-input.ts';
import {
  countProducts,
  findMaxSku,
  insertProducts,
  listCategoriesBySlug,
  listSellers,
  type ProductInput,
} from './seed.repository.ts';

/**
 * Grows the catalogue to a requested size for the catalogue benchmark:
 * products spread round-robin over the 12 demo categories, prices spread
 * log-uniformly over each category's range, the demo variant mix (most sizes
 * present, some sold out, some low), demo image URLs reused. Each product is a
 * pure function of its serial number, so runs are reproducible. A load of
 * BULK_LOAD_MIN products or more that at least doubles the catalogue builds
 * the secondary indexes after the rows, as a large import does (decision 027).
 */

export interface LargeCatalogOptions {
  /** Total number of products the catalogue should hold afterwards. */
  products: number;
  dialect: Dialect;
  /** Products per transaction (default 10,000 on SQLite, 5,000 on PostgreSQL). */
  batchSize?: number;
  onProgress?: (progress: { inserted: number; toInsert: number; total: number }) => void;
}

export interface LargeCatalogResult {
  before: number;
  inserted: number;
  total: number;
}

export const LARGE_SKU_PREFIX = 'LG-';
const BULK_LOAD_MIN = 50_000;

export async function seedLargeCatalog(db: Kysely<Database>, options: LargeCatalogOptions): Promise<LargeCatalogResult> {
  if (!Number.isInteger(options.products) || options.products < 0) {
    throw new Error(`products must be a non-negative integer, got ${options.products}`);
  }
  const before = await countProducts(db);
  const toInsert = Math.max(0, options.products - before);
  if (toInsert === 0) return { before, inserted: 0, total: before };

  const categories = await listCategoriesBySlug(db);
  const targets = DEMO_CATEGORIES.map((c) => {
    const row = categories.get(c.slug);
    if (!row) throw new Error(`Category ${c.slug} is missing: seed the demo store first`);
    return { id: row.id, parentId: row.parent_id, name: row.name };
  });
  const sellers = await listSellers(db);
  if (!sellers.some((s) => s.kind === 'retailer') || !sellers.some((s) => s.kind === 'wholesaler')) {
    throw new Error('The large catalogue needs at least one retailer and one wholesaler: seed the demo store first');
  }

  // Continue after the highest serial already used, so a second run only appends.
  const maxSku = await findMaxSku(db, LARGE_SKU_PREFIX);
  const firstSerial = (maxSku ? Number.parseInt(maxSku.slice(LARGE_SKU_PREFIX.length), 10) : 0) + 1;
  const batchSize = options.batchSize ?? (options.dialect === 'sqlite' ? 10_000 : 5_000);

  const bulk = toInsert >= BULK_LOAD_MIN && toInsert >= before;
  const indexes = bulk ? await dropSecondaryIndexes(db, options.dialect) : [];
  let inserted: number;
  try {
    inserted = await insertBatches();
  } finally {
    await createIndexes(db, indexes);
  }
  return { before, inserted, total: before + inserted };

  async function insertBatches(): Promise<number> {
    let done = 0;
    while (done < toInsert) {
      const count = Math.min(batchSize, toInsert - done);
      const batch: ProductInput[] = [];
      for (let i = 0; i < count; i++) {
        const serial = firstSerial + done + i;
        const categoryIndex = serial % targets.length;
        const category = targets[categoryIndex]!;
        const p = largeProduct(serial, categoryIndex);
        batch.push(toProductInput(p, { category, seller: sellers[p.sellerIndex % sellers.length]! }));
      }
      await db.transaction().execute((trx) => insertProducts(trx, batch));
      done += count;
      options.onProgress?.({ inserted: done, toInsert, total: before + done });
    }
    return done;
  }
}
