import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/**
 * Odd values in every field of every catalogue and store endpoint: the
 * answer is a 2xx or 4xx envelope, never a 5xx.
 */
const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x10',
  '',
  ' ',
  '١٢٣',
  '𝟙𝟚',
  '😀',
  'ñandú',
  'हिंदी कुर्ता',
  '\u0000',
  '\ud800',
  '\u202e',
  "'; DROP TABLE products; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '%',
  '_',
  '\\',
  '*',
  ':*',
  '&|!',
  'NEAR("a" "b")',
  '[]',
  '{}',
  [],
  [1, 2],
  [[1]],
  [{}],
  [null],
  {},
  { a: 1 },
  'a'.repeat(5000),
  '9'.repeat(400),
  '1,2,3,',
  ',,,',
  'S,M,L,'.repeat(10),
];

const PRODUCT_FIELDS = ['sub_category', 'min_price', 'max_price', 'size', 'in_stock', 'out_of_stock', 'sort_by', 'product_id', 'page'];

/** Percent-encodes a value; a lone surrogate becomes an invalid UTF-8 sequence on purpose. */
function enc(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80';
  }
}

/** A small deterministic PRNG so a failure reproduces. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('catalogue and store endpoints under odd input', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  const failures: string[] = [];
  const check = (label: string, res: { status: number; body: any }) => {
    if (res.status >= 500 || typeof res.body?.success !== 'boolean') {
      failures.push(`${label} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  };
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 40) ?? String(v);

  it('never answers 5xx to an odd value in any get-products field, as JSON or form', async () => {
    for (const field of PRODUCT_FIELDS) {
      for (const value of ODD_VALUES) {
        check(`get-products ${field}=${show(value)}`, await ctx.api.post('/get-products', { [field]: value }));
        if (typeof value === 'string' || typeof value === 'number') {
          const form = new FormData();
          form.set(field, String(value));
          check(`get-products form ${field}=${show(value)}`, await ctx.api.call('POST', '/get-products', { body: form }));
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to random combinations of odd and valid filters', async () => {
    const random = rng(20261121);
    const { tshirts, shirts } = ctx.f.categories;
    const valid: Record<string, unknown[]> = {
      sub_category: [`${tshirts}`, `${tshirts},${shirts}`, [shirts]],
      min_price: [0, '100', 500.5],
      max_price: ['1000', 5000, '99.99'],
      size: ['M', 'xl,s', ['L']],
      in_stock: ['1', true, 0],
      out_of_stock: ['true', 1, false],
      sort_by: ['price_low_high', 'name_desc', 'newest'],
      product_id: [ctx.f.products.p01, '999999'],
      page: [1, '2', 9999],
    };
    const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    for (let i = 0; i < 300; i++) {
      const body: Record<string, unknown> = {};
      for (const field of PRODUCT_FIELDS) {
        const roll = random();
        if (roll < 0.4) continue;
        body[field] = roll < 0.8 ? pick(valid[field]!) : pick(ODD_VALUES);
      }
      const page = random() < 0.3 ? `?page=${enc(pick(ODD_VALUES))}` : '';
      check(`get-products${page} ${show(body)}`, await ctx.api.post(`/get-products${page}`, body));
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to odd search text or pages', async () => {
    for (const value of ODD_VALUES) {
      check(`search ${show(value)}`, await ctx.api.post('/search-products', { search: value }));
      check(`search page ${show(value)}`, await ctx.api.post('/search-products', { search: 'shirt', page: value }));
      check(
        `search ?page=${show(value)}`,
        await ctx.api.post(`/search-products?page=${enc(value)}`, { search: 'shirt' }),
      );
    }
    for (const word of ['ñandú', 'हिंदी कुर्ता', '１２３', 'ǅemal', 'İstanbul', 'straße', "o'neill's", 'a-b-c', '2/3 (x) + y.z, w&v']) {
      check(`search ${word}`, await ctx.api.post('/search-products', { search: word }));
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to odd sub-category ids', async () => {
    for (const value of ODD_VALUES) {
      check(`variations ${show(value)}`, await ctx.api.post('/subcategory-variations', { sub_category_id: value }));
    }
    expect(failures).toEqual([]);
  });

  it('answers odd slugs with 404 "Product not found", never 5xx', async () => {
    for (const value of ODD_VALUES) {
      const res = await ctx.api.get(`/single-product-details/${enc(value)}`);
      check(`slug ${show(value)}`, res);
      if (res.status !== 404) failures.push(`slug ${show(value)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('ignores odd bodies and query strings on store-info, home sections and new arrivals', async () => {
    for (const value of ODD_VALUES.slice(0, 30)) {
      const query = `?x=${enc(value)}&page=${enc(value)}`;
      const info = await ctx.api.post(`/store-info${query}`, { value });
      const home = await ctx.api.get(`/home-page-sections${query}`);
      const arrivals = await ctx.api.get(`/new-arrivals${query}`);
      for (const [label, res] of [['store-info', info], ['home', home], ['new-arrivals', arrivals]] as const) {
        check(`${label} ${show(value)}`, res);
        if (res.status !== 200) failures.push(`${label} ${show(value)} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
