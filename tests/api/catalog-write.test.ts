import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlaceCache } from '../../api/catalog/catalog-places.ts';
import { CatalogWriteError, upsertProduct, type CatalogProductInput, type UpsertResult } from '../../api/catalog/catalog-write.service.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { readCatalogueVersion } from '../../api/db/catalogue-version.repository.ts';
import { insertSeller } from '../../api/db/seed/seed.repository.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * The catalogue write service (decision 066), on both databases: a product is
 * created with its category path and seller, found again by handle or SKU,
 * and rewritten only where it changed; what it refuses leaves nothing behind.
 */
describe('the catalogue write service', () => {
  let store: StoreDatabase;
  beforeAll(async () => {
    store = await createTestDatabase();
    await insertSeller(store.db, 'retailer', 'House of Loom');
    await insertSeller(store.db, 'wholesaler', 'Surat Textiles');
  });
  afterAll(() => store.close());

  let serial = 0;
  const kurta = (over: Partial<CatalogProductInput> = {}): CatalogProductInput => {
    serial += 1;
    return {
      handle: `linen-kurta-${serial}`,
      sku: null,
      title: 'Linen Kurta',
      description: '<p>Soft <strong>linen</strong>.</p><script>alert(1)</script>',
      vendor: 'surat textiles',
      category: ['Men', 'Kurtas'],
      tags: ['linen', 'summer'],
      status: 'active',
      variants: [
        { sku: `LK-${serial}-M`, label: 'M', price: 1299_00, mrp: 1599_00, stock: 4 },
        { sku: `LK-${serial}-L`, label: 'L', price: 1349_50, mrp: null, stock: 0 },
      ],
      images: ['/media/products/a.webp', '/media/products/b.webp'],
      ...over,
    };
  };
  const upsert = (input: CatalogProductInput): Promise<UpsertResult> =>
    store.db.transaction().execute((trx) => upsertProduct(trx, input, newPlaceCache('Kapda Bazaar'), new Date().toISOString()));
  const product = (id: number) => store.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const variants = (id: number) =>
    store.db.selectFrom('product_variants').select(['id', 'sku', 'product_variation', 'size_key', 'old_price', 'price', 'final_price', 'stock', 'position']).where('product_id', '=', id).orderBy('position').execute();

  it('creates a product with its variants, its category under its parent, the seller named by the vendor, and the description sanitised', async () => {
    const input = kurta();
    const result = await upsert(input);
    expect(result).toEqual({ outcome: 'created', productId: expect.any(Number), created: ['category Men', 'category Kurtas'] });
    const row = await product(result.productId);
    expect(row).toMatchObject({
      slug: input.handle,
      sku: input.handle,
      name: 'Linen Kurta',
      description: '<p>Soft <strong>linen</strong>.</p>',
      tags: 'linen, summer',
      status: 'active',
      cover_image: '/media/products/a.webp',
      product_images: '/media/products/a.webp,/media/products/b.webp',
      min_final_price: 1299_00,
      max_final_price: 1349_50,
      old_price: 1599_00,
      total_stock: 4,
      size_keys: '|m|l|',
      in_stock_size_keys: '|m|',
    });
    const [men, kurtas] = await Promise.all(['Men', 'Kurtas'].map((name) => store.db.selectFrom('categories').selectAll().where('name', '=', name).executeTakeFirstOrThrow()));
    expect(kurtas!.parent_id).toBe(men!.id);
    expect(row.sub_category_id).toBe(kurtas!.id);
    expect(row.category_id).toBe(men!.id);
    const seller = await store.db.selectFrom('sellers').select('id').where('name', '=', 'Surat Textiles').executeTakeFirstOrThrow();
    expect(row.wholesaler_id).toBe(seller.id);
    expect(row.retailer_id).toBeNull();
    expect(await variants(result.productId)).toEqual([
      { id: expect.any(Number), sku: input.variants[0]!.sku, product_variation: 'M', size_key: 'm', old_price: 1599_00, price: 1299_00, final_price: 1299_00, stock: 4, position: 0 },
      { id: expect.any(Number), sku: input.variants[1]!.sku, product_variation: 'L', size_key: 'l', old_price: 1349_50, price: 1349_50, final_price: 1349_50, stock: 0, position: 1 },
    ]);
  });

  it('the same product again changes nothing: no write, the catalogue version unmoved', async () => {
    const input = kurta();
    const { productId } = await upsert(input);
    const before = { version: await readCatalogueVersion(store.db), row: await product(productId), variants: await variants(productId) };
    expect(await upsert(input)).toEqual({ outcome: 'unchanged', productId, created: [] });
    expect(await readCatalogueVersion(store.db)).toBe(before.version);
    expect(await product(productId)).toEqual(before.row);
    expect(await variants(productId)).toEqual(before.variants);
  });

  it('a changed price rewrites that variant only; a stock left out keeps the variant’s stock', async () => {
    const input = kurta();
    const { productId } = await upsert(input);
    const [m, l] = await variants(productId);
    const changed = { ...input, variants: [{ ...input.variants[0]!, stock: null }, { ...input.variants[1]!, price: 1199_00 }] };
    expect((await upsert(changed)).outcome).toBe('updated');
    const [m2, l2] = await variants(productId);
    expect(m2).toEqual(m);
    expect(l2).toEqual({ ...l, old_price: 1199_00, price: 1199_00, final_price: 1199_00 });
    expect(await product(productId)).toMatchObject({ min_final_price: 1199_00, max_final_price: 1299_00 });
  });

  it('finds the product by a variant’s SKU when its handle changed, and drops the variants the input no longer has', async () => {
    const input = kurta();
    const { productId } = await upsert(input);
    const renamed = { ...input, handle: `${input.handle}-new`, variants: [{ ...input.variants[0]!, label: 'Medium' }] };
    expect(await upsert(renamed)).toMatchObject({ outcome: 'updated', productId });
    expect(await product(productId)).toMatchObject({ slug: renamed.handle });
    expect(await variants(productId)).toEqual([expect.objectContaining({ sku: input.variants[0]!.sku, product_variation: 'Medium', size_key: 'medium', stock: 4 })]);
  });

  it('sizes that swap between SKUs are rewritten without breaking the one-size-per-product rule', async () => {
    const input = kurta();
    const { productId } = await upsert(input);
    const swapped = { ...input, variants: [{ ...input.variants[0]!, label: 'L' }, { ...input.variants[1]!, label: 'M' }] };
    expect((await upsert(swapped)).outcome).toBe('updated');
    expect((await variants(productId)).map((v) => [v.sku, v.product_variation])).toEqual([
      [input.variants[0]!.sku, 'L'],
      [input.variants[1]!.sku, 'M'],
    ]);
  });

  it('refuses a variant SKU another product has, two variants of one size and a negative stock, writing nothing', async () => {
    const first = kurta();
    const second = kurta();
    await upsert(first);
    await upsert(second);
    const version = await readCatalogueVersion(store.db);
    const categories = await store.db.selectFrom('categories').select('id').execute();
    const refusals: Array<[CatalogProductInput, string]> = [
      // The second product by its handle, given a variant SKU the first product has.
      [{ ...second, category: ['Brand New Category'], variants: [{ sku: first.variants[0]!.sku, label: 'S', price: 100_00, mrp: null, stock: 1 }] }, `SKU ${first.variants[0]!.sku} belongs to another product`],
      [kurta({ category: ['Brand New Category'], variants: [{ sku: null, label: 'M', price: 100_00, mrp: null, stock: 1 }, { sku: null, label: 'm', price: 100_00, mrp: null, stock: 1 }] }), 'Two variants are both "m"'],
      [kurta({ category: ['Brand New Category'], variants: [{ sku: null, label: 'M', price: 100_00, mrp: null, stock: -1 }] }), 'Prices and stock cannot be negative'],
    ];
    for (const [input, message] of refusals) {
      const refused = upsert(input);
      await expect(refused).rejects.toThrow(CatalogWriteError);
      await expect(refused).rejects.toThrow(message);
      if (input.handle !== second.handle) expect(await store.db.selectFrom('products').select('id').where('slug', '=', input.handle).execute()).toEqual([]);
    }
    expect((await store.db.selectFrom('products').select('name').where('slug', '=', second.handle).executeTakeFirstOrThrow()).name).toBe('Linen Kurta');
    expect(await store.db.selectFrom('categories').select('id').execute()).toHaveLength(categories.length);
    expect(await readCatalogueVersion(store.db)).toBe(version);
  });

  it('a product with no vendor match goes to the store’s first retailer; no sizes makes one variant without a size; no category makes Other', async () => {
    const { productId } = await upsert(
      kurta({ vendor: 'Unknown Looms', category: [], variants: [{ sku: null, label: null, price: 499_00, mrp: 599_00, stock: 7 }], images: null }),
    );
    const retailer = await store.db.selectFrom('sellers').select('id').where('name', '=', 'House of Loom').executeTakeFirstOrThrow();
    const row = await product(productId);
    expect(row).toMatchObject({ retailer_id: retailer.id, wholesaler_id: null, size_keys: '', cover_image: '', product_images: '' });
    expect((await store.db.selectFrom('categories').select('name').where('id', '=', row.sub_category_id).executeTakeFirstOrThrow()).name).toBe('Other');
    expect(await variants(productId)).toEqual([expect.objectContaining({ product_variation: null, size_key: null, stock: 7, old_price: 599_00 })]);
  });
});
