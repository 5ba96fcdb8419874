import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, verifiedAccount } from '../fixtures/customer.fixtures.ts';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/** The signed-in wishlist (SPEC §4, §7; API-NOTES "Cart and wishlist"; SECURITY 19). */
describe('wishlist', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  const shopper = async () => bearer(await signIn(ctx.api, await verifiedAccount(ctx.api)));
  const addTo = (auth: Record<string, string>, productId: unknown) =>
    ctx.api.post('/customer/add-to-wishlist', { product_id: productId, retailer_id: 1, wholesaler_id: null }, auth);
  const removeFrom = (auth: Record<string, string>, productId: unknown) =>
    ctx.api.post('/customer/remove-to-wishlist', { product_id: productId }, auth);
  const list = async (auth: Record<string, string>) => (await ctx.api.get('/customer/wishlist', auth)).body.data.wishlist;

  it('answers an empty wishlist as []', async () => {
    const res = await ctx.api.get('/customer/wishlist', await shopper());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Success', data: { wishlist: [] } });
  });

  it('adds products and lists them newest first in the contract shape', async () => {
    const auth = await shopper();
    const { p03, p16 } = ctx.f.products;
    const added = await addTo(auth, p03);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ success: true, message: 'Product added to wishlist' });
    await addTo(auth, String(p16));
    expect(await list(auth)).toEqual([
      {
        wishlist_id: expect.any(Number),
        product_id: p16,
        product_name: 'Mini Wallet',
        product_slug: 'mini-wallet',
        product_images: 'http://localhost:4321/media/products/mini-wallet.jpg',
        final_price: '499.00',
        new_price: '499.00',
        old_price: '599.00',
        retailer_id: null,
        wholesaler_id: ctx.f.sellers.wholesaler,
        added_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      },
      {
        wishlist_id: expect.any(Number),
        product_id: p03,
        product_name: 'Organic Crew Tee',
        product_slug: 'organic-crew-tee',
        product_images: 'http://localhost:4321/media/products/organic-crew-tee.jpg',
        final_price: '599.00',
        new_price: '699.00',
        old_price: '899.00',
        retailer_id: ctx.f.sellers.retailer,
        wholesaler_id: null,
        added_on: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      },
    ]);
  });

  it('keeps one entry when a product is added twice, or twice at once', async () => {
    const auth = await shopper();
    const { p12, p14 } = ctx.f.products;
    await addTo(auth, p12);
    const again = await addTo(auth, p12);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, message: 'Product is already in your wishlist' });
    const parallel = await Promise.all(Array.from({ length: 5 }, () => addTo(auth, p14)));
    expect(parallel.every((a) => a.status === 200)).toBe(true);
    expect(parallel.filter((a) => a.body.message === 'Product added to wishlist')).toHaveLength(1);
    expect((await list(auth)).map((w: { product_id: number }) => w.product_id)).toEqual([p14, p12]);
  });

  it('refuses an unknown or draft product with 404', async () => {
    const auth = await shopper();
    for (const productId of [999_999, ctx.f.products.p19]) {
      const res = await addTo(auth, productId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Product not found' });
    }
    expect(await list(auth)).toEqual([]);
  });

  it('removes an entry; removing a missing one is 404', async () => {
    const auth = await shopper();
    const { p10 } = ctx.f.products;
    await addTo(auth, p10);
    const removed = await removeFrom(auth, p10);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: 'Product removed from wishlist' });
    expect(await list(auth)).toEqual([]);
    const again = await removeFrom(auth, p10);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: 'Product is not in your wishlist' });
  });

  it("leaves another shopper's wishlist untouched", async () => {
    const owner = await shopper();
    const other = await shopper();
    const { p13 } = ctx.f.products;
    await addTo(owner, p13);
    expect(await list(other)).toEqual([]);
    expect((await removeFrom(other, p13)).status).toBe(404);
    expect((await list(owner)).map((w: { product_id: number }) => w.product_id)).toEqual([p13]);
  });

  it('refuses a missing or malformed product id with 400 and a field error', async () => {
    const auth = await shopper();
    const missing = await ctx.api.post('/customer/add-to-wishlist', {}, auth);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ product_id: ['Product id is required'] });
    expect((await removeFrom(auth, 'abc')).body.errors).toEqual({ product_id: ['Product id must be a whole number above 0'] });
  });

  it('answers 401 without a bearer token', async () => {
    for (const res of [
      await ctx.api.get('/customer/wishlist'),
      await ctx.api.post('/customer/add-to-wishlist', { product_id: ctx.f.products.p12 }),
      await ctx.api.post('/customer/remove-to-wishlist', { product_id: ctx.f.products.p12 }),
    ]) {
      expect(res.status).toBe(401);
    }
  });
});
