import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupees } from '../../api/catalog/product.presenter.ts';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

describe('product items, details, new arrivals and variations', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  describe('GET /single-product-details/{slug}', () => {
    it('answers data.product as a product item with its sized variations in order', async () => {
      const { products: p, categories: c, sellers } = ctx.f;
      const res = await ctx.api.get('/single-product-details/basic-cotton-tee');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Success',
        data: {
          product: {
            id: p.p01,
            sku: 'FX-01',
            name: 'Basic Cotton Tee',
            slug: 'basic-cotton-tee',
            description: '<p>Basic Cotton Tee from the fixture range.</p>',
            tags: 'cotton, basics',
            retailer_id: sellers.retailer,
            wholesaler_id: null,
            category_id: c.clothing,
            sub_category_id: c.tshirts,
            status: 'active',
            quantity: 7,
            stock_status: 'in_stock',
            old_price: '359.00',
            new_price: '299.00',
            final_price: '299.00',
            product_images: 'http://localhost:4321/media/products/basic-cotton-tee-1.jpg,http://localhost:4321/media/products/basic-cotton-tee-2.jpg',
            cover_image: 'http://localhost:4321/media/products/basic-cotton-tee.jpg',
            created_at: '2026-01-01T10:00:00.000Z',
            productVariations: [
              { id: expect.any(Number), product_id: p.p01, product_variation: 'S', old_price: '359.00', price: '299.00', stock: 5, final_price: '299.00' },
              { id: expect.any(Number), product_id: p.p01, product_variation: 'M', old_price: '359.00', price: '299.00', stock: 0, final_price: '299.00' },
              { id: expect.any(Number), product_id: p.p01, product_variation: 'L', old_price: '419.00', price: '349.00', stock: 2, final_price: '349.00' },
            ],
          },
        },
      });
    });

    it('gives the cheapest variation\'s prices: final below price below MRP', async () => {
      const res = await ctx.api.get('/single-product-details/organic-crew-tee');
      expect(res.body.data.product).toMatchObject({ old_price: '899.00', new_price: '699.00', final_price: '599.00', quantity: 4 });
    });

    it("says 'out_of_stock' when no size has stock, 'in_stock' otherwise, as listings do", async () => {
      const soldOut = await ctx.api.get('/single-product-details/graphic-print-tee');
      expect(soldOut.body.data.product).toMatchObject({ quantity: 0, stock_status: 'out_of_stock' });
      const listing = await ctx.api.post('/get-products', {});
      const items = listing.body.data.products.data as { quantity: number; stock_status: string }[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item.stock_status).toBe(item.quantity > 0 ? 'in_stock' : 'out_of_stock');
      expect(items.map((item) => item.stock_status)).toContain('out_of_stock');
    });

    it('answers an unsized product with no variations and its stock as quantity', async () => {
      const res = await ctx.api.get('/single-product-details/mens-steel-watch');
      expect(res.body.data.product).toMatchObject({ quantity: 3, final_price: '4999.00', productVariations: [] });
    });

    it('names the wholesaler of a wholesaler product and leaves retailer_id null', async () => {
      const res = await ctx.api.get('/single-product-details/mini-wallet');
      expect(res.body.data.product).toMatchObject({ retailer_id: null, wholesaler_id: ctx.f.sellers.wholesaler });
    });

    it('sends the description sanitised: no script, handler, image or javascript link', async () => {
      const res = await ctx.api.get('/single-product-details/travel-duffel');
      expect(res.body.data.product.description).toBe(
        '<p>Weekend <strong>duffel</strong> bag<a rel="noopener noreferrer nofollow">more</a> ' +
          '<a href="/shop" rel="noopener noreferrer nofollow">shop</a></p>',
      );
    });

    it('answers ?related=N other active products of its category, newest first, as the listing orders them', async () => {
      const { categories: c, products: p } = ctx.f;
      const listing = await ctx.api.post('/get-products', { sub_category: String(c.tshirts) });
      const others = (listing.body.data.products.data as { id: number }[]).map((item) => item.id).filter((id) => id !== p.p01);
      expect(others.length).toBeGreaterThan(2);
      const res = await ctx.api.get('/single-product-details/basic-cotton-tee?related=2');
      expect(res.status).toBe(200);
      expect(res.body.data.product.id).toBe(p.p01);
      const related = res.body.data.related_products as { id: number; sub_category_id: number; productVariations: unknown[] }[];
      expect(related.map((item) => item.id)).toEqual(others.slice(0, 2));
      for (const item of related) expect(item.sub_category_id).toBe(c.tshirts);
      // The same items the listing answers, variations and all.
      const listed = listing.body.data.products.data as { id: number }[];
      expect(related).toEqual(others.slice(0, 2).map((id) => listed.find((item) => item.id === id)));
    });

    it('answers every other product of the category when fewer than asked, and none for related=0', async () => {
      const { categories: c, products: p } = ctx.f;
      const listing = await ctx.api.post('/get-products', { sub_category: String(c.tshirts) });
      const others = (listing.body.data.products.data as { id: number }[]).map((item) => item.id).filter((id) => id !== p.p01);
      const all = await ctx.api.get('/single-product-details/basic-cotton-tee?related=12');
      expect((all.body.data.related_products as { id: number }[]).map((item) => item.id)).toEqual(others.slice(0, 12));
      const none = await ctx.api.get('/single-product-details/basic-cotton-tee?related=0');
      expect(none.body.data).toEqual({ product: expect.objectContaining({ id: p.p01 }) });
    });

    it('refuses a related count that is not a whole number from 0 to 12, naming the rule', async () => {
      for (const related of ['13', '-1', '1.5', 'four', '999999']) {
        const res = await ctx.api.get(`/single-product-details/basic-cotton-tee?related=${related}`);
        expect(res.status, related).toBe(400);
        expect(JSON.stringify(res.body), related).toContain('Related must be a whole number from 0 to 12');
      }
    });

    it('answers 404 "Product not found" for an unknown, hidden or malformed slug', async () => {
      const paths = [
        '/single-product-details/no-such-product',
        '/single-product-details/hidden-draft-tee',
        '/single-product-details/bad%20slug!',
        '/single-product-details/..%2F..%2Fetc%2Fpasswd',
        '/single-product-details/a/b',
        '/single-product-details/%00',
        '/single-product-details/%E0%A4%A',
        `/single-product-details/${'a'.repeat(300)}`,
        '/single-product-details/',
        '/single-product-details',
      ];
      for (const path of paths) {
        const res = await ctx.api.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ success: false, message: 'Product not found' });
      }
    });
  });

  describe('GET /new-arrivals', () => {
    it('answers at most 12 in-stock active products, newest first', async () => {
      const res = await ctx.api.get('/new-arrivals');
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
      expect(res.body.data.products.map((p: { id: number }) => p.id)).toEqual(
        ctx.f.ids('p18', 'p17', 'p16', 'p14', 'p13', 'p12', 'p10', 'p09', 'p08', 'p06', 'p05', 'p04'),
      );
      expect(res.body.data.products[0]).toMatchObject({ name: 'Wool Beanie Cap', final_price: '599.00', productVariations: [] });
    });
  });

  describe('POST /subcategory-variations', () => {
    it('answers one entry per known category in the asked order, tidied', async () => {
      const { tshirts, shirts, watches } = ctx.f.categories;
      const res = await ctx.api.post('/subcategory-variations', { sub_category_id: [tshirts, shirts, 999999, watches] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Success',
        data: [
          { sub_category_id: tshirts, sub_category_variation: 'S, M, L, XL' },
          { sub_category_id: shirts, sub_category_variation: 'S, M, L' },
          { sub_category_id: watches, sub_category_variation: '' },
        ],
      });
    });

    it('accepts a comma string and string ids, and refuses a form body with 415', async () => {
      const { tshirts, caps } = ctx.f.categories;
      const expected = [
        { sub_category_id: caps, sub_category_variation: 'Free Size' },
        { sub_category_id: tshirts, sub_category_variation: 'S, M, L, XL' },
      ];
      expect((await ctx.api.post('/subcategory-variations', { sub_category_id: `${caps},${tshirts}` })).body.data).toEqual(expected);
      expect((await ctx.api.post('/subcategory-variations', { sub_category_id: [String(caps), String(tshirts)] })).body.data).toEqual(expected);
      const form = new FormData();
      form.append('sub_category_id[]', `${caps},${tshirts}`);
      // Only /get-products takes a multipart form (SPEC §7); everything else is JSON (SECURITY.md 35).
      expect((await ctx.api.call('POST', '/subcategory-variations', { body: form })).status).toBe(415);
    });

    it('answers an empty list for no ids', async () => {
      for (const body of [{}, { sub_category_id: [] }, { sub_category_id: '' }]) {
        const res = await ctx.api.post('/subcategory-variations', body);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual([]);
      }
    });
  });

  describe('rupee strings', () => {
    it('renders paise with two decimals and no grouping', () => {
      expect(rupees(0)).toBe('0.00');
      expect(rupees(5)).toBe('0.05');
      expect(rupees(129900)).toBe('1299.00');
      expect(rupees(1234567899)).toBe('12345678.99');
    });
  });
});
