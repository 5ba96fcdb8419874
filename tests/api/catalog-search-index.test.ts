import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProducts, insertSeller, type ProductInput } from '../../api/db/seed/seed.repository.ts';
import { PRODUCTS_PER_PAGE, SEARCH_RESULTS_LIMIT } from '../../src/lib/constants.ts';
import { createCatalogTestContext, pageIds, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/** The text index holds active products only, kept in step with status changes. */
describe('search index', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  const setStatus = (id: number, status: string) =>
    ctx.store.db.updateTable('products').set({ status }).where('id', '=', id).execute();

  it('drops a product from search when it stops being active and finds it again when reactivated', async () => {
    const oxford = ctx.f.products.p06;
    expect(pageIds((await ctx.api.post('/search-products', { search: 'oxford' })).body)).toEqual([oxford]);

    await setStatus(oxford, 'draft');
    const hidden = await ctx.api.post('/search-products', { search: 'oxford' });
    expect(hidden.body.data.products.total).toBe(0);

    await setStatus(oxford, 'active');
    expect(pageIds((await ctx.api.post('/search-products', { search: 'oxford' })).body)).toEqual([oxford]);
  });

  it(`lists at most ${SEARCH_RESULTS_LIMIT} products for a common word, newest first`, async () => {
    const category = await insertCategory(ctx.store.db, { parent_id: null, name: 'Bulk', slug: 'bulk' });
    const seller = await insertSeller(ctx.store.db, 'retailer', 'Bulk Seller');
    const count = SEARCH_RESULTS_LIMIT + 10;
    const products: ProductInput[] = Array.from({ length: count }, (_, i) => ({
      sku: `BULK-${i}`,
      name: `Plentiful Scarf ${i}`,
      slug: `plentiful-scarf-${i}`,
      description: '',
      tags: '',
      category_id: null,
      sub_category_id: category,
      category_name: 'Bulk',
      retailer_id: seller,
      wholesaler_id: null,
      cover_image: '',
      product_images: '',
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      variants: [{ product_variation: null, old_price: 10000, price: 10000, final_price: 10000, stock: 1 }],
    }));
    const ids = await insertProducts(ctx.store.db, products);

    const first = await ctx.api.post('/search-products', { search: 'plentiful' });
    expect(first.body.data.products.total).toBe(SEARCH_RESULTS_LIMIT);
    expect(first.body.data.products.last_page).toBe(Math.ceil(SEARCH_RESULTS_LIMIT / PRODUCTS_PER_PAGE));
    expect(pageIds(first.body)).toEqual(ids.slice(-PRODUCTS_PER_PAGE).reverse());

    // The last page ends at the limit: the 1,000th newest match is the last one listed.
    const lastPage = Math.ceil(SEARCH_RESULTS_LIMIT / PRODUCTS_PER_PAGE);
    const last = await ctx.api.post('/search-products', { search: 'plentiful', page: lastPage });
    const listed = ids.slice(-SEARCH_RESULTS_LIMIT).reverse();
    expect(pageIds(last.body)).toEqual(listed.slice((lastPage - 1) * PRODUCTS_PER_PAGE));
    expect(pageIds(last.body)).toHaveLength(SEARCH_RESULTS_LIMIT - (lastPage - 1) * PRODUCTS_PER_PAGE);

    const beyond = await ctx.api.post('/search-products', { search: 'plentiful', page: lastPage + 1 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.products.data).toEqual([]);
  });
});
