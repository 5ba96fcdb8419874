import type { Transaction } from 'kysely';
import { sanitizeRichText } from '../../src/lib/schemas/rich-text.ts';
import type { Database } from '../db/schema.ts';
import { listingColumns } from './product-columns.ts';
import { sizeKey } from './size-keys.ts';
import {
  clearVariantSizeKeys,
  deleteVariants,
  findProductById,
  findProductsBySlugOrSku,
  findVariantSkuOwners,
  findVariants,
  insertProduct,
  insertVariants,
  isProductSkuTaken,
  updateProduct,
  updateVariant,
  type ProductRow,
  type VariantRow,
} from './catalog-write.repository.ts';
import { resolveCategory, resolveSeller, type PlaceCache } from './catalog-places.ts';

/**
 * The one way a store's catalogue changes (decision 066): the import, and
 * later the back office, upsert a product here, inside the caller's
 * transaction. A product is found by its handle (our slug), then by its SKU
 * or one of its variants' SKUs; a variant by its SKU, then by its size. What
 * did not change is not written, so importing the same file twice changes
 * nothing, and a changed price or stock rewrites that variant only.
 */
type Trx = Transaction<Database>;

export interface CatalogVariantInput {
  sku: string | null;
  /** The size (the storefront's one variation); null for a product sold without one. */
  label: string | null;
  /** Paise. */
  price: number;
  /** MRP, paise, when above the price. */
  mrp: number | null;
  /** Null: not given (a new variant starts at 0, an existing one keeps its stock). */
  stock: number | null;
}

export interface CatalogProductInput {
  handle: string;
  sku: string | null;
  title: string;
  /** HTML, sanitised here. */
  description: string;
  vendor: string | null;
  /** Most general first; the last is the product's category, the one before it that category's parent. */
  category: string[];
  tags: string[];
  status: 'active' | 'draft' | 'archived';
  variants: CatalogVariantInput[];
  /** Stored media paths, the first the cover; null leaves the product's images as they are. */
  images: string[] | null;
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

export interface UpsertResult {
  outcome: UpsertOutcome;
  productId: number;
  /** Categories and sellers this product made the store create. */
  created: string[];
}

/** A product the catalogue cannot take as given: the caller reports it and writes nothing of it. */
export class CatalogWriteError extends Error {}

/** The catalogue's own messages for what it refuses. */
export const CATALOG_WRITE_MESSAGES = {
  noVariants: 'A product needs at least one variant',
  skuTaken: (sku: string) => `SKU ${sku} belongs to another product`,
  sameSize: (label: string) => `Two variants are both "${label}"`,
  negative: 'Prices and stock cannot be negative',
} as const;

export async function upsertProduct(trx: Trx, input: CatalogProductInput, places: PlaceCache, now: string): Promise<UpsertResult> {
  if (input.variants.length === 0) throw new CatalogWriteError(CATALOG_WRITE_MESSAGES.noVariants);
  const owners = await findVariantSkuOwners(trx, input.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
  const existing = await findExisting(trx, input, owners);
  checkVariantSkus(input, owners, existing ? Number(existing.id) : null);
  const old = existing ? await findVariants(trx, Number(existing.id)) : [];
  // Everything that can refuse the product runs before anything is written.
  const variants = plannedVariants(input, old);
  const created: string[] = [];
  const category = await resolveCategory(trx, input.category, places, now, created);
  const seller = await resolveSeller(trx, input.vendor, places, now, created);
  const description = sanitizeRichText(input.description);
  const tags = input.tags.join(', ');
  const images = input.images ?? (existing ? existingImages(existing) : []);
  const fields = {
    name: input.title,
    slug: input.handle,
    description,
    tags,
    category_id: category.parentId,
    sub_category_id: category.id,
    retailer_id: seller.kind === 'retailer' ? seller.id : null,
    wholesaler_id: seller.kind === 'wholesaler' ? seller.id : null,
    status: input.status,
    cover_image: images[0] ?? '',
    product_images: images.join(','),
    ...listingColumns({ name: input.title, tags, category_name: category.name, description }, variants),
  };
  if (!existing) {
    const productId = await insertProduct(trx, { ...fields, sku: await newProductSku(trx, input), created_at: now, updated_at: now });
    await insertVariants(trx, variants.map((v, position) => variantRow(productId, v, position)));
    return { outcome: 'created', productId, created };
  }
  const productId = Number(existing.id);
  const variantsChanged = await writeVariants(trx, productId, old, variants);
  const productChanges = changedFields(existing, fields);
  if (Object.keys(productChanges).length) await updateProduct(trx, productId, { ...productChanges, updated_at: now });
  const changed = variantsChanged || Object.keys(productChanges).length > 0;
  return { outcome: changed ? 'updated' : 'unchanged', productId, created };
}

/** By handle, then by the product's own SKU, then by the first of its variants' SKUs a product has. */
async function findExisting(trx: Trx, input: CatalogProductInput, owners: ReadonlyMap<string, number>): Promise<ProductRow | undefined> {
  const candidates = await findProductsBySlugOrSku(trx, input.handle, input.sku);
  const found = candidates.find((p) => p.slug === input.handle) ?? candidates[0];
  if (found) return found;
  const owner = input.variants.map((v) => (v.sku ? owners.get(v.sku) : undefined)).find((id) => id !== undefined);
  return owner === undefined ? undefined : findProductById(trx, owner);
}

function checkVariantSkus(input: CatalogProductInput, owners: ReadonlyMap<string, number>, productId: number | null): void {
  for (const variant of input.variants) {
    const owner = variant.sku ? owners.get(variant.sku) : undefined;
    if (owner !== undefined && owner !== productId) throw new CatalogWriteError(CATALOG_WRITE_MESSAGES.skuTaken(variant.sku!));
  }
}

/** The product's own SKU: the file's, else its handle (unique as slugs are), made unique if another product has it. */
async function newProductSku(trx: Trx, input: CatalogProductInput): Promise<string> {
  const base = input.sku ?? input.handle;
  let sku = base;
  for (let n = 2; await isProductSkuTaken(trx, sku); n += 1) sku = `${base}-${n}`;
  return sku;
}

interface PlannedVariant {
  /** The row it rewrites; undefined for a new variant. */
  id: number | undefined;
  sku: string | null;
  product_variation: string | null;
  old_price: number;
  price: number;
  final_price: number;
  stock: number;
}

/** The variants as they will be, each matched to the row it rewrites: by SKU, then by size. */
function plannedVariants(input: CatalogProductInput, old: readonly VariantRow[]): PlannedVariant[] {
  const seen = new Set<string>();
  const taken = new Set<number>();
  return input.variants.map((v) => {
    const key = sizeKey(v.label) ?? '';
    if (seen.has(key)) throw new CatalogWriteError(CATALOG_WRITE_MESSAGES.sameSize(v.label ?? 'no size'));
    seen.add(key);
    if (v.price < 0 || (v.mrp ?? 0) < 0 || (v.stock ?? 0) < 0) throw new CatalogWriteError(CATALOG_WRITE_MESSAGES.negative);
    const match =
      (v.sku ? old.find((o) => o.sku === v.sku && !taken.has(Number(o.id))) : undefined) ??
      old.find((o) => (o.size_key ?? '') === key && !taken.has(Number(o.id)) && (!o.sku || !v.sku || o.sku === v.sku));
    if (match) taken.add(Number(match.id));
    return {
      id: match ? Number(match.id) : undefined,
      sku: v.sku,
      product_variation: v.label,
      old_price: Math.max(v.mrp ?? v.price, v.price),
      price: v.price,
      final_price: v.price,
      stock: v.stock ?? (match ? Number(match.stock) : 0),
    };
  });
}

function variantRow(productId: number, v: PlannedVariant, position: number) {
  return {
    product_id: productId,
    sku: v.sku,
    product_variation: v.product_variation,
    size_key: sizeKey(v.product_variation),
    old_price: v.old_price,
    price: v.price,
    final_price: v.final_price,
    stock: v.stock,
    position,
  };
}

/** Deletes the variants the product no longer has, rewrites the ones that changed, adds the new; true when anything was written. */
async function writeVariants(trx: Trx, productId: number, old: readonly VariantRow[], planned: readonly PlannedVariant[]): Promise<boolean> {
  const kept = new Set(planned.map((v) => v.id).filter((id): id is number => id !== undefined));
  const gone = old.filter((o) => !kept.has(Number(o.id))).map((o) => Number(o.id));
  await deleteVariants(trx, gone);
  const rows = planned.map((v, position) => ({ v, row: variantRow(productId, v, position) }));
  const changes = rows
    .filter(({ v }) => v.id !== undefined)
    .map(({ v, row }) => ({ id: v.id!, row, changes: changedFields(old.find((o) => Number(o.id) === v.id)!, row) }))
    .filter((c) => Object.keys(c.changes).length > 0);
  // Sizes that move between rows are freed first (which clears their labels too): (product, size) stays unique at every statement.
  const moving = changes.filter((c) => 'size_key' in c.changes);
  await clearVariantSizeKeys(trx, moving.map((c) => c.id));
  for (const { id, row, changes: set } of changes) {
    await updateVariant(trx, id, 'size_key' in set ? { ...set, size_key: row.size_key, product_variation: row.product_variation } : set);
  }
  const added = rows.filter(({ v }) => v.id === undefined).map(({ row }) => row);
  await insertVariants(trx, added);
  return gone.length > 0 || changes.length > 0 || added.length > 0;
}

function existingImages(product: ProductRow): string[] {
  return product.product_images ? product.product_images.split(',').filter(Boolean) : product.cover_image ? [product.cover_image] : [];
}

/** The fields of `wanted` whose value differs from the row's (numbers, text and bytes compared by value). */
function changedFields<T extends object>(row: object, wanted: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (!sameValue((row as Record<string, unknown>)[key], value)) (changes as Record<string, unknown>)[key] = value;
  }
  return changes;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
  if (typeof b === 'number' && a !== null && a !== undefined) return Number(a) === b;
  return (a ?? null) === (b ?? null);
}
