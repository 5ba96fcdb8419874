import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { DEMO_COUPONS, DEMO_CUSTOMERS, DEMO_STORE_NAME, seedDemoStore } from '../../api/db/seed/demo-store.ts';
import { seedLargeCatalog } from '../../api/db/seed/large-catalog.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

describe('demo store seed', () => {
  let store: StoreDatabase;
  let first: Awaited<ReturnType<typeof seedDemoStore>>;
  beforeAll(async () => {
    store = await createTestDatabase();
    first = await seedDemoStore(store.db);
  });
  afterAll(() => store.close());

  const db = () => store.db;

  it('creates the store with its name, logo and theme colours', async () => {
    const settings = await db().selectFrom('store_settings').selectAll().executeTakeFirstOrThrow();
    expect(settings.store_name).toBe(DEMO_STORE_NAME);
    expect(settings.logo).toMatch(/^\/media\/store\/logo\.svg$/);
    for (const colour of [
      settings.background_color,
      settings.button_background_color,
      settings.top_header_background_color,
      settings.header_background_color,
      settings.footer_background_color,
      settings.bottom_footer_background_color,
    ]) {
      expect(colour).toMatch(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
    }
  });

  it('creates 12 categories with images, so the header needs Show more', async () => {
    const categories = await db().selectFrom('categories').selectAll().where('parent_id', 'is not', null).execute();
    expect(categories).toHaveLength(12);
    for (const category of categories) expect(category.image).toMatch(/^\/media\/categories\/.+\.webp$/);
    expect(first.categories).toBe(12);
  });

  it('creates at least 80 products from both retailers and wholesalers', async () => {
    const products = await db().selectFrom('products').select(['retailer_id', 'wholesaler_id']).execute();
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(products.some((p) => p.retailer_id !== null)).toBe(true);
    expect(products.some((p) => p.wholesaler_id !== null)).toBe(true);
  });

  it('gives most sized products variants with their own price and stock', async () => {
    const variants = await db()
      .selectFrom('product_variants')
      .select(['product_id', 'product_variation', 'final_price', 'stock'])
      .execute();
    const byProduct = new Map<number, typeof variants>();
    for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
    const sized = [...byProduct.values()].filter((vs) => vs.every((v) => v.product_variation !== null));
    expect(sized.length).toBeGreaterThan(byProduct.size / 2);
    expect(sized.some((vs) => new Set(vs.map((v) => v.final_price)).size > 1)).toBe(true);
    expect(sized.some((vs) => new Set(vs.map((v) => v.stock)).size > 1)).toBe(true);
    // Unsized products have exactly one variant, with no size name.
    for (const vs of byProduct.values()) {
      if (vs.some((v) => v.product_variation === null)) expect(vs).toHaveLength(1);
    }
  });

  it('has sold-out products and products with only one or two left', async () => {
    const products = await db().selectFrom('products').select(['id', 'total_stock']).execute();
    expect(products.filter((p) => p.total_stock === 0).length).toBeGreaterThanOrEqual(5);
    const lowStock = await db()
      .selectFrom('product_variants')
      .select('product_id')
      .distinct()
      .where('stock', 'in', [1, 2])
      .execute();
    expect(lowStock.length).toBeGreaterThanOrEqual(5);
  });

  it('creates a percentage, a flat and an expired coupon', async () => {
    const coupons = await db().selectFrom('coupons').selectAll().orderBy('code').execute();
    expect(coupons.map((c) => c.code).sort()).toEqual(DEMO_COUPONS.map((c) => c.code).sort());
    expect(coupons.some((c) => c.kind === 'percent' && c.expires_at === null)).toBe(true);
    expect(coupons.some((c) => c.kind === 'flat')).toBe(true);
    expect(coupons.filter((c) => c.expires_at !== null && c.expires_at < new Date().toISOString())).toHaveLength(1);
  });

  it('creates the two demo customers with argon2id hashes of the documented password', async () => {
    const customers = await db().selectFrom('customers').selectAll().orderBy('id').execute();
    expect(customers.map((c) => c.email)).toEqual(DEMO_CUSTOMERS.map((c) => c.email));
    for (const [i, customer] of customers.entries()) {
      expect(customer.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verify(customer.password_hash!, DEMO_CUSTOMERS[i]!.password)).toBe(true);
      expect(customer.email_verified_at).not.toBeNull();
    }
    expect(customers[0]!.password_hash).not.toBe(customers[1]!.password_hash);
  });

  it('adds nothing when run a second time', async () => {
    const before = await db().selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const again = await seedDemoStore(db());
    expect(again.seeded).toBe(false);
    const after = await db().selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('is deterministic: another fresh database gets the same products', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoStore(other.db);
      const slugs = (s: StoreDatabase) =>
        s.db.selectFrom('products').select(['slug', 'min_final_price', 'total_stock']).orderBy('slug').execute();
      expect(await slugs(other)).toEqual(await slugs(store));
    } finally {
      await other.close();
    }
  });

  it('grows a large catalogue to exactly the asked number of products', async () => {
    const result = await seedLargeCatalog(db(), { products: 500, dialect: store.dialect });
    expect(result.total).toBe(500);
    const count = await db().selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(500);
    const again = await seedLargeCatalog(db(), { products: 500, dialect: store.dialect });
    expect(again.inserted).toBe(0);
  });
});
