import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, verifiedAccount } from '../fixtures/customer.fixtures.ts';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/**
 * POST /customer/add-to-cart-guest: a guest cart merged into the signed-in
 * cart after sign-in (SPEC §4-§5; API-NOTES). Fixture stock: p01 S 5 / M 0 /
 * L 2, p10 unsized 3, p11 sold out, p12 unsized 7, p14 unsized 10.
 */
describe('guest cart merge', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  const shopper = async () => bearer(await signIn(ctx.api, await verifiedAccount(ctx.api)));
  const variantOf = async (productId: number, size: string) =>
    Number(
      (
        await ctx.store.db
          .selectFrom('product_variants')
          .select('id')
          .where('product_id', '=', productId)
          .where('product_variation', '=', size)
          .executeTakeFirstOrThrow()
      ).id,
    );
  const merge = (auth: Record<string, string>, cartItems: unknown) =>
    ctx.api.post('/customer/add-to-cart-guest', { cart_items: cartItems }, auth);
  const quantities = async (auth: Record<string, string>) => {
    const lines = (await ctx.api.get('/customer/cart', auth)).body.data.cart as Array<{
      product_id: number;
      quantity: number;
      selected_variant: { product_variation: string } | null;
    }>;
    return Object.fromEntries(lines.map((l) => [`${l.product_id}:${l.selected_variant?.product_variation ?? '-'}`, l.quantity]));
  };

  it('merges guest lines into an empty cart, taking the size from selected_variant or id', async () => {
    const auth = await shopper();
    const { p01, p12 } = ctx.f.products;
    const s = await variantOf(p01, 'S');
    const l = await variantOf(p01, 'L');
    const res = await merge(auth, [
      { product_id: p01, quantity: 2, retailer_id: ctx.f.sellers.retailer, wholesaler_id: null, selected_variant: { id: s, product_variation: 'S' } },
      { product_id: p01, quantity: 1, id: l, selected_variant: null },
      { product_id: p12, quantity: 3, selected_variant: null, id: null },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Cart updated successfully', data: { merged: 3, skipped: 0 } });
    expect(await quantities(auth)).toEqual({ [`${p01}:S`]: 2, [`${p01}:L`]: 1, [`${p12}:-`]: 3 });
  });

  it('sums into existing lines within min(5, stock)', async () => {
    const auth = await shopper();
    const { p01, p10, p14 } = ctx.f.products;
    const l = await variantOf(p01, 'L');
    await ctx.api.post('/customer/add-to-cart', { product_id: p14, id: null, quantity: 4 }, auth);
    await ctx.api.post('/customer/add-to-cart', { product_id: p10, id: null, quantity: 1 }, auth);
    await ctx.api.post('/customer/add-to-cart', { product_id: p01, id: l, quantity: 1 }, auth);
    const res = await merge(auth, [
      { product_id: p14, quantity: 3 }, // 4 + 3 -> 5
      { product_id: p10, quantity: 1 }, // 1 + 1 -> 2
      { product_id: p01, id: l, quantity: 5 }, // stock 2
      { product_id: p10, quantity: 5 }, // the same line twice: 2 + 5 -> stock 3
    ]);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await quantities(auth)).toEqual({ [`${p14}:-`]: 5, [`${p10}:-`]: 3, [`${p01}:L`]: 2 });
  });

  it('skips items that cannot be added, reports them per item and merges the rest', async () => {
    const auth = await shopper();
    const { p01, p03, p11, p12, p19 } = ctx.f.products;
    const res = await merge(auth, [
      { product_id: 999_999, quantity: 1 },
      { product_id: p12, quantity: 2 },
      { product_id: p11, quantity: 1 },
      { product_id: p01, quantity: 1, selected_variant: { id: await variantOf(p01, 'M') } },
      { product_id: p01, quantity: 1, id: await variantOf(p03, 'M') },
      { product_id: p01, quantity: 1 },
      { product_id: p19, quantity: 1, id: await variantOf(p19, 'S') },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Cart updated successfully',
      data: { merged: 1, skipped: 6 },
      errors: {
        'cart_items.0': ['Product not found'],
        'cart_items.2': ['This item is out of stock'],
        'cart_items.3': ['This item is out of stock'],
        'cart_items.4': ['Product variant not found'],
        'cart_items.5': ['Please select a size'],
        'cart_items.6': ['Product not found'],
      },
    });
    expect(await quantities(auth)).toEqual({ [`${p12}:-`]: 2 });
  });

  it('says so when no item could be added', async () => {
    const auth = await shopper();
    const res = await merge(auth, [{ product_id: ctx.f.products.p11, quantity: 1 }]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'No items could be added to the cart', errors: { 'cart_items.0': ['This item is out of stock'] } });
    expect(await quantities(auth)).toEqual({});
  });

  it('refuses an empty list, a missing list and out-of-range quantities with 400', async () => {
    const auth = await shopper();
    const empty = await merge(auth, []);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ success: false, message: 'There are no cart items to add', errors: { cart_items: ['There are no cart items to add'] } });
    expect((await ctx.api.post('/customer/add-to-cart-guest', {}, auth)).status).toBe(400);
    const tooMany = await merge(auth, [{ product_id: ctx.f.products.p12, quantity: 6 }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ 'cart_items.0.quantity': ['Quantity must be a whole number between 1 and 5'] });
    const many = Array.from({ length: 51 }, () => ({ product_id: ctx.f.products.p12, quantity: 1 }));
    expect((await merge(auth, many)).status).toBe(400);
    expect(await quantities(auth)).toEqual({});
  });

  it('answers 401 without a bearer token and changes nothing', async () => {
    const res = await ctx.api.post('/customer/add-to-cart-guest', { cart_items: [{ product_id: ctx.f.products.p12, quantity: 1 }] });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'User not authenticated' });
  });

  describe('with an Idempotency-Key', () => {
    const keyed = (auth: Record<string, string>, cartItems: unknown, key: string) =>
      ctx.api.post('/customer/add-to-cart-guest', { cart_items: cartItems }, { ...auth, 'Idempotency-Key': key });

    it('a retried sync replays the first answer and adds the lines once', async () => {
      const auth = await shopper();
      const { p12, p14 } = ctx.f.products;
      const items = [
        { product_id: p12, quantity: 2 },
        { product_id: p14, quantity: 1 },
      ];
      const first = await keyed(auth, items, 'sync-retry-0001');
      const again = await keyed(auth, items, 'sync-retry-0001');
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(first.body).toEqual({ success: true, message: 'Cart updated successfully', data: { merged: 2, skipped: 0 } });
      expect(await quantities(auth)).toEqual({ [`${p12}:-`]: 2, [`${p14}:-`]: 1 });
    });

    it('ten parallel sends of one sync add the lines exactly once', async () => {
      const auth = await shopper();
      const { p12 } = ctx.f.products;
      const items = [{ product_id: p12, quantity: 2 }];
      const answers = await Promise.all(Array.from({ length: 10 }, () => keyed(auth, items, 'sync-parallel-0001')));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await quantities(auth)).toEqual({ [`${p12}:-`]: 2 });
    });

    it('a new key is a new sync; the same key with other lines is refused with 422', async () => {
      const auth = await shopper();
      const { p12, p14 } = ctx.f.products;
      await keyed(auth, [{ product_id: p12, quantity: 1 }], 'sync-a-0001');
      expect((await keyed(auth, [{ product_id: p12, quantity: 1 }], 'sync-b-0001')).status).toBe(200);
      const reused = await keyed(auth, [{ product_id: p14, quantity: 1 }], 'sync-a-0001');
      expect(reused.status).toBe(422);
      expect(reused.body).toEqual({ success: false, message: 'This Idempotency-Key was already used for a different request' });
      expect(await quantities(auth)).toEqual({ [`${p12}:-`]: 2 });
    });

    it("one shopper's key does not touch another's sync", async () => {
      const first = await shopper();
      const second = await shopper();
      const { p12 } = ctx.f.products;
      await keyed(first, [{ product_id: p12, quantity: 3 }], 'sync-shared-0001');
      const other = await keyed(second, [{ product_id: p12, quantity: 1 }], 'sync-shared-0001');
      expect(other.body).toMatchObject({ success: true, data: { merged: 1 } });
      expect(await quantities(second)).toEqual({ [`${p12}:-`]: 1 });
    });

    it('a refused sync leaves no key behind, so its retry runs', async () => {
      const auth = await shopper();
      const { p12 } = ctx.f.products;
      expect((await keyed(auth, [{ product_id: p12, quantity: 9 }], 'sync-bad-0001')).status).toBe(400);
      expect((await keyed(auth, [{ product_id: p12, quantity: 1 }], 'sync-bad-0001')).status).toBe(200);
      expect(await quantities(auth)).toEqual({ [`${p12}:-`]: 1 });
    });

    it('keeps a key for a day: an older one is dropped when the shopper syncs again, and its repeat runs afresh', async () => {
      const auth = await shopper();
      const { p12 } = ctx.f.products;
      const items = [{ product_id: p12, quantity: 1 }];
      await keyed(auth, items, 'sync-old-0001');
      const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000).toISOString();
      await ctx.store.db.updateTable('idempotency_keys').set({ created_at: dayAndMinuteAgo }).where('idempotency_key', '=', 'sync-old-0001').execute();
      await keyed(auth, items, 'sync-new-0001');
      const kept = await ctx.store.db.selectFrom('idempotency_keys').select('idempotency_key').where('idempotency_key', 'in', ['sync-old-0001', 'sync-new-0001']).execute();
      expect(kept.map((row) => row.idempotency_key)).toEqual(['sync-new-0001']);
      expect((await keyed(auth, items, 'sync-old-0001')).body).toMatchObject({ success: true, data: { merged: 1 } });
      expect(await quantities(auth)).toEqual({ [`${p12}:-`]: 3 });
    });

    it('refuses an empty, over-long or non-ASCII key with 400 and adds nothing', async () => {
      const auth = await shopper();
      const items = [{ product_id: ctx.f.products.p12, quantity: 1 }];
      for (const key of ['', 'x'.repeat(256), 'clé-0001', 'has space']) {
        const res = await keyed(auth, items, key);
        expect(res.status, JSON.stringify(key)).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: 'Idempotency-Key must be 1 to 255 visible characters',
          errors: { 'Idempotency-Key': ['Idempotency-Key must be 1 to 255 visible characters'] },
        });
      }
      expect(await quantities(auth)).toEqual({});
    });
  });

  it('two merges of one guest cart at once stay within the bounds', async () => {
    const auth = await shopper();
    const { p12, p14 } = ctx.f.products;
    const items = [
      { product_id: p14, quantity: 3 },
      { product_id: p12, quantity: 2 },
    ];
    const answers = await Promise.all([merge(auth, items), merge(auth, [...items].reverse()), merge(auth, items)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await quantities(auth)).toEqual({ [`${p14}:-`]: 5, [`${p12}:-`]: 5 });
  });
});
