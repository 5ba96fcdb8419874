import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestContext, type CatalogTestContext } from '../fixtures/catalog.fixtures.ts';

/**
 * SECURITY.md 20 and 35: a state change carries its body as JSON. A body sent
 * as text, urlencoded, multipart (except /get-products, SPEC §7) or with no
 * Content-Type at all answers 415 in the envelope; a call with no body passes.
 */
const JSON_REQUIRED = { success: false, message: 'Send the request body as JSON (Content-Type: application/json)' };
const SEARCH = JSON.stringify({ search: 'tee' });

describe('request bodies must be JSON', () => {
  let ctx: CatalogTestContext;
  beforeAll(async () => {
    ctx = await createCatalogTestContext();
  });
  afterAll(() => ctx.store.close());

  const send = (method: string, path: string, body: BodyInit, contentType?: string) =>
    ctx.api.call(method, path, { body, headers: contentType ? { 'Content-Type': contentType } : {} });

  it('refuses a JSON text sent as text/plain with 415 in the envelope', async () => {
    const res = await send('POST', '/search-products', SEARCH, 'text/plain');
    expect(res.status).toBe(415);
    expect(res.body).toEqual(JSON_REQUIRED);
  });

  it('refuses a body with no Content-Type', async () => {
    // Bytes, not a string: fetch labels a string body text/plain by itself.
    const res = await ctx.api.call('POST', '/search-products', { body: new TextEncoder().encode(SEARCH) });
    expect(res.status).toBe(415);
    expect(res.body).toEqual(JSON_REQUIRED);
  });

  it('refuses urlencoded bodies, /get-products included', async () => {
    const form = new URLSearchParams({ mobile: '9876543210', search: 'tee', email: 'a@example.com', password: 'x' });
    for (const path of ['/search-products', '/otp/send', '/customer/login', '/get-products']) {
      const res = await send('POST', path, form);
      expect(res.status, path).toBe(415);
      expect(res.body).toEqual(JSON_REQUIRED);
    }
  });

  it('refuses multipart bodies except on /get-products', async () => {
    const form = new FormData();
    form.set('search', 'tee');
    const refused = await ctx.api.call('POST', '/search-products', { body: form });
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual(JSON_REQUIRED);
    const storeInfo = await ctx.api.call('POST', '/store-info', { body: form });
    expect(storeInfo.status).toBe(415);

    const filters = new FormData();
    filters.set('sub_category', String(ctx.f.categories.caps));
    const listed = await ctx.api.call('POST', '/get-products', { body: filters });
    expect(listed.status).toBe(200);
    expect(listed.body.data.products.total).toBe(2);
  });

  it('refuses a non-JSON body on PUT, PATCH and DELETE as on POST', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await send(method, '/customer/cart', 'x=1', 'application/x-www-form-urlencoded');
      expect(res.status, method).toBe(415);
      expect(res.body).toEqual(JSON_REQUIRED);
    }
  });

  it('takes application/json with any charset parameter and in any letter case', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
      const res = await send('POST', '/search-products', SEARCH, type);
      expect(res.status, type).toBe(200);
      expect(res.body.data.products.total).toBeGreaterThan(0);
    }
  });

  it('does not take look-alike types for JSON', async () => {
    for (const type of ['application/jsonx', 'text/json', 'application/json-patch+json']) {
      expect((await send('POST', '/search-products', SEARCH, type)).status, type).toBe(415);
    }
  });

  it('lets a call with no body through, whatever its Content-Type', async () => {
    const bare = await ctx.api.call('POST', '/store-info');
    expect(bare.status).toBe(200);
    const empty = await send('POST', '/store-info', '', 'text/plain');
    expect(empty.status).toBe(200);
    // Reaches the route: refused for the missing token, not for the body.
    const logout = await ctx.api.call('POST', '/customer/logout');
    expect(logout.status).toBe(401);
  });
});
