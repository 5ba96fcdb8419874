import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, verifiedAccount } from '../fixtures/customer.fixtures.ts';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/**
 * The signed-in cart (SPEC §4-§5, §9; API-NOTES "Cart and wishlist"; SECURITY
 * 13, 19) over the catalogue fixture: p01 sized S 5 / M 0 / L 2, p03 M 3 / XL 1,
 * p08 L 6, p10 unsized 3, p11 sold out, p12 unsized 7, p14 unsized 10,
 * p16 wholesaler 4, p19 a draft.
 */
describe('signed-in cart', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  /** A new signed-in shopper's headers, so no test sees another's lines. */
  const shopper = async () => bearer(await signIn(ctx.api, await verifiedAccount(ctx.api)));
  const variantOf = async (productId: number, size: string | null) => {
    let q = ctx.store.db.selectFrom('product_variants').select('id').where('product_id', '=', productId);
    q = size === null ? q.where('product_variation', 'is', null) : q.where('product_variation', '=', size);
    return Number((await q.executeTakeFirstOrThrow()).id);
  };
  const setStock = (variantId: number, stock: number) =>
    ctx.store.db.updateTable('product_variants').set({ stock }).where('id', '=', variantId).execute();
  const storedLines = (productId: number) =>
    ctx.store.db.selectFrom('cart_items').select(['customer_id', 'variant_id', 'quantity']).where('product_id', '=', productId).execute();
  const add = (auth: Record<string, string>, body: Record<string, unknown>) => ctx.api.post('/customer/add-to-cart', body, auth);
  const cart = async (auth: Record<string, string>) => (await ctx.api.get('/customer/cart', auth)).body.data.cart;

  describe('POST /customer/add-to-cart', () => {
    it('creates a line and answers data.results[0] with the line, its id and the new total', async () => {
      const auth = await shopper();
      const { p01 } = ctx.f.products;
      const res = await add(auth, { product_id: p01, id: await variantOf(p01, 'S'), quantity: 1, retailer_id: ctx.f.sellers.retailer, wholesaler_id: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: 'Item added successfully in cart.',
        data: {
          results: [
            { cart_id: expect.any(Number), product_id: p01, quantity: 1, product_stock: 5, status: 'added', message: 'Item added successfully in cart.', wishlist_id: null },
          ],
        },
      });
      expect(res.body.data.results[0].cart_id).toBe((await cart(auth))[0].cart_id);
    });

    it('sums a second add into the line and says the cart was updated', async () => {
      const auth = await shopper();
      const { p12 } = ctx.f.products;
      await add(auth, { product_id: p12, id: null, quantity: 2 });
      const res = await add(auth, { product_id: p12, id: null, quantity: 2 });
      expect(res.body.message).toBe('Cart updated successfully');
      expect(res.body.data.results[0]).toMatchObject({ quantity: 4, status: 'updated', product_stock: 7 });
      expect(await cart(auth)).toHaveLength(1);
    });

    it('never takes a line above 5, nor above the stock, and reports the limit', async () => {
      const auth = await shopper();
      const { p12, p01 } = ctx.f.products;
      await add(auth, { product_id: p12, id: null, quantity: 4 });
      const capped = await add(auth, { product_id: p12, id: null, quantity: 3 });
      expect(capped.status).toBe(200);
      expect(capped.body.data.results[0]).toMatchObject({ quantity: 5, status: 'limited', message: 'At most 5 of an item can be in the cart' });

      const size = await variantOf(p01, 'L'); // stock 2
      const first = await add(auth, { product_id: p01, id: size, quantity: 5 });
      expect(first.body.message).toBe('Item added successfully in cart.');
      expect(first.body.data.results[0]).toMatchObject({ quantity: 2, status: 'limited', message: 'Only 2 in stock: the cart holds 2' });
      expect((await add(auth, { product_id: p01, id: size, quantity: 1 })).body.data.results[0].quantity).toBe(2);
    });

    it('takes a negative quantity off the line, never below 1', async () => {
      const auth = await shopper();
      const { p14 } = ctx.f.products;
      await add(auth, { product_id: p14, id: null, quantity: 4 });
      const less = await add(auth, { product_id: p14, id: null, quantity: -1 });
      expect(less.status).toBe(200);
      expect(less.body).toMatchObject({ success: true, message: 'Cart updated successfully' });
      expect(less.body.data.results[0]).toMatchObject({ quantity: 3, status: 'updated' });
      expect((await add(auth, { product_id: p14, id: null, quantity: -5 })).body.data.results[0].quantity).toBe(1);
      expect((await cart(auth))[0].quantity).toBe(1);
    });

    it('answers 404 for a negative quantity when there is no line to decrease', async () => {
      const auth = await shopper();
      const res = await add(auth, { product_id: ctx.f.products.p14, id: null, quantity: -1 });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'This item is not in your cart' });
      expect(await cart(auth)).toEqual([]);
    });

    it('refuses a product with sizes when no size is given (400)', async () => {
      const auth = await shopper();
      const res = await add(auth, { product_id: ctx.f.products.p01, id: null, quantity: 1 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Please select a size', errors: { id: ['Please select a size'] } });
    });

    it("refuses another product's variant, an unknown product and a draft with 404", async () => {
      const auth = await shopper();
      const { p01, p03, p19 } = ctx.f.products;
      const foreign = await add(auth, { product_id: p01, id: await variantOf(p03, 'M'), quantity: 1 });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ success: false, message: 'Product variant not found' });
      const unknown = await add(auth, { product_id: 999_999, id: null, quantity: 1 });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Product not found');
      const draft = await add(auth, { product_id: p19, id: await variantOf(p19, 'S'), quantity: 1 });
      expect(draft.status).toBe(404);
      expect(await cart(auth)).toEqual([]);
    });

    it('refuses a sold-out variant or product with 409 and creates no line', async () => {
      const auth = await shopper();
      const { p01, p11 } = ctx.f.products;
      const size = await add(auth, { product_id: p01, id: await variantOf(p01, 'M'), quantity: 1 });
      expect(size.status).toBe(409);
      expect(size.body).toEqual({ success: false, message: 'This item is out of stock' });
      expect((await add(auth, { product_id: p11, id: null, quantity: 1 })).status).toBe(409);
      expect(await storedLines(p11)).toEqual([]);
      expect(await cart(auth)).toEqual([]);
    });

    it('adds an unsized product with id null, or with its single variant id', async () => {
      const auth = await shopper();
      const { p10 } = ctx.f.products;
      expect((await add(auth, { product_id: p10, id: null, quantity: 1 })).status).toBe(200);
      const again = await add(auth, { product_id: p10, id: await variantOf(p10, null), quantity: 1 });
      expect(again.body.data.results[0]).toMatchObject({ quantity: 2, product_stock: 3 });
      expect(await cart(auth)).toHaveLength(1);
    });

    it('clamps a line down to a stock that has fallen, on the next add', async () => {
      const auth = await shopper();
      const { p08 } = ctx.f.products;
      const size = await variantOf(p08, 'L');
      await add(auth, { product_id: p08, id: size, quantity: 4 });
      await setStock(size, 2);
      try {
        const res = await add(auth, { product_id: p08, id: size, quantity: 1 });
        expect(res.status).toBe(200);
        expect(res.body.data.results[0]).toMatchObject({ quantity: 2, product_stock: 2, status: 'limited' });
        await setStock(size, 1);
        const minus = await add(auth, { product_id: p08, id: size, quantity: -1 });
        expect(minus.body.data.results[0]).toMatchObject({ quantity: 1, status: 'updated' });
      } finally {
        await setStock(size, 6);
      }
    });

    it('reports the wishlist entry of the product', async () => {
      const auth = await shopper();
      const { p14 } = ctx.f.products;
      await ctx.api.post('/customer/add-to-wishlist', { product_id: p14 }, auth);
      const res = await add(auth, { product_id: p14, quantity: 1 });
      expect(res.body.data.results[0].wishlist_id).toEqual(expect.any(Number));
    });

    it('answers 401 without a bearer token', async () => {
      const res = await ctx.api.post('/customer/add-to-cart', { product_id: ctx.f.products.p14, id: null, quantity: 1 });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'User not authenticated' });
    });
  });

  describe('parallel adds (SECURITY 13)', () => {
    const tenAdds = async (productId: number) => {
      const auth = await shopper();
      const answers = await Promise.all(Array.from({ length: 10 }, () => add(auth, { product_id: productId, id: null, quantity: 1 })));
      for (const answer of answers) {
        expect([200, 409]).toContain(answer.status);
        expect(typeof answer.body.success).toBe('boolean');
      }
      const lines = await cart(auth);
      expect(lines).toHaveLength(1);
      return { answers, quantity: lines[0].quantity as number, auth };
    };

    it('ten parallel +1 adds on a fresh line end at exactly 5', async () => {
      const { answers, quantity } = await tenAdds(ctx.f.products.p14);
      expect(quantity).toBe(5);
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(Math.max(...answers.map((a) => a.body.data.results[0].quantity))).toBe(5);
      const stored = await storedLines(ctx.f.products.p14);
      expect(stored.every((l) => l.quantity >= 1 && l.quantity <= 5)).toBe(true);
    });

    it('ten parallel +1 adds with a stock of 3 end at exactly 3', async () => {
      const { quantity } = await tenAdds(ctx.f.products.p10);
      expect(quantity).toBe(3);
    });
  });

  describe('POST /customer/remove-to-cart', () => {
    const remove = (auth: Record<string, string>, body: Record<string, unknown>) => ctx.api.post('/customer/remove-to-cart', body, auth);

    it("removes the shopper's own line", async () => {
      const auth = await shopper();
      const { p12 } = ctx.f.products;
      await add(auth, { product_id: p12, id: null, quantity: 1 });
      const res = await remove(auth, { retailer_product_id: p12, variant_id: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Item removed from cart' });
      expect(await cart(auth)).toEqual([]);
    });

    it('removes only the given size of a product', async () => {
      const auth = await shopper();
      const { p01 } = ctx.f.products;
      const [s, l] = [await variantOf(p01, 'S'), await variantOf(p01, 'L')];
      await add(auth, { product_id: p01, id: s, quantity: 2 });
      await add(auth, { product_id: p01, id: l, quantity: 1 });
      expect((await remove(auth, { product_id: p01, variant_id: s })).status).toBe(200);
      const lines = await cart(auth);
      expect(lines).toHaveLength(1);
      expect(lines[0].selected_variant).toMatchObject({ id: l, product_variation: 'L' });
      // No unsized line of a sized product: nothing to remove.
      expect((await remove(auth, { product_id: p01, variant_id: null })).status).toBe(404);
    });

    it("answers 404 for another shopper's line and leaves it intact, same as a missing one", async () => {
      const owner = await shopper();
      const other = await shopper();
      const { p12, p13 } = ctx.f.products;
      await add(owner, { product_id: p12, id: null, quantity: 2 });
      const foreign = await remove(other, { product_id: p12, variant_id: null });
      const missing = await remove(other, { product_id: p13, variant_id: null });
      expect(foreign.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      expect(foreign.body).toEqual({ success: false, message: 'This item is not in your cart' });
      expect(await cart(owner)).toEqual([expect.objectContaining({ product_id: p12, quantity: 2 })]);
    });
  });

  describe('GET /customer/cart', () => {
    it('answers an empty cart as []', async () => {
      const res = await ctx.api.get('/customer/cart', await shopper());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Success', data: { cart: [] } });
    });

    it("lists only the shopper's lines, newest first, with the contract's fields and prices", async () => {
      const auth = await shopper();
      const neighbour = await shopper();
      const { p03, p10, p16, p17 } = ctx.f.products;
      const m = await variantOf(p03, 'M');
      await add(neighbour, { product_id: p17, id: null, quantity: 1 });
      await add(auth, { product_id: p03, id: m, quantity: 2 });
      await add(auth, { product_id: p10, id: null, quantity: 1 });
      await add(auth, { product_id: p16, id: null, quantity: 3 });
      const lines = await cart(auth);
      expect(lines).toEqual([
        {
          cart_id: expect.any(Number),
          product_id: p16,
          product_name: 'Mini Wallet',
          product_slug: 'mini-wallet',
          product_images: 'http://localhost:4321/media/products/mini-wallet.jpg',
          quantity: 3,
          product_stock: 4,
          final_price: '499.00',
          retailer_id: null,
          wholesaler_id: ctx.f.sellers.wholesaler,
          selected_variant: null,
        },
        {
          cart_id: expect.any(Number),
          product_id: p10,
          retailer_product_id: p10,
          product_name: "Men's Steel Watch",
          product_slug: 'mens-steel-watch',
          product_images: 'http://localhost:4321/media/products/mens-steel-watch.jpg',
          quantity: 1,
          product_stock: 3,
          final_price: '4999.00',
          retailer_id: ctx.f.sellers.retailer,
          wholesaler_id: null,
          selected_variant: null,
        },
        {
          cart_id: expect.any(Number),
          product_id: p03,
          retailer_product_id: p03,
          product_name: 'Organic Crew Tee',
          product_slug: 'organic-crew-tee',
          product_images: 'http://localhost:4321/media/products/organic-crew-tee.jpg',
          quantity: 2,
          product_stock: 3,
          final_price: '599.00',
          retailer_id: ctx.f.sellers.retailer,
          wholesaler_id: null,
          selected_variant: { id: m, product_variation: 'M', final_price: '599.00', stock: 3 },
        },
      ]);
      expect(new Set(lines.map((l: { cart_id: number }) => l.cart_id)).size).toBe(3);
    });

    it('answers 401 without a bearer token', async () => {
      expect((await ctx.api.get('/customer/cart')).status).toBe(401);
    });
  });
});
