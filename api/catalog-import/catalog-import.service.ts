import type { Kysely } from 'kysely';
import { CatalogWriteError, upsertProduct, type CatalogProductInput, type UpsertOutcome } from '../catalog/catalog-write.service.ts';
import { archiveProductsNotIn } from '../catalog/catalog-write.repository.ts';
import { newPlaceCache, type PlaceCache } from '../catalog/catalog-places.ts';
import type { Database } from '../db/schema.ts';
import { findStoreName } from '../db/seed/seed.repository.ts';
import { readCatalogCsv } from './catalog-csv.reader.ts';
import type { ImportProduct, ImportRowError, ImportSkip } from './import-model.ts';

/**
 * A catalogue file into the store (decision 066): read as a stream, products
 * upserted through the catalogue write service in batches of one
 * transaction each, so memory does not grow with the file and a run stopped
 * halfway and started again finishes the job without doubles (products are
 * found by handle). A product the catalogue refuses is reported with its line
 * and leaves nothing behind; the others go in. Images are fetched and stored
 * before a batch's transaction, never inside it. A dry run does all of it in
 * one transaction that is rolled back, so its report is what a real run
 * would do, and nothing is written.
 */
type Db = Kysely<Database>;

/** Turns a product's images into stored media paths; problems are reported, the product goes in without those images. */
export type ImageStore = (product: ImportProduct) => Promise<{ paths: string[]; problems: ImageProblem[] }>;

export interface ImageProblem {
  line: number;
  handle: string;
  src: string;
  reason: string;
}

export interface ImportOptions {
  dryRun?: boolean;
  /** Every imported product's status, whatever the file says (`--status draft` to review before publishing). */
  status?: 'draft' | 'active';
  /** Archive the store's products the file does not name. */
  archiveMissing?: boolean;
  /** Null: the products' images are left as they are. */
  images?: ImageStore | null;
  batchSize?: number;
  /** Called after each batch with the products done so far. */
  onProgress?: (done: number) => void;
}

export interface ImportReport {
  dryRun: boolean;
  products: number;
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  errors: ImportRowError[];
  skipped: ImportSkip[];
  /** Categories and sellers the import created. */
  createdPlaces: string[];
  imageProblems: ImageProblem[];
  /** Products given a stock of 0 because the file left it empty. */
  stockNotGiven: number;
}

export const DEFAULT_IMPORT_BATCH = 200;

class DryRunRollback extends Error {}

export async function importCatalog(db: Db, input: NodeJS.ReadableStream | AsyncIterable<Buffer | string>, options: ImportOptions = {}): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun: options.dryRun ?? false,
    products: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    archived: 0,
    errors: [],
    skipped: [],
    createdPlaces: [],
    imageProblems: [],
    stockNotGiven: 0,
  };
  const storeName = (await findStoreName(db)) ?? 'Store';
  const handles = new Set<string>();
  const run = async (write: (batch: ImportProduct[]) => Promise<void>) => {
    let batch: ImportProduct[] = [];
    for await (const item of readCatalogCsv(input)) {
      if (item.kind === 'error') report.errors.push(item.error);
      else if (item.kind === 'skipped') report.skipped.push(item.skip);
      else {
        batch.push(item.product);
        handles.add(item.product.handle);
        if (batch.length >= (options.batchSize ?? DEFAULT_IMPORT_BATCH)) {
          await write(batch);
          batch = [];
        }
      }
    }
    if (batch.length) await write(batch);
  };

  if (report.dryRun) {
    // One transaction for the whole file, rolled back: later products see what earlier ones would have made.
    await db
      .transaction()
      .execute(async (trx) => {
        const places = newPlaceCache(storeName);
        await run(async (batch) => {
          for (const product of batch) await writeOne(trx, product, null, places, report, options);
          options.onProgress?.(report.products);
        });
        if (options.archiveMissing) report.archived = await archiveProductsNotIn(trx, handles, new Date().toISOString());
        throw new DryRunRollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof DryRunRollback)) throw error;
      });
    return report;
  }

  let places = newPlaceCache(storeName);
  await run(async (batch) => {
    const images = new Map<ImportProduct, string[] | null>();
    for (const product of batch) images.set(product, options.images ? await storeImages(options.images, product, report) : null);
    try {
      await db.transaction().execute(async (trx) => {
        const counted = { ...report, errors: [...report.errors], createdPlaces: [...report.createdPlaces] };
        for (const product of batch) await writeOne(trx, product, images.get(product)!, places, counted, options);
        Object.assign(report, counted);
      });
    } catch {
      // A batch that failed as a whole (a database refusal) is written product by product, so only the bad one stays out.
      places = newPlaceCache(storeName);
      for (const product of batch) {
        try {
          await db.transaction().execute((trx) => writeOne(trx, product, images.get(product)!, places, report, options));
        } catch (error) {
          places = newPlaceCache(storeName);
          report.errors.push({ line: product.line, column: null, handle: product.handle, message: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    options.onProgress?.(report.products);
  });
  if (options.archiveMissing) report.archived = await db.transaction().execute((trx) => archiveProductsNotIn(trx, handles, new Date().toISOString()));
  return report;
}

async function storeImages(store: ImageStore, product: ImportProduct, report: ImportReport): Promise<string[] | null> {
  if (product.images.length === 0) return null;
  const { paths, problems } = await store(product);
  report.imageProblems.push(...problems);
  // None could be had: the product keeps the images it has.
  return paths.length ? paths : null;
}

async function writeOne(
  trx: Parameters<typeof upsertProduct>[0],
  product: ImportProduct,
  images: string[] | null,
  places: PlaceCache,
  report: ImportReport,
  options: ImportOptions,
): Promise<void> {
  report.products += 1;
  if (product.variants.some((v) => v.stock === null)) report.stockNotGiven += 1;
  let outcome: UpsertOutcome;
  try {
    const result = await upsertProduct(trx, toCatalogInput(product, images, options), places, new Date().toISOString());
    outcome = result.outcome;
    report.createdPlaces.push(...result.created);
  } catch (error) {
    if (!(error instanceof CatalogWriteError)) throw error;
    report.errors.push({ line: product.line, column: null, handle: product.handle, message: error.message });
    return;
  }
  report[outcome] += 1;
}

function toCatalogInput(product: ImportProduct, images: string[] | null, options: ImportOptions): CatalogProductInput {
  return {
    handle: product.handle,
    sku: product.sku,
    title: product.title,
    description: product.description,
    vendor: product.vendor,
    category: product.category,
    tags: product.tags,
    status: options.status ?? product.status,
    variants: product.variants.map((v) => ({ sku: v.sku, label: v.label, price: v.price, mrp: v.mrp, stock: v.stock })),
    images,
  };
}
