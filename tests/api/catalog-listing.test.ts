import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestContext, pageIds, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/** Expected answers follow the table in tests/fixtures/catalog.fixtures.ts. */
describe('POST /get-products', () => {
  let ctx: CatalogTestContext;
  let ids: CatalogTestContext['f']['ids'];
  let c: CatalogTestContext['f']['categories'];
  const list = async (body: Record<string, unknown> = {}, page?: number | string) =>
    ctx.api.post(`/get-products${page === undefined ? '' : `?page=${page}`}`, body);
  /** Ids over every page, to assert whole orders. */
  const allIds = async (body: Record<string, unknown>) => {
    const first = await list(body, 1);
    const out = pageIds(first.body);
    for (let page = 2; page <= first.body.data.products.last_page; page++) out.push(...pageIds((await list(body, page)).body));
    return out;
  };

  beforeAll(async () => {
    ctx = await createCatalogTestContext();
    ids = ctx.f.ids;
    c = ctx.f.categories;
  });
  afterAll(() => ctx.store.close());

  describe('pagination', () => {
    it('answers page 1 as the provider paginator: 12 newest active products and the categories', async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const { data, ...paginator } = res.body.data.products;
      expect(paginator).toEqual({ current_page: 1, last_page: 2, per_page: 12, total: 18, from: 1, to: 12 });
      expect(data.map((p: { id: number }) => p.id)).toEqual(
        ids('p18', 'p17', 'p16', 'p15', 'p14', 'p13', 'p12', 'p11', 'p10', 'p09', 'p08', 'p07'),
      );
      expect(res.body.data.sub_categories).toEqual([
        { id: c.tshirts, name: 'T-Shirts', image: 'http://localhost:4321/media/categories/t-shirts.jpg' },
        { id: c.shirts, name: 'Shirts', image: 'http://localhost:4321/media/categories/shirts.jpg' },
        { id: c.watches, name: 'Watches', image: 'http://localhost:4321/media/categories/watches.jpg' },
        { id: c.luggage, name: 'Luggage', image: 'http://localhost:4321/media/categories/luggage.jpg' },
        { id: c.caps, name: 'Caps', image: 'http://localhost:4321/media/categories/caps.jpg' },
      ]);
    });

    it('answers the last page with the remaining products and from/to', async () => {
      const res = await list({}, 2);
      const { data, ...paginator } = res.body.data.products;
      expect(paginator).toEqual({ current_page: 2, last_page: 2, per_page: 12, total: 18, from: 13, to: 18 });
      expect(data.map((p: { id: number }) => p.id)).toEqual(ids('p06', 'p05', 'p04', 'p03', 'p02', 'p01'));
    });

    it('answers a page beyond the last with empty data and 200', async () => {
      const res = await list({}, 3);
      expect(res.status).toBe(200);
      expect(res.body.data.products).toEqual({
        data: [],
        current_page: 3,
        last_page: 2,
        per_page: 12,
        total: 18,
        from: null,
        to: null,
      });
    });

    it('answers no matches as one empty page', async () => {
      const res = await list({ sub_category: '999999' });
      expect(res.body.data.products).toEqual({
        data: [],
        current_page: 1,
        last_page: 1,
        per_page: 12,
        total: 0,
        from: null,
        to: null,
      });
    });

    it('takes the page from the body when the query has none', async () => {
      const res = await list({ page: '2' });
      expect(res.body.data.products.current_page).toBe(2);
      expect(pageIds(res.body)).toEqual(ids('p06', 'p05', 'p04', 'p03', 'p02', 'p01'));
    });

    it('never lists the draft product', async () => {
      expect(await allIds({})).not.toContain(ctx.f.products.p19);
    });
  });

  describe('filters', () => {
    it('filters by one category', async () => {
      expect(pageIds((await list({ sub_category: String(c.tshirts) })).body)).toEqual(
        ids('p05', 'p04', 'p03', 'p02', 'p01'),
      );
    });

    it('filters by comma-joined categories and by an array of ids', async () => {
      expect(pageIds((await list({ sub_category: `${c.tshirts},${c.watches}` })).body)).toEqual(
        ids('p12', 'p11', 'p10', 'p05', 'p04', 'p03', 'p02', 'p01'),
      );
      expect(pageIds((await list({ sub_category: [c.shirts] })).body)).toEqual(ids('p09', 'p08', 'p07', 'p06'));
      expect(pageIds((await list({ sub_category: [String(c.caps)] })).body)).toEqual(ids('p18', 'p17'));
    });

    it('filters by price: some variant in range, in rupees', async () => {
      expect(pageIds((await list({ min_price: 500, max_price: 1000 })).body)).toEqual(
        ids('p18', 'p14', 'p05', 'p04', 'p03'),
      );
      expect(pageIds((await list({ max_price: '400' })).body)).toEqual(ids('p17', 'p01'));
      expect(pageIds((await list({ min_price: 5000 })).body)).toEqual(ids('p11'));
    });

    it('matches a variant price, not the gap between the cheapest and the dearest variant', async () => {
      // p01 sells at 299 (S, M) and 349 (L): nothing lies between 300 and 340.
      expect(pageIds((await list({ min_price: 300, max_price: 340 })).body)).toEqual([]);
      expect(pageIds((await list({ min_price: 340, max_price: 360 })).body)).toEqual(ids('p01'));
    });

    it('accepts decimal rupees', async () => {
      expect(pageIds((await list({ min_price: '299.5', max_price: '349' })).body)).toEqual(ids('p01'));
      expect(pageIds((await list({ min_price: '299.5', max_price: '348.99' })).body)).toEqual([]);
    });

    it('filters by size, case-insensitively, as a comma list or an array', async () => {
      expect(pageIds((await list({ size: 'm' })).body)).toEqual(ids('p07', 'p06', 'p03', 'p02', 'p01'));
      expect(pageIds((await list({ size: 'XL, s' })).body)).toEqual(ids('p09', 'p06', 'p04', 'p03', 'p02', 'p01'));
      expect(pageIds((await list({ size: ['xl'] })).body)).toEqual(ids('p03'));
    });

    it('filters by size and price on the same variant', async () => {
      // p01 has S at 299 and L at 349: no single L variant at or under 300.
      expect(pageIds((await list({ size: 'L', max_price: 300 })).body)).toEqual([]);
      expect(pageIds((await list({ size: 'S', max_price: 300 })).body)).toEqual(ids('p01'));
      expect(pageIds((await list({ size: 'L', min_price: 340, max_price: 360 })).body)).toEqual(ids('p01'));
    });

    it('filters in stock, and with a size only by a variant of that size in stock', async () => {
      expect(await allIds({ in_stock: '1' })).toEqual(
        ids('p18', 'p17', 'p16', 'p14', 'p13', 'p12', 'p10', 'p09', 'p08', 'p06', 'p05', 'p04', 'p03', 'p01'),
      );
      // p01 is in stock but its M is sold out.
      expect(pageIds((await list({ size: 'M', in_stock: true })).body)).toEqual(ids('p06', 'p03'));
    });

    it('filters in stock with a price only by an in-range variant in stock', async () => {
      // p04's only variant under 800 (S at 799) is sold out.
      expect(pageIds((await list({ max_price: 800, in_stock: 1 })).body)).toEqual(ids('p18', 'p17', 'p16', 'p03', 'p01'));
      expect(pageIds((await list({ max_price: 800 })).body)).toEqual(
        ids('p18', 'p17', 'p16', 'p04', 'p03', 'p02', 'p01'),
      );
      expect(pageIds((await list({ min_price: 300, max_price: 900, in_stock: 'true' })).body)).toEqual(
        ids('p18', 'p17', 'p16', 'p14', 'p04', 'p03', 'p01'),
      );
    });

    it('filters out of stock alone, and applies no stock filter with both or neither', async () => {
      expect(pageIds((await list({ out_of_stock: 'true' })).body)).toEqual(ids('p15', 'p11', 'p07', 'p02'));
      expect((await list({ in_stock: 1, out_of_stock: 1 })).body.data.products.total).toBe(18);
      expect((await list({ in_stock: 0, out_of_stock: 'false' })).body.data.products.total).toBe(18);
      expect(pageIds((await list({ out_of_stock: 1, size: 's' })).body)).toEqual(ids('p02'));
    });

    it('combines category, price, size and stock', async () => {
      const res = await list({
        sub_category: `${c.tshirts},${c.shirts}`,
        min_price: 500,
        max_price: 1500,
        size: 'M,L',
        in_stock: 1,
        sort_by: 'price_low_high',
      });
      expect(pageIds(res.body)).toEqual(ids('p03', 'p04', 'p05', 'p06'));
    });

    it('ignores unknown fields and the user_token', async () => {
      const res = await list({ sub_category: String(c.caps), colour: 'red', user_token: '{token}' });
      expect(res.status).toBe(200);
      expect(pageIds(res.body)).toEqual(ids('p18', 'p17'));
    });
  });

  describe('sorting', () => {
    it('sorts by price low to high, ties by id', async () => {
      expect(await allIds({ sort_by: 'price_low_high' })).toEqual(
        ids('p01', 'p17', 'p02', 'p16', 'p03', 'p18', 'p04', 'p14', 'p05', 'p09', 'p06', 'p07', 'p08', 'p15', 'p12', 'p13', 'p10', 'p11'),
      );
    });

    it('sorts by price high to low, ties by id descending', async () => {
      expect(await allIds({ sort_by: 'price_high_low' })).toEqual(
        ids('p11', 'p10', 'p13', 'p12', 'p15', 'p08', 'p07', 'p06', 'p09', 'p05', 'p14', 'p04', 'p18', 'p03', 'p16', 'p02', 'p17', 'p01'),
      );
    });

    it('sorts by name both ways', async () => {
      const az = ids('p17', 'p01', 'p14', 'p12', 'p08', 'p09', 'p02', 'p13', 'p07', 'p10', 'p16', 'p03', 'p06', 'p04', 'p15', 'p05', 'p11', 'p18');
      expect(await allIds({ sort_by: 'name_asc' })).toEqual(az);
      expect(await allIds({ sort_by: 'name_desc' })).toEqual([...az].reverse());
    });

    it('sorts newest first by default and accepts common aliases', async () => {
      const newest = pageIds((await list({ sub_category: String(c.shirts) })).body);
      expect(newest).toEqual(ids('p09', 'p08', 'p07', 'p06'));
      expect(pageIds((await list({ sub_category: String(c.shirts), sort_by: 'latest' })).body)).toEqual(newest);
      expect(pageIds((await list({ sub_category: String(c.shirts), sort_by: 'Price-Low-High' })).body)).toEqual(
        ids('p09', 'p06', 'p07', 'p08'),
      );
      expect(pageIds((await list({ sub_category: String(c.shirts), sort_by: 'price_desc' })).body)).toEqual(
        ids('p08', 'p07', 'p06', 'p09'),
      );
      expect(pageIds((await list({ sub_category: String(c.shirts), sort_by: 'z-a' })).body)).toEqual(
        ids('p06', 'p07', 'p09', 'p08'),
      );
    });
  });

  describe('form bodies', () => {
    it('accepts multipart/form-data with string values', async () => {
      const form = new FormData();
      form.set('sub_category', `${c.tshirts},${c.shirts}`);
      form.set('size', 'M');
      form.set('in_stock', '1');
      form.set('sort_by', 'price_low_high');
      const res = await ctx.api.call('POST', '/get-products?page=1', { body: form });
      expect(res.status).toBe(200);
      expect(pageIds(res.body)).toEqual(ids('p03', 'p06'));
    });

    it('takes blank form fields as absent', async () => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ sub_category: String(c.caps), min_price: '', max_price: '', size: '', sort_by: '' })) {
        body.set(name, value);
      }
      const res = await ctx.api.call('POST', '/get-products', { body });
      expect(res.status).toBe(200);
      expect(pageIds(res.body)).toEqual(ids('p18', 'p17'));
    });
  });

  describe('one product by product_id', () => {
    it('answers data.product for a product id', async () => {
      const res = await list({ product_id: String(ctx.f.products.p03) });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ product: expect.objectContaining({ id: ctx.f.products.p03, slug: 'organic-crew-tee' }) });
    });

    it('answers 404 for an unknown or hidden product', async () => {
      for (const id of [999999, ctx.f.products.p19]) {
        const res = await list({ product_id: id });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: 'Product not found' });
      }
    });
  });
});
