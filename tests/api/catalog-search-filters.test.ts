import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestContext, pageIds, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/**
 * POST /search-products with the filters and sorts of /get-products (decision
 * 008). Expected ids follow the table in tests/fixtures/catalog.fixtures.ts:
 * "shirt" finds the nine T-Shirts and Shirts (p01-p09), "watch" p10-p12.
 */
describe('POST /search-products with filters and sort', () => {
  let ctx: CatalogTestContext;
  let ids: CatalogTestContext['f']['ids'];
  let c: CatalogTestContext['f']['categories'];
  const search = (body: Record<string, unknown>, path = '/search-products') => ctx.api.post(path, body);
  const found = async (body: Record<string, unknown>) => {
    const res = await search(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return pageIds(res.body);
  };

  beforeAll(async () => {
    ctx = await createCatalogTestContext();
    ids = ctx.f.ids;
    c = ctx.f.categories;
  });
  afterAll(() => ctx.store.close());

  describe('narrowing a search', () => {
    it('by category, newest first', async () => {
      expect(await found({ search: 'shirt', sub_category: c.shirts })).toEqual(ids('p09', 'p08', 'p07', 'p06'));
      expect(await found({ search: 'leather', sub_category: String(c.luggage) })).toEqual(ids('p13'));
      expect(await found({ search: 'leather', sub_category: [c.caps] })).toEqual([]);
    });

    it('by a price range, matching a variant inside it', async () => {
      expect(await found({ search: 'shirt', min_price: 500, max_price: 1300 })).toEqual(
        ids('p09', 'p06', 'p05', 'p04', 'p03'),
      );
      expect(await found({ search: 'watch', min_price: '3000' })).toEqual(ids('p11', 'p10'));
      expect(await found({ search: 'watch', max_price: '3000' })).toEqual(ids('p12'));
    });

    it('by size, ignoring case', async () => {
      expect(await found({ search: 'shirt', size: 'm' })).toEqual(ids('p07', 'p06', 'p03', 'p02', 'p01'));
      // The draft tee (size S) is never listed.
      expect(await found({ search: 'tee', size: ['S'] })).toEqual(ids('p04', 'p02', 'p01'));
    });

    it('by stock', async () => {
      expect(await found({ search: 'shirt', in_stock: true })).toEqual(
        ids('p09', 'p08', 'p06', 'p05', 'p04', 'p03', 'p01'),
      );
      expect(await found({ search: 'shirt', out_of_stock: '1' })).toEqual(ids('p07', 'p02'));
      // Both flags mean "all", the plain search.
      expect(await found({ search: 'shirt', in_stock: 1, out_of_stock: 1 })).toEqual(
        ids('p09', 'p08', 'p07', 'p06', 'p05', 'p04', 'p03', 'p02', 'p01'),
      );
    });

    it('with size, price and stock holding on the same variant', async () => {
      const body = { search: 'shirt', size: 'M', max_price: 1300, in_stock: true, sort_by: 'price_high_low' };
      expect(await found(body)).toEqual(ids('p06', 'p03'));
    });
  });

  describe('sorting a search', () => {
    it('by price, both ways', async () => {
      const lowHigh = ids('p01', 'p02', 'p03', 'p04', 'p05', 'p09', 'p06', 'p07', 'p08');
      expect(await found({ search: 'shirt', sort_by: 'price_low_high' })).toEqual(lowHigh);
      expect(await found({ search: 'shirt', sort_by: 'price_high_low' })).toEqual([...lowHigh].reverse());
      expect(await found({ search: 'watch', sort_by: 'price_asc' })).toEqual(ids('p12', 'p10', 'p11'));
    });

    it('by name, both ways', async () => {
      const az = ids('p01', 'p08', 'p09', 'p02', 'p07', 'p03', 'p06', 'p04', 'p05');
      expect(await found({ search: 'shirt', sort_by: 'name_asc' })).toEqual(az);
      expect(await found({ search: 'shirt', sort_by: 'name_desc' })).toEqual([...az].reverse());
    });

    it('newest first, explicitly or with a filter', async () => {
      expect(await found({ search: 'watch', sort_by: 'newest' })).toEqual(ids('p12', 'p11', 'p10'));
      expect(await found({ search: 'watch', sort_by: 'newest', in_stock: true })).toEqual(ids('p12', 'p10'));
    });

    it('counts filtered results exactly and pages them', async () => {
      const res = await search({ search: 'shirt', sort_by: 'price_low_high', in_stock: true });
      expect(res.body.data.products).toMatchObject({ total: 7, last_page: 1, from: 1, to: 7 });
      const beyond = await ctx.api.post('/search-products?page=2', { search: 'shirt', sort_by: 'price_low_high' });
      expect(beyond.status).toBe(200);
      expect(beyond.body.data.products).toMatchObject({ data: [], total: 9, current_page: 2 });
    });

    it('finds nothing for a text of stop words only, with filters too', async () => {
      const res = await search({ search: 'the', in_stock: true, sort_by: 'name_asc' });
      expect(res.status).toBe(200);
      expect(res.body.data.products).toMatchObject({ data: [], total: 0 });
    });
  });

  it('answers { search, page } alone as before: newest first, the categories alongside', async () => {
    const res = await search({ search: 'shirt', page: 1 });
    expect(res.status).toBe(200);
    expect(pageIds(res.body)).toEqual(ids('p09', 'p08', 'p07', 'p06', 'p05', 'p04', 'p03', 'p02', 'p01'));
    expect(res.body.data.products).toMatchObject({ current_page: 1, last_page: 1, per_page: 12, total: 9, from: 1, to: 9 });
    expect(res.body.data.sub_categories).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Caps' })]));
    expect(await found({ search: 'leather' })).toEqual(ids('p13', 'p12'));
  });

  describe('bad filter values', () => {
    const badFilters: Array<[Record<string, unknown>, string, string]> = [
      [{ sub_category: 'shirts' }, 'sub_category', 'Categories must be category ids (whole numbers) separated by commas'],
      [{ min_price: -5 }, 'min_price', 'Minimum price cannot be negative'],
      [{ max_price: 'abc' }, 'max_price', 'Maximum price must be a number'],
      [{ min_price: 500, max_price: 100 }, 'min_price', 'Minimum price cannot be more than the maximum price'],
      [{ size: { m: true } }, 'size', 'Sizes must be size names separated by commas'],
      [{ size: 'x'.repeat(41) }, 'size', 'A size name can be at most 40 characters'],
      [{ in_stock: 'maybe' }, 'in_stock', 'In stock must be true or false'],
      [{ out_of_stock: 2 }, 'out_of_stock', 'Out of stock must be true or false'],
      [{ sort_by: 'cheapest' }, 'sort_by', 'Sort must be one of: newest, price_low_high, price_high_low, name_asc, name_desc'],
    ];

    it('are refused with the same 400 answer as get-products', async () => {
      for (const [filters, field, message] of badFilters) {
        const listing = await search(filters, '/get-products');
        const searched = await search({ search: 'shirt', ...filters });
        expect(searched.status, JSON.stringify(searched.body)).toBe(400);
        expect(searched.body.message).toBe(message);
        expect(searched.body.errors[field]).toEqual([message]);
        expect(searched.body).toEqual(listing.body);
      }
    });

    it('are reported together with a bad search text', async () => {
      const res = await search({ search: '', min_price: 'x', sort_by: 'y' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['min_price', 'search', 'sort_by']);
    });
  });
});
