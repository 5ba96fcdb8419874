import { describe, expect, it, vi } from 'vitest';
import {
  getNewArrivals,
  getProductDetails,
  getProductPage,
  getProducts,
  getSubcategoryVariations,
  relatedProductsOf,
  searchProducts,
} from '../../src/lib/api/catalog.ts';
import { createApiClient, failureMessages, isFailure, type FetchLike } from '../../src/lib/api/client.ts';
import { getHomeSections, getStoreInfo } from '../../src/lib/api/store.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import { coverImageOf, imageSrcset } from '../../src/lib/product-images.ts';

interface Call {
  url: string;
  init: RequestInit;
  headers: Headers;
}

/** A fake network: records each call and answers with `answer` (a test double for fetch only). */
function fakeFetch(answer: (call: Call) => Response | Promise<Response> = () => json({ success: true, data: {} })) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    const call = { url, init, headers: new Headers(init.headers) };
    calls.push(call);
    return answer(call);
  };
  return { fetch, calls };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const base = { baseUrl: 'http://store.test/api/', apiKey: 'demo-store-key' };

describe('createApiClient: requests', () => {
  it('sends the API-KEY header and JSON accept on every call', async () => {
    const { fetch, calls } = fakeFetch();
    await createApiClient({ ...base, fetch }).get('/new-arrivals');
    expect(calls[0]?.url).toBe('http://store.test/api/new-arrivals');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.headers.get('API-KEY')).toBe('demo-store-key');
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends a bearer token when one is given, read afresh on each call', async () => {
    const { fetch, calls } = fakeFetch();
    let token: string | null = 'abc123';
    const api = createApiClient({ ...base, fetch, token: () => token });
    await api.get('/customer/cart');
    token = null;
    await api.get('/customer/cart');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer abc123');
    expect(calls[1]?.headers.get('Authorization')).toBeNull();
  });

  it('sends a JSON body with a JSON content type', async () => {
    const { fetch, calls } = fakeFetch();
    await createApiClient({ ...base, fetch, token: 'tok' }).post('/search-products', { json: { search: 'shirt' } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ search: 'shirt' });
  });

  it('sends an empty JSON object for a POST without a body', async () => {
    const { fetch, calls } = fakeFetch();
    await getStoreInfo(createApiClient({ ...base, fetch }));
    expect(calls[0]?.url).toBe('http://store.test/api/store-info');
    expect(calls[0]?.init.body).toBe('{}');
  });

  it('sends further headers a call asks for, which never replace the key, token or content type', async () => {
    const { fetch, calls } = fakeFetch();
    const api = createApiClient({ ...base, fetch, token: 'live' });
    await api.post('/customer/add-to-cart-guest', {
      json: { cart_items: [] },
      headers: { 'Idempotency-Key': 'abc123', 'API-KEY': 'forged', Authorization: 'Bearer other', 'Content-Type': 'text/plain' },
    });
    const headers = calls[0]?.headers;
    expect(headers?.get('Idempotency-Key')).toBe('abc123');
    expect(headers?.get('API-KEY')).toBe('demo-store-key');
    expect(headers?.get('Authorization')).toBe('Bearer live');
    expect(headers?.get('Content-Type')).toBe('application/json');
  });

  it('adds query parameters, leaving out null and undefined', async () => {
    const { fetch, calls } = fakeFetch();
    await createApiClient({ ...base, fetch }).get('orders', { query: { page: 2, q: 'a b', skip: undefined, none: null } });
    expect(calls[0]?.url).toBe('http://store.test/api/orders?page=2&q=a+b');
  });
});

describe('createApiClient: answers', () => {
  it('returns the parsed envelope of a success', async () => {
    const body = { success: true, message: 'ok', data: { products: [] } };
    const { fetch } = fakeFetch(() => json(body));
    expect(await createApiClient({ ...base, fetch }).get('/new-arrivals')).toEqual(body);
  });

  it('keeps the body of a non-2xx answer and marks it a failure', async () => {
    const body = { message: 'Validation failed', errors: { email: ['Email is required'] } };
    const { fetch } = fakeFetch(() => json(body, 400));
    const result = await createApiClient({ ...base, fetch }).post('/customer/login', { json: {} });
    expect(result).toEqual({ success: false, ...body });
    expect(isFailure(result)).toBe(true);
  });

  it('turns a network failure into the caller\'s fallback message', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const result = await getStoreInfo(createApiClient({ ...base, fetch }));
    expect(result).toMatchObject({ ok: false, messages: ['Failed to fetch store information'] });
  });

  it('turns a non-JSON answer into the fallback message', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await getHomeSections(createApiClient({ ...base, fetch }));
    expect(result).toMatchObject({ ok: false, messages: [MESSAGES.catalogue.homeSectionsFailed] });
  });

  it('uses Something went wrong when the caller gives no fallback', async () => {
    const { fetch } = fakeFetch(() => new Response('', { status: 200 }));
    expect(await createApiClient({ ...base, fetch }).get('/x')).toEqual({
      success: false,
      message: 'Something went wrong',
    });
  });

  it('gives the fallback after the timeout', async () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}));
    const result = await createApiClient({ ...base, fetch, timeoutMs: 20 }).get('/slow', { fallback: 'Too slow' });
    expect(result).toEqual({ success: false, message: 'Too slow' });
  });
});

describe('createApiClient: cancelling', () => {
  it('resolves an aborted request to null, even when the fetch ignores the signal', async () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = createApiClient({ ...base, fetch }).get('/new-arrivals', { signal: controller.signal });
    controller.abort();
    expect(await pending).toBeNull();
  });

  it('resolves to null when the fetch rejects with an AbortError', async () => {
    const fetch: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const controller = new AbortController();
    const pending = createApiClient({ ...base, fetch }).get('/x', { signal: controller.signal });
    controller.abort();
    expect(await pending).toBeNull();
  });

  it('resolves to null at once for a signal already aborted, without calling fetch', async () => {
    const { fetch, calls } = fakeFetch();
    const result = await createApiClient({ ...base, fetch }).get('/x', { signal: AbortSignal.abort() });
    expect(result).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('cancels the older request with the same key', async () => {
    const { fetch } = fakeFetch(({ url }) =>
      url.endsWith('first') ? new Promise<Response>(() => {}) : json({ success: true, data: 'second' }),
    );
    const api = createApiClient({ ...base, fetch });
    const first = api.get('/first', { key: 'search' });
    const second = api.get('/second', { key: 'search' });
    expect(await first).toBeNull();
    expect(await second).toEqual({ success: true, data: 'second' });
  });

  it('cancels everything in flight with abortAll', async () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}));
    const api = createApiClient({ ...base, fetch });
    const pending = [api.get('/a'), api.post('/b')];
    api.abortAll();
    expect(await Promise.all(pending)).toEqual([null, null]);
  });
});

describe('failureMessages', () => {
  it('prefers field errors, then the message (a list stays a list), then the fallback', () => {
    expect(failureMessages({ success: false, message: 'x', errors: { a: ['A1', 'A2'], b: ['B'] } }, 'f')).toEqual([
      'A1',
      'A2',
      'B',
    ]);
    expect(failureMessages({ success: false, message: ['one', 'two'] }, 'f')).toEqual(['one', 'two']);
    expect(failureMessages({ success: false }, 'fallback')).toEqual(['fallback']);
    expect(failureMessages(null, 'fallback')).toEqual(['fallback']);
  });
});

describe('resource modules', () => {
  it('getProducts posts a multipart form of the filters with the page in the query', async () => {
    const { fetch, calls } = fakeFetch();
    await getProducts(
      createApiClient({ ...base, fetch }),
      { sub_category: [3, 5], size: ['M', ' L '], in_stock: true, out_of_stock: false, min_price: 100, sort_by: 'newest' },
      2,
    );
    const call = calls[0];
    expect(call?.url).toBe('http://store.test/api/get-products?page=2');
    const contentType = call?.headers.get('Content-Type') ?? '';
    expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    // Read back as a server reads a multipart body.
    const form = await new Response(call?.init.body as string, { headers: { 'Content-Type': contentType } }).formData();
    expect(Object.fromEntries(form.entries())).toEqual({
      sub_category: '3,5',
      size: 'M,L',
      in_stock: '1',
      min_price: '100',
      sort_by: 'newest',
    });
  });

  it('getProducts defaults to page 1', async () => {
    const { fetch, calls } = fakeFetch();
    await getProducts(createApiClient({ ...base, fetch }));
    expect(calls[0]?.url).toBe('http://store.test/api/get-products?page=1');
  });

  it('searchProducts, getProductDetails and getSubcategoryVariations use the contract paths', async () => {
    const { fetch, calls } = fakeFetch();
    const api = createApiClient({ ...base, fetch });
    await searchProducts(api, '  shirt ');
    await getProductDetails(api, 'blue shirt/1');
    await getSubcategoryVariations(api, [1, 2]);
    await getNewArrivals(api);
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'POST http://store.test/api/search-products',
      'GET http://store.test/api/single-product-details/blue%20shirt%2F1',
      'POST http://store.test/api/subcategory-variations',
      'GET http://store.test/api/new-arrivals',
    ]);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ search: 'shirt' });
    expect(JSON.parse(String(calls[2]?.init.body))).toEqual({ sub_category_id: [1, 2] });
  });

  it('reads new arrivals, store info and variation names into the storefront’s types, and nothing from failures', async () => {
    const product = { id: 1, name: 'A', slug: 'a', quantity: 1, final_price: '1.00' };
    const answering = (body: unknown, status = 200) => createApiClient({ ...base, fetch: fakeFetch(() => json(body, status)).fetch });
    expect(await getNewArrivals(answering({ success: true, data: { products: [product] } }))).toMatchObject({ ok: true, value: [product] });
    expect(await getNewArrivals(answering({ success: true, data: { data: [product] } }))).toMatchObject({ ok: true, value: [product] });
    expect(await getNewArrivals(answering({ success: false, message: 'x' }, 500))).toMatchObject({ ok: false, messages: ['x'] });
    expect(await getStoreInfo(answering({ success: false }, 503))).toMatchObject({ ok: false });
    const sizes = await getSubcategoryVariations(
      answering({
        success: true,
        data: [{ sub_category_variation: 'S, M, L' }, { sub_category_variation: 'M,XL,' }, { sub_category_variation: null }],
      }),
      [1],
    );
    expect(sizes).toMatchObject({ ok: true, value: ['S', 'M', 'L', 'XL'] });
  });

  it('reads the product page with its related products in one call', async () => {
    const item = (id: number) => ({ id, name: `P${id}`, slug: `p${id}`, quantity: 1, final_price: '1.00', sub_category_id: 3 });
    const { fetch, calls } = fakeFetch(() => json({ success: true, data: { product: item(1), related_products: [item(2), item(3)] } }));
    const api = createApiClient({ ...base, fetch });
    const page = await getProductPage(api, 'p1', 4);
    expect(calls[0]?.url).toBe('http://store.test/api/single-product-details/p1?related=4');
    expect(page.ok && (await relatedProductsOf(api, page.value, 1)).map((p) => p.id)).toEqual([2]);
    expect(calls).toHaveLength(1);
  });

  it('lists the category for related products when the server answers none (a store API without ?related)', async () => {
    const item = (id: number) => ({ id, name: `P${id}`, slug: `p${id}`, quantity: 1, final_price: '1.00', sub_category_id: 3 });
    const page = { total: 3, per_page: 12, current_page: 1, last_page: 1, from: 1, to: 3 };
    const { fetch, calls } = fakeFetch((call) =>
      call.url.includes('/get-products')
        ? json({ success: true, data: { products: { ...page, data: [item(2), item(1), item(3)] } } })
        : json({ success: true, data: { product: item(1) } }),
    );
    const api = createApiClient({ ...base, fetch });
    const answer = await getProductPage(api, 'p1', 4);
    expect(answer).toMatchObject({ ok: true, value: { related: undefined } });
    expect(answer.ok && (await relatedProductsOf(api, answer.value, 4)).map((p) => p.id)).toEqual([2, 3]);
    expect(calls.map((call) => call.url)).toEqual([
      'http://store.test/api/single-product-details/p1?related=4',
      'http://store.test/api/get-products?page=1',
    ]);
  });

  it('turns an answer that breaks the contract into Something went wrong', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = createApiClient({ ...base, fetch: fakeFetch(() => json({ success: true, data: { product: { id: '7', name: 'A' } } })).fetch });
    expect(await getProductDetails(api, 'a')).toMatchObject({ ok: false, messages: ['Something went wrong'] });
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('picks the cover image, else the first product image, and builds a srcset for -640.webp images', () => {
    expect(coverImageOf({ cover_image: 'c.webp', product_images: 'a.webp,b.webp' })).toBe('c.webp');
    expect(coverImageOf({ cover_image: '', product_images: ' , a.webp, b.webp' })).toBe('a.webp');
    expect(coverImageOf({ cover_image: null, product_images: null })).toBeNull();
    expect(imageSrcset('/media/p/shirt-640.webp')).toBe(
      '/media/p/shirt-320.webp 320w, /media/p/shirt-480.webp 480w, /media/p/shirt-640.webp 640w, /media/p/shirt-800.webp 800w, /media/p/shirt-1024.webp 1024w',
    );
    expect(imageSrcset('/media/p/shirt.jpg')).toBeUndefined();
  });
});
