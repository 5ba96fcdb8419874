import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

const SEARCH_CHARACTERS = "Search text may only contain letters, digits, spaces and ' - & . , / ( ) +";
const CATEGORY_IDS = 'Categories must be category ids (whole numbers) separated by commas';

describe('catalogue input validation', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  /** A 400 envelope naming `field` with `message` (also the top-level message). */
  const expect400 = (res: { status: number; body: any }, field: string, message: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toEqual([message]);
  };

  describe('POST /get-products', () => {
    it('refuses a page that is not a whole number between 1 and 10000', async () => {
      const cases: Array<[string, string]> = [
        ['abc', 'Page must be a whole number'],
        ['1.5', 'Page must be a whole number'],
        ['1e3', 'Page must be a whole number'],
        ['0', 'Page must be at least 1'],
        ['-3', 'Page must be at least 1'],
        ['10001', 'Page cannot be more than 10000'],
        ['99999999999999999999999', 'Page cannot be more than 10000'],
      ];
      for (const [page, message] of cases) expect400(await ctx.api.post(`/get-products?page=${page}`, {}), 'page', message);
      expect((await ctx.api.post('/get-products?page=10000', {})).status).toBe(200);
    });

    it('refuses negative, non-numeric, huge and inverted prices', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ min_price: -5 }, 'min_price', 'Minimum price cannot be negative'],
        [{ max_price: '-1' }, 'max_price', 'Maximum price cannot be negative'],
        [{ min_price: 'abc' }, 'min_price', 'Minimum price must be a number'],
        [{ max_price: '1e5' }, 'max_price', 'Maximum price must be a number'],
        [{ max_price: [100] }, 'max_price', 'Maximum price must be a number'],
        [{ max_price: 100_000_001 }, 'max_price', 'Maximum price cannot be more than ₹1,00,00,000'],
        [{ min_price: '1e308' }, 'min_price', 'Minimum price must be a number'],
        [{ min_price: 500, max_price: 100 }, 'min_price', 'Minimum price cannot be more than the maximum price'],
      ];
      for (const [body, field, message] of cases) expect400(await ctx.api.post('/get-products', body), field, message);
    });

    it('refuses category ids that are not whole numbers', async () => {
      for (const sub_category of ['1,abc', '-1', '1.5', [1, {}], [[1]], 99_999_999_999, { id: 1 }, '0']) {
        expect400(await ctx.api.post('/get-products', { sub_category }), 'sub_category', CATEGORY_IDS);
      }
      const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
      expect400(await ctx.api.post('/get-products', { sub_category: many }), 'sub_category', 'Choose at most 50 categories');
      const huge = Array.from({ length: 10_000 }, (_, i) => i + 1).join(',');
      expect400(await ctx.api.post('/get-products', { sub_category: huge }), 'sub_category', 'Choose at most 50 categories');
      expect400(await ctx.api.post('/get-products', { size: huge }), 'size', 'Choose at most 20 sizes');
    });

    it('refuses an unknown sort', async () => {
      const message = 'Sort must be one of: newest, price_low_high, price_high_low, name_asc, name_desc';
      for (const sort_by of ['cheapest', 5, ['newest'], 'newest; drop table products']) {
        expect400(await ctx.api.post('/get-products', { sort_by }), 'sort_by', message);
      }
    });

    it('refuses too many or too long sizes and odd size values', async () => {
      const sizes = Array.from({ length: 21 }, (_, i) => `S${i}`).join(',');
      expect400(await ctx.api.post('/get-products', { size: sizes }), 'size', 'Choose at most 20 sizes');
      expect400(await ctx.api.post('/get-products', { size: 'x'.repeat(41) }), 'size', 'A size name can be at most 40 characters');
      expect400(await ctx.api.post('/get-products', { size: { m: true } }), 'size', 'Sizes must be size names separated by commas');
      expect400(await ctx.api.post('/get-products', { size: 'M\u0000' }), 'size', 'Sizes must be size names separated by commas');
    });

    it('refuses stock flags and product ids of the wrong kind', async () => {
      expect400(await ctx.api.post('/get-products', { in_stock: 'maybe' }), 'in_stock', 'In stock must be true or false');
      expect400(await ctx.api.post('/get-products', { out_of_stock: 2 }), 'out_of_stock', 'Out of stock must be true or false');
      expect400(await ctx.api.post('/get-products', { product_id: 'abc' }), 'product_id', 'Product id must be a whole number');
      expect400(await ctx.api.post('/get-products', { product_id: 1.5 }), 'product_id', 'Product id must be a whole number');
    });

    it('refuses a body that is not an object of fields, or not JSON', async () => {
      expect400(await ctx.api.post('/get-products', [1, 2]), 'body', 'The request body must be an object of fields');
      expect400(await ctx.api.post('/get-products', 'text'), 'body', 'The request body must be an object of fields');
      const broken = await ctx.api.call('POST', '/get-products', {
        body: '{"size":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ success: false, message: 'The body is not valid JSON' });
    });

    it('names every bad field at once', async () => {
      const res = await ctx.api.post('/get-products', { min_price: 'x', sort_by: 'y', in_stock: 'z' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['in_stock', 'min_price', 'sort_by']);
    });
  });

  describe('POST /search-products', () => {
    it('requires the search text after trimming', async () => {
      for (const body of [{}, { search: null }, { search: '' }, { search: '   ' }]) {
        expect400(await ctx.api.post('/search-products', body), 'search', 'Search text is required');
      }
      expect400(await ctx.api.post('/search-products', { search: ['shirt'] }), 'search', 'Search text must be text');
    });

    it('refuses more than 100 characters', async () => {
      expect400(await ctx.api.post('/search-products', { search: 'a'.repeat(101) }), 'search', 'Search text can be at most 100 characters');
      expect((await ctx.api.post('/search-products', { search: 'a'.repeat(100) })).status).toBe(200);
    });

    it('refuses SQL and HTML metacharacters with a clear message', async () => {
      for (const search of ["'; DROP TABLE products; --", '<img src=x onerror=alert(1)>', '<script>', 'shirt;', 'a=b', 'x"y', 'shirt*', '50%', 'a_b', 'a\\b', 'tab\u0000']) {
        expect400(await ctx.api.post('/search-products', { search }), 'search', SEARCH_CHARACTERS);
      }
    });

    it('treats full-text operators spelled as words as plain words', async () => {
      for (const search of ['NEAR(shirt tee)', 'shirt OR watch', 'NOT shirt', 'AND', 'search_vector']) {
        const res = await ctx.api.post('/search-products', { search });
        expect(res.status, search).toBe(search === 'search_vector' ? 400 : 200);
      }
    });

    it('refuses punctuation with no word in it', async () => {
      expect400(await ctx.api.post('/search-products', { search: '-- & ()' }), 'search', 'Search text must contain a letter or a digit');
    });

    it('refuses a bad page', async () => {
      expect400(await ctx.api.post('/search-products', { search: 'shirt', page: 0 }), 'page', 'Page must be at least 1');
      expect400(await ctx.api.post('/search-products?page=x', { search: 'shirt' }), 'page', 'Page must be a whole number');
    });
  });

  describe('POST /subcategory-variations', () => {
    it('refuses ids that are not whole numbers', async () => {
      for (const sub_category_id of ['abc', [1.5], [{}], 'DROP TABLE categories', { 0: 1 }]) {
        expect400(await ctx.api.post('/subcategory-variations', { sub_category_id }), 'sub_category_id', CATEGORY_IDS);
      }
    });
  });
});
