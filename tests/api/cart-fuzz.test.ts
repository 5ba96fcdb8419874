import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, verifiedAccount } from '../fixtures/customer.fixtures.ts';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/** Cart and wishlist endpoints under odd input: 400 (or 401/404/409), never 5xx. */
const ODD_VALUES: unknown[] = [
  null, 0, -1, 1.5, -0.5, 6, -6, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, true, false, [], {}, [1], { id: 1 },
  '', ' ', 'x', '3', ' 3 ', '-3', '1e3', '0x10', '+1', 'x'.repeat(5000), '\u0000', '💥', '<script>', "' or 1=1 --",
];
const RAW_BODIES = ['', 'null', '[]', '"text"', '42', '{', '{"product_id":', 'not json at all', '{"cart_items":{}}'];

describe('cart and wishlist endpoints under odd input', () => {
  let ctx: CatalogTestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
    auth = bearer(await signIn(ctx.api, await verifiedAccount(ctx.api)));
  });
  afterAll(() => ctx.store.close());

  /** A valid body per endpoint, so one odd field at a time reaches past the rest. */
  const endpoints = () => {
    const { p12 } = ctx.f.products;
    const item = { product_id: p12, quantity: 1, id: null, selected_variant: null, retailer_id: 1, wholesaler_id: null };
    return [
      { path: '/customer/add-to-cart', base: { product_id: p12, id: null, quantity: 1, retailer_id: 1, wholesaler_id: null } as Record<string, unknown> },
      { path: '/customer/remove-to-cart', base: { product_id: p12, retailer_product_id: p12, variant_id: null } as Record<string, unknown> },
      { path: '/customer/add-to-cart-guest', base: { cart_items: [item] } as Record<string, unknown>, item },
      { path: '/customer/add-to-wishlist', base: { product_id: p12, retailer_id: 1, wholesaler_id: null } as Record<string, unknown> },
      { path: '/customer/remove-to-wishlist', base: { product_id: p12 } as Record<string, unknown> },
    ];
  };

  const expectNo5xx = (status: number, label: string) => {
    expect(status, label).toBeLessThan(500);
    expect([200, 400, 401, 404, 409, 413], label).toContain(status);
  };

  it('never answers 5xx to an odd value in any field', { timeout: 120_000 }, async () => {
    for (const { path, base, item } of endpoints()) {
      for (const field of Object.keys(base)) {
        for (const value of ODD_VALUES) {
          const res = await ctx.api.post(path, { ...base, [field]: value }, auth);
          expectNo5xx(res.status, `${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
        }
      }
      if (!item) continue;
      for (const field of Object.keys(item)) {
        for (const value of ODD_VALUES) {
          const res = await ctx.api.post(path, { cart_items: [{ ...item, [field]: value }] }, auth);
          expectNo5xx(res.status, `${path} cart_items.0.${field}=${JSON.stringify(value)?.slice(0, 40)}`);
        }
      }
      for (const value of ODD_VALUES) {
        const res = await ctx.api.post(path, { cart_items: [value] }, auth);
        expectNo5xx(res.status, `${path} cart_items.0=${JSON.stringify(value)?.slice(0, 40)}`);
      }
    }
    const cart = (await ctx.api.get('/customer/cart', auth)).body.data.cart as Array<{ quantity: number }>;
    expect(cart.every((line) => line.quantity >= 1 && line.quantity <= 5)).toBe(true);
  });

  it('refuses malformed ids and quantities with 400 and a field error', async () => {
    const { p12 } = ctx.f.products;
    const cases: [string, Record<string, unknown>, string][] = [
      ['/customer/add-to-cart', { id: null, quantity: 1 }, 'product_id'],
      ['/customer/add-to-cart', { product_id: 'abc', quantity: 1 }, 'product_id'],
      ['/customer/add-to-cart', { product_id: p12, quantity: 0 }, 'quantity'],
      ['/customer/add-to-cart', { product_id: p12, quantity: 6 }, 'quantity'],
      ['/customer/add-to-cart', { product_id: p12, quantity: -6 }, 'quantity'],
      ['/customer/add-to-cart', { product_id: p12, quantity: 1.5 }, 'quantity'],
      ['/customer/add-to-cart', { product_id: p12, quantity: true }, 'quantity'],
      ['/customer/add-to-cart', { product_id: p12, id: -2, quantity: 1 }, 'id'],
      ['/customer/add-to-cart', { product_id: p12, id: 'M', quantity: 1 }, 'id'],
      ['/customer/remove-to-cart', { variant_id: null }, 'product_id'],
      ['/customer/remove-to-cart', { retailer_product_id: [1] }, 'retailer_product_id'],
      ['/customer/remove-to-cart', { product_id: p12, variant_id: {} }, 'variant_id'],
      ['/customer/add-to-cart-guest', { cart_items: 'all' }, 'cart_items'],
      ['/customer/add-to-cart-guest', { cart_items: [{ quantity: 1 }] }, 'cart_items.0.product_id'],
      ['/customer/add-to-cart-guest', { cart_items: [{ product_id: p12, selected_variant: 'M' }] }, 'cart_items.0.selected_variant'],
      ['/customer/add-to-wishlist', { product_id: 0 }, 'product_id'],
    ];
    for (const [path, body, field] of cases) {
      const res = await ctx.api.post(path, body, auth);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors), `${path} ${JSON.stringify(body)}`).toContain(field);
    }
  });

  it('accepts numeric strings where they are harmless', async () => {
    const { p12 } = ctx.f.products;
    // A fresh shopper: the fuzz above has filled the first one's cart.
    const fresh = bearer(await signIn(ctx.api, await verifiedAccount(ctx.api)));
    const res = await ctx.api.post('/customer/add-to-cart', { product_id: String(p12), id: '', quantity: '2' }, fresh);
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ product_id: p12, quantity: 2 });
    const less = await ctx.api.post('/customer/add-to-cart', { product_id: ` ${p12} `, quantity: ' -1 ' }, fresh);
    expect(less.body.data.results[0].quantity).toBe(1);
  });

  it('never answers 5xx to raw bodies or odd bearer headers, and refuses form bodies with 415', async () => {
    const headerSets = [auth, {}, { Authorization: 'Bearer' }, { Authorization: 'Basic abc' }, bearer('x'.repeat(500))];
    for (const { path } of endpoints()) {
      for (const headers of headerSets) {
        for (const body of RAW_BODIES) {
          const res = await ctx.api.call('POST', path, { body, headers: { ...headers, 'Content-Type': 'application/json' } });
          expectNo5xx(res.status, `${path} raw ${body}`);
        }
        const form = await ctx.api.call('POST', path, {
          body: 'product_id=abc&quantity=%00&cart_items=1',
          headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        });
        // Bodies are JSON only (SECURITY.md 35), checked before the bearer token.
        expect(form.status, `${path} form`).toBe(415);
      }
    }
    for (const path of ['/customer/cart', '/customer/wishlist']) {
      for (const headers of headerSets) expectNo5xx((await ctx.api.get(path, headers)).status, `GET ${path}`);
    }
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ product_id: i + 1, quantity: 1, note: 'x'.repeat(20) }));
    const res = await ctx.api.post('/customer/add-to-cart-guest', { cart_items: items }, auth);
    expect(res.status).toBe(413);
  });
});
