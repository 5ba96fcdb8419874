import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { safeParse } from 'zod/v4/core';
import { CART_ANSWERS } from '../../src/lib/api/cart.answers.ts';
import { CATALOG_ANSWERS } from '../../src/lib/api/catalog.ts';
import { readAnswer } from '../../src/lib/api/parsed.ts';
import { WISHLIST_ANSWERS } from '../../src/lib/api/wishlist.answers.ts';

const schema = z
  .object({ success: z.literal(true), message: z.string().optional(), data: z.object({ total: z.coerce.number().int() }) })
  .transform((body) => body.data.total);

describe('readAnswer', () => {
  it('yields the parsed value and the server message on success', async () => {
    const outcome = await readAnswer({ success: true, message: 'Done', data: { total: '42' } }, schema, 'Fallback', 'GET /x');
    expect(outcome).toEqual({ ok: true, value: 42, messages: ['Done'] });
  });

  it('reads null as cancelled', async () => {
    expect(await readAnswer(null, schema, 'Fallback', 'GET /x')).toEqual({ ok: false, cancelled: true });
  });

  it('keeps field errors, messages and data of a failure envelope', async () => {
    const outcome = await readAnswer(
      { success: false, message: 'Prices have changed', data: { lines: [1] } },
      schema,
      'Checkout failed',
      'POST /checkout',
    );
    expect(outcome).toEqual({ ok: false, messages: ['Prices have changed'], fieldErrors: {}, data: { lines: [1] } });
    const withErrors = await readAnswer({ success: false, errors: { pincode: ['Invalid PIN'] } }, schema, 'F', 'POST /x');
    expect(withErrors).toMatchObject({ ok: false, messages: ['Invalid PIN'], fieldErrors: { pincode: ['Invalid PIN'] } });
  });

  it('uses the fallback when a failure carries no message', async () => {
    expect(await readAnswer({ success: false }, schema, 'Checkout failed', 'POST /x')).toMatchObject({ messages: ['Checkout failed'] });
  });

  it('turns an answer that does not parse into Something went wrong, logged once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bad = { success: true, data: { total: 'many' } };
    expect(await readAnswer(bad, schema, 'F', 'GET /once')).toEqual({ ok: false, messages: ['Something went wrong'], fieldErrors: {}, data: undefined });
    await readAnswer(bad, schema, 'F', 'GET /once');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('loads a parser given as a function only when an answer needs it', async () => {
    let loads = 0;
    const load = async () => {
      loads += 1;
      return schema;
    };
    expect(await readAnswer(null, load, 'F', 'GET /lazy')).toEqual({ ok: false, cancelled: true });
    expect(loads).toBe(0);
    expect(await readAnswer({ success: true, data: { total: 3 } }, load, 'F', 'GET /lazy')).toMatchObject({ ok: true, value: 3 });
    expect(loads).toBe(1);
  });
});

describe('prices at the seam', () => {
  const product = (final_price: string) => ({ id: 1, name: 'Kurta', slug: 'kurta', quantity: 3, final_price });
  const line = (final_price: string) => ({ product_id: 1, product_name: 'Kurta', quantity: 1, product_stock: 3, final_price });
  const entry = (final_price: string) => ({
    ...{ wishlist_id: 5, product_id: 1, product_name: 'Kurta', product_slug: 'kurta', product_images: null },
    ...{ final_price, old_price: null, retailer_id: null, wholesaler_id: null, added_on: '2025-01-01T00:00:00Z' },
  });
  const answers = (price: string) => [
    safeParse(CATALOG_ANSWERS.productDetails, { success: true, data: { product: product(price) } }),
    safeParse(CART_ANSWERS.cart, { success: true, data: { cart: [line(price)] } }),
    safeParse(WISHLIST_ANSWERS.wishlist, { success: true, data: { wishlist: [entry(price)] } }),
  ];

  it('the catalogue, cart and wishlist parsers hand on a two-decimal rupee amount as it came', () => {
    const [details, cart, wishlist] = answers('1299.50');
    expect(details?.data).toMatchObject({ final_price: '1299.50' });
    expect(cart?.data).toMatchObject([{ final_price: '1299.50' }]);
    expect(wishlist?.data).toMatchObject([{ final_price: '1299.50' }]);
  });

  it.each(['1299', '1299.5', '1,299.00', 'free'])('the catalogue, cart and wishlist parsers refuse the price %j', (price) => {
    expect(answers(price).map((parsed) => parsed.success)).toEqual([false, false, false]);
  });
});
