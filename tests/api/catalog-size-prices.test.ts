import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countProducts, type ListingQuery } from '../../api/catalog/listing.repository.ts';
import { sizePrices } from '../../api/catalog/size-keys.ts';
import { connect, createPostgresSchema, dropPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import * as wholeProduct from '../../api/db/migrations/2026-11-21-001-whole-product.ts';
import * as accountMail from '../../api/db/migrations/2026-11-24-001-account-mail.ts';
import * as orders from '../../api/db/migrations/2026-11-24-002-orders.ts';
import * as payments from '../../api/db/migrations/2026-11-24-003-payments.ts';
import * as catalogueVersion from '../../api/db/migrations/2026-11-24-016-catalogue-version.ts';
import { insertCategory, insertProducts, insertSeller, type ProductInput } from '../../api/db/seed/seed.repository.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * Size and price filters on products whose price range straddles the filter
 * (decided from products.size_prices, decision 027), the counting limit, and
 * the migration that fills size_prices for products already stored.
 */
const rupees = (n: number) => n * 100;
const variant = (size: string | null, final: number, stock: number) => ({
  product_variation: size,
  old_price: rupees(final),
  price: rupees(final),
  final_price: rupees(final),
  stock,
});

describe('size and price filters on straddling products', () => {
  let store: TestDatabase;
  let api: ReturnType<typeof createTestApi>;
  let category: number;
  const ids: Record<string, number> = {};
  const list = async (body: Record<string, unknown>) => {
    const res = await api.post('/get-products', { sub_category: String(category), sort_by: 'price_low_high', ...body });
    expect(res.status).toBe(200);
    return (res.body.data.products.data as Array<{ id: number }>).map((p) => p.id);
  };

  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
    category = await insertCategory(store.db, { name: 'Tees', slug: 'tees', parent_id: null, position: 0 });
    const seller = await insertSeller(store.db, 'retailer', 'Seller');
    const product = (sku: string, variants: ProductInput['variants']): ProductInput => ({
      sku,
      name: `Tee ${sku}`,
      slug: `tee-${sku.toLowerCase()}`,
      description: '',
      tags: '',
      category_id: null,
      sub_category_id: category,
      category_name: 'Tees',
      retailer_id: seller,
      wholesaler_id: null,
      cover_image: '',
      product_images: '',
      created_at: `2026-01-0${sku.length}T00:00:00.000Z`,
      variants,
    });
    const inputs = {
      // ₹299 small sizes, a dearer L: straddles a ₹300 minimum.
      cheapM: product('A', [variant('S', 299, 5), variant('M', 299, 4), variant('L', 349, 2)]),
      // The in-range size is sold out.
      soldOutL: product('BB', [variant('M', 299, 3), variant('L', 349, 0)]),
      // A size name holding "=" is not in size_prices: the filter probes its variants instead.
      oddSize: product('CCC', [variant('One=Size', 299, 1), variant('Big=Size', 399, 1)]),
      // Wholly inside a ₹300 minimum: settled from its price range.
      dear: product('DDDD', [variant('M', 400, 1), variant('L', 450, 1)]),
      // Size names in Devanagari: several bytes a character, read by byte offsets.
      hindi: product('EEEEE', [variant('फ्री', 299, 1), variant('बड़ा', 349, 1)]),
    };
    const stored = await insertProducts(store.db, Object.values(inputs));
    Object.keys(inputs).forEach((key, i) => (ids[key] = stored[i]!));
  });
  afterAll(() => store.close());

  it('matches a product by the price of the asked size, not by its cheapest variant', async () => {
    expect(await list({ size: 'M,L', min_price: 300 })).toEqual([ids.cheapM, ids.soldOutL, ids.dear]);
    expect(await list({ size: 'M', min_price: 300 })).toEqual([ids.dear]);
    expect(await list({ size: 'L', max_price: 340 })).toEqual([]);
    expect(await list({ size: 'S,M', max_price: 300 })).toEqual([ids.cheapM, ids.soldOutL]);
  });

  it('takes size, price and stock from the same variant with "in stock"', async () => {
    expect(await list({ size: 'M,L', min_price: 300, in_stock: '1' })).toEqual([ids.cheapM, ids.dear]);
    expect(await list({ size: 'M', max_price: 299, in_stock: '1' })).toEqual([ids.cheapM, ids.soldOutL]);
  });

  it('counts settled and straddling matches once each', async () => {
    const res = await api.post('/get-products', { sub_category: String(category), size: 'M,L', min_price: 300 });
    expect(res.body.data.products).toMatchObject({ total: 3, last_page: 1, from: 1, to: 3 });
  });

  it('reads the price of a size whose name is not ASCII', async () => {
    expect(await list({ size: 'बड़ा', min_price: 300 })).toEqual([ids.hindi]);
    expect(await list({ size: 'फ्री', min_price: 300 })).toEqual([]);
    expect(await list({ size: 'फ्री,बड़ा', max_price: 300 })).toEqual([ids.hindi]);
  });

  it('filters a size whose name holds "=" by its own variant price too', async () => {
    expect(await list({ size: 'big=size', min_price: 300 })).toEqual([ids.oddSize]);
    expect(await list({ size: 'one=size', min_price: 300 })).toEqual([]);
  });

  it('counts matches up to the limit and no further', async () => {
    const everything: ListingQuery = { categoryIds: [category], sizeKeys: [], stock: 'any' };
    expect(await countProducts(store.db, store.dialect, everything)).toBe(5);
    expect(await countProducts(store.db, store.dialect, everything, undefined, 2)).toBe(2);
  });
});

describe('listing several categories, merged from one walk per category', () => {
  let store: TestDatabase;
  let api: ReturnType<typeof createTestApi>;
  const products: Array<{ id: number; category: number; price: number; name: string; created: string }> = [];
  let categories: number[] = [];

  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
    const seller = await insertSeller(store.db, 'retailer', 'Seller');
    categories = [
      await insertCategory(store.db, { name: 'One', slug: 'one', parent_id: null, position: 0 }),
      await insertCategory(store.db, { name: 'Two', slug: 'two', parent_id: null, position: 1 }),
      await insertCategory(store.db, { name: 'Three', slug: 'three', parent_id: null, position: 2 }),
    ];
    // 60 products over three categories; prices and names repeat across categories, so ties decide the order.
    const inputs: ProductInput[] = Array.from({ length: 60 }, (_, i) => ({
      sku: `M-${i}`,
      name: `Item ${String.fromCharCode(65 + (i % 5))}`,
      slug: `item-${i}`,
      description: '',
      tags: '',
      category_id: null,
      sub_category_id: categories[i % 3]!,
      category_name: '',
      retailer_id: seller,
      wholesaler_id: null,
      cover_image: '',
      product_images: '',
      created_at: `2026-01-01T00:00:${String(i % 7).padStart(2, '0')}.000Z`,
      variants: [variant(null, 100 * (1 + (i % 4)), 1)],
    }));
    const ids = await insertProducts(store.db, inputs);
    inputs.forEach((p, i) =>
      products.push({ id: ids[i]!, category: p.sub_category_id, price: 100 * (1 + (i % 4)), name: p.name, created: p.created_at }),
    );
  });
  afterAll(() => store.close());

  it('pages through two of three categories in the same order as one sort of all their products, ties by id', async () => {
    const chosen = categories.slice(0, 2);
    const expected: Record<string, (a: (typeof products)[number], b: (typeof products)[number]) => number> = {
      price_low_high: (a, b) => a.price - b.price || a.id - b.id,
      price_high_low: (a, b) => b.price - a.price || b.id - a.id,
      name_asc: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
      newest: (a, b) => b.created.localeCompare(a.created) || b.id - a.id,
    };
    for (const [sort, compare] of Object.entries(expected)) {
      const want = products.filter((p) => chosen.includes(p.category)).sort(compare).map((p) => p.id);
      const got: number[] = [];
      for (const page of [1, 2, 3, 4]) {
        const res = await api.post(`/get-products?page=${page}`, { sub_category: chosen.join(','), sort_by: sort });
        expect(res.body.data.products.total).toBe(40);
        got.push(...(res.body.data.products.data as Array<{ id: number }>).map((p) => p.id));
      }
      expect({ sort, ids: got }).toEqual({ sort, ids: want });
    }
  });
});

describe('the size_prices migrations', () => {
  let store: StoreDatabase;
  let schema: string | undefined;
  const base = process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    if (process.env.TEST_DIALECT === 'postgres') {
      schema = `test_${randomBytes(6).toString('hex')}`;
      await createPostgresSchema(base!, schema);
      store = connect({ url: base!, schema });
    } else {
      store = connect({ url: ':memory:' });
    }
  });
  afterAll(async () => {
    await store.close();
    if (schema) await dropPostgresSchema(base!, schema);
  });

  it('fills size_prices of the products already stored, as bytes, as new products get it', async () => {
    const before: Record<string, Migration> = {
      '2026-11-21-001-whole-product': wholeProduct,
      '2026-11-24-001-account-mail': accountMail,
      '2026-11-24-002-orders': orders,
      '2026-11-24-003-payments': payments,
      '2026-11-24-016-catalogue-version': catalogueVersion,
    };
    const migrator = new Migrator({
      db: store.db,
      provider: { getMigrations: async () => before },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    // Rows as a store holds them before the migration (no size_prices column yet).
    const at = '2026-01-01T00:00:00.000Z';
    const { rows: categories } = await sql<{ id: number }>`insert into categories (name, slug, created_at)
      values ('Tees', 'tees', ${at}) returning id`.execute(store.db);
    const { rows: sellers } = await sql<{ id: number }>`insert into sellers (kind, name, created_at)
      values ('retailer', 'Seller', ${at}) returning id`.execute(store.db);
    const variants = {
      sized: [variant('L', 349, 2), variant('S', 299, 0), variant('One=Size', 10, 1), variant('M', 1_499_999, 4)],
      plain: [variant(null, 499, 3)],
    };
    const productIds: Record<string, number> = {};
    for (const [sku, list] of Object.entries(variants)) {
      const { rows } = await sql<{ id: number }>`insert into products (sku, name, slug, sub_category_id, retailer_id, created_at, updated_at)
        values (${sku}, ${sku}, ${sku}, ${categories[0]!.id}, ${sellers[0]!.id}, ${at}, ${at}) returning id`.execute(store.db);
      productIds[sku] = rows[0]!.id;
      for (const [position, v] of list.entries()) {
        const key = v.product_variation?.trim().toLowerCase() ?? null;
        await sql`insert into product_variants (product_id, product_variation, size_key, old_price, price, final_price, stock, position)
          values (${rows[0]!.id}, ${v.product_variation}, ${key}, ${v.old_price}, ${v.price}, ${v.final_price}, ${v.stock}, ${position})`.execute(
          store.db,
        );
      }
    }

    await migrateToLatest(store.db, schema);
    const stored = await store.db.selectFrom('products').select(['id', 'size_prices']).orderBy('id').execute();
    // Stored as bytes (decision 038), the text's UTF-8, on both databases.
    expect(stored.map((row) => row.size_prices instanceof Uint8Array)).toEqual([true, true]);
    expect(stored.map((row) => ({ id: row.id, size_prices: Buffer.from(row.size_prices).toString('utf8') }))).toEqual([
      { id: productIds.sized, size_prices: sizePrices(variants.sized) },
      { id: productIds.plain, size_prices: '' },
    ]);
    expect(sizePrices(variants.sized)).toBe('|l=0000034900|s=0000029900|m=0149999900|');
  });
});
