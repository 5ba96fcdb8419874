import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ftsQuery, searchWords, tsQuery } from '../../api/catalog/search.repository.ts';
import { createCatalogTestContext, pageIds, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/** Results are newest first; expected ids follow tests/fixtures/catalog.fixtures.ts. */
describe('POST /search-products', () => {
  let ctx: CatalogTestContext;
  let ids: CatalogTestContext['f']['ids'];
  const search = (search: unknown, extra: Record<string, unknown> = {}) =>
    ctx.api.post('/search-products', { search, ...extra });
  const found = async (text: string) => {
    const res = await search(text);
    expect(res.status).toBe(200);
    return pageIds(res.body);
  };

  beforeAll(async () => {
    ctx = await createCatalogTestContext();
    ids = ctx.f.ids;
  });
  afterAll(() => ctx.store.close());

  it('answers the get-products shape: a paginator of product items and the categories', async () => {
    const res = await search('oxford');
    expect(res.body).toEqual({
      success: true,
      message: 'Success',
      data: {
        products: {
          data: [expect.objectContaining({ id: ctx.f.products.p06, name: 'Oxford Formal Shirt', productVariations: expect.any(Array) })],
          current_page: 1,
          last_page: 1,
          per_page: 12,
          total: 1,
          from: 1,
          to: 1,
        },
        sub_categories: expect.arrayContaining([{ id: ctx.f.categories.caps, name: 'Caps', image: 'http://localhost:4321/media/categories/caps.jpg' }]),
      },
    });
  });

  it('matches words of the name, case-insensitively', async () => {
    expect(await found('Oxford')).toEqual(ids('p06'));
    expect(await found('LEATHER handbag')).toEqual(ids('p13'));
  });

  it('matches word prefixes', async () => {
    expect(await found('oxf')).toEqual(ids('p06'));
    expect(await found('chrono')).toEqual(ids('p12'));
  });

  it('matches tags', async () => {
    expect(await found('workwear')).toEqual(ids('p08'));
  });

  it('matches the category name', async () => {
    expect(await found('luggage')).toEqual(ids('p16', 'p15', 'p14', 'p13'));
  });

  it('matches words of the description, without its markup', async () => {
    expect(await found('chronograph')).toEqual(ids('p12'));
    expect(await found('strong')).toEqual([]); // a tag name in the HTML, not a word of the text
  });

  it('requires every word', async () => {
    expect(await found('leather')).toEqual(ids('p13', 'p12'));
    expect(await found('leather watch')).toEqual(ids('p12'));
  });

  it("finds \"Men's - Watch\" style input, with either apostrophe", async () => {
    expect(await found("Men's - Watch")).toEqual(ids('p10'));
    expect(await found('Men’s Watch')).toEqual(ids('p10'));
    expect(await found("Women's - Watch")).toEqual(ids('p11'));
  });

  it('finds "T-Shirts" across the category and shirt names, singular or plural', async () => {
    const shirts = ids('p09', 'p08', 'p07', 'p06', 'p05', 'p04', 'p03', 'p02', 'p01');
    expect(await found('T-Shirts')).toEqual(shirts);
    expect(await found('shirt')).toEqual(shirts);
  });

  it('accepts the allowed punctuation', async () => {
    expect(await found('Tote & Bag (canvas).')).toEqual(ids('p14'));
    expect(await found('Tote Bag (canvas), 1/2 + more')).toEqual(ids('p14'));
    expect(await found('canvas/tote')).toEqual(ids('p14'));
  });

  it('ignores stop words on both databases', async () => {
    expect(await found('watch for men')).toEqual(ids('p10'));
    expect(await found('the')).toEqual([]);
  });

  it('never finds the draft product and answers no match as an empty page', async () => {
    const res = await search('hidden');
    expect(res.status).toBe(200);
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

  it('pages through many matches with page in the body or the query', async () => {
    // "fixture" is in every default description: 16 active products (not p12, p15).
    const first = await search('fixture');
    expect(first.body.data.products).toMatchObject({ current_page: 1, last_page: 2, total: 16, from: 1, to: 12 });
    const second = await search('fixture', { page: 2 });
    expect(second.body.data.products).toMatchObject({ current_page: 2, total: 16, from: 13, to: 16 });
    expect(pageIds(second.body)).toEqual(ids('p04', 'p03', 'p02', 'p01'));
    const viaQuery = await ctx.api.post('/search-products?page=2', { search: 'fixture' });
    expect(pageIds(viaQuery.body)).toEqual(pageIds(second.body));
    const beyond = await search('fixture', { page: 3 });
    expect(beyond.body.data.products).toMatchObject({ data: [], current_page: 3, total: 16, from: null, to: null });
  });

  it('refuses a form body with 415: only /get-products takes one (SPEC §7)', async () => {
    const form = new FormData();
    form.set('search', 'workwear');
    const res = await ctx.api.call('POST', '/search-products', { body: form });
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
  });
});

describe('search query building', () => {
  it('keeps only word tokens, without stop words, possessives or lone letters', () => {
    expect(searchWords("Men's - Watch")).toEqual(['men', 'watch']);
    expect(searchWords('T-Shirts')).toEqual(['shirts']);
    expect(searchWords('shirt for men')).toEqual(['shirt', 'men']);
    expect(searchWords('x')).toEqual(['x']);
    expect(searchWords('the')).toEqual([]);
    expect(searchWords('a b c d e f g h i j k l m n o p')).toHaveLength(8);
  });

  it('builds prefix queries from the tokens alone', () => {
    expect(ftsQuery(['men', 'watch'])).toBe('"men"* "watch"*');
    expect(tsQuery(['men', 'watch'])).toBe('men:* & watch:*');
  });
});
