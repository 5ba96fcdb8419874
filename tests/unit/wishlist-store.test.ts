// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { $auth, INITIAL_AUTH, signIn, signOut } from '../../src/stores/auth.ts';
import { STORE_STATE_KEY } from '../../src/stores/persist.ts';
import {
  $wishlist,
  $wishlistIds,
  INITIAL_WISHLIST,
  addToWishlist,
  restoreWishlist,
  fetchWishlist,
  removeFromWishlist,
  type WishlistItem,
} from '../../src/stores/wishlist.ts';
import { $toastQueue } from '../../src/stores/toast.ts';
import { rupees } from '../helpers/rupees.ts';

/** The toasts the store asked for, in order. */
const toasts = () => $toastQueue.get().map((t) => `${t.kind}: ${t.message}`);

const entry = (product_id: number): WishlistItem => ({
  wishlist_id: product_id * 10,
  product_id,
  product_name: `Product ${product_id}`,
  product_slug: `product-${product_id}`,
  product_images: null,
  final_price: rupees('499.00'),
  old_price: null,
  retailer_id: 3,
  wholesaler_id: null,
  added_on: '2025-01-01T00:00:00Z',
});

/** A fake network: `/session` answers 200, `/api/...` from `routes` ('GET /customer/wishlist': JSON, `[status, JSON]` or an Error). */
function network(routes: Record<string, unknown> = {}) {
  const calls: { route: string; body: unknown; bearer: string | null }[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    if (url === '/session') return new Response(null, { status: 200 });
    const route = `${init.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    calls.push({ route, body: init.body ? JSON.parse(String(init.body)) : undefined, bearer: new Headers(init.headers).get('Authorization') });
    const answer = routes[route];
    if (answer instanceof Error) throw answer;
    if (answer === undefined) return Response.json({ message: 'Not found' }, { status: 404 });
    const [status, json] = Array.isArray(answer) ? answer : [200, answer];
    return Response.json(json, { status });
  };
  vi.stubGlobal('fetch', fetch);
  return { api: createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: () => $auth.get().user?.token }), calls };
}

const signInHere = () => $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'live', customer: { id: 7 } } });

beforeEach(() => {
  $auth.set(INITIAL_AUTH);
  $wishlist.set(INITIAL_WISHLIST);
  localStorage.clear();
  $toastQueue.set([]);
  // Signing in starts a wishlist fetch of its own; unless a test answers it, it never returns.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => vi.unstubAllGlobals());

describe('wishlist', () => {
  it('a signed-in shopper’s wishlist is fetched, and its product ids are known', async () => {
    signInHere();
    const { api, calls } = network({ 'GET /customer/wishlist': { success: true, data: { wishlist: [entry(1), entry(2)] } } });
    await fetchWishlist(api);
    expect($wishlist.get()).toMatchObject({ loading: false, error: null, items: [entry(1), entry(2)] });
    expect([...$wishlistIds.get()]).toEqual([1, 2]);
    expect(calls).toEqual([{ route: 'GET /customer/wishlist', body: undefined, bearer: 'Bearer live' }]);
  });

  it('adding toasts the server’s message and refetches the list', async () => {
    signInHere();
    const { api, calls } = network({
      'POST /customer/add-to-wishlist': { success: true, message: 'Product added to wishlist' },
      'GET /customer/wishlist': { success: true, data: { wishlist: [entry(5)] } },
    });
    expect(await addToWishlist(api, { id: 5, retailer_id: 3, wholesaler_id: null })).toBe(true);
    expect(calls.map((c) => c.route)).toEqual(['POST /customer/add-to-wishlist', 'GET /customer/wishlist']);
    expect(calls[0]?.body).toEqual({ product_id: 5, retailer_id: 3, wholesaler_id: null });
    expect($wishlistIds.get().has(5)).toBe(true);
    expect(toasts()).toEqual(['success: Product added to wishlist']);
  });

  it('removing toasts the server’s message and refetches the list', async () => {
    signInHere();
    $wishlist.set({ ...INITIAL_WISHLIST, items: [entry(5)] });
    const { api, calls } = network({
      'POST /customer/remove-to-wishlist': { success: true, message: 'Product removed from wishlist' },
      'GET /customer/wishlist': { success: true, data: { wishlist: [] } },
    });
    expect(await removeFromWishlist(api, 5)).toBe(true);
    expect(calls[0]?.body).toEqual({ product_id: 5 });
    expect($wishlistIds.get().size).toBe(0);
    expect(toasts()).toEqual(['success: Product removed from wishlist']);
  });

  it('a failure toasts the server’s message, else "Failed to fetch store information", and keeps the list', async () => {
    signInHere();
    $wishlist.set({ ...INITIAL_WISHLIST, items: [entry(5)] });
    expect(await removeFromWishlist(network({ 'POST /customer/remove-to-wishlist': [404, { message: 'Not in your wishlist' }] }).api, 9)).toBe(false);
    expect(await addToWishlist(network({ 'POST /customer/add-to-wishlist': new TypeError('down') }).api, { id: 9 })).toBe(false);
    expect(toasts()).toEqual(['error: Not in your wishlist', 'error: Failed to fetch store information']);
    expect($wishlist.get()).toMatchObject({ items: [entry(5)], error: 'Failed to fetch store information' });
  });

  it('a signed-out shopper gets false without a call', async () => {
    const { api, calls } = network();
    expect(await addToWishlist(api, { id: 5 })).toBe(false);
    expect(await removeFromWishlist(api, 5)).toBe(false);
    await fetchWishlist(api);
    expect(calls).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('signing in fetches the wishlist; signing out clears it and its stored copy', async () => {
    const { api, calls } = network({
      'POST /customer/login': { success: true, data: { token: 'fresh', customer: { id: 7 } } },
      'GET /customer/wishlist': { success: true, data: { wishlist: [entry(1)] } },
      'POST /customer/logout': { success: true },
    });
    await signIn(api, { email: 'a@x.in', password: 'secret1' });
    await vi.waitFor(() => expect($wishlistIds.get().has(1)).toBe(true));
    expect(calls.map((c) => c.route)).toContain('GET /customer/wishlist');
    await signOut(api);
    expect($wishlist.get()).toEqual(INITIAL_WISHLIST);
    expect(JSON.parse(localStorage.getItem(STORE_STATE_KEY) ?? '{}')).not.toHaveProperty('wishlist');
  });

  it('a page loaded while signed in fetches the wishlist once', async () => {
    localStorage.setItem(STORE_STATE_KEY, JSON.stringify({ auth: { isAuthenticated: true, user: { token: 'kept' } }, wishlist: { items: [entry(1)], loading: true } }));
    const { calls } = network({ 'GET /customer/wishlist': { success: true, data: { wishlist: [entry(2)] } } });
    vi.resetModules();
    const fresh = await import('../../src/stores/wishlist.ts');
    await vi.waitFor(() => expect([...fresh.$wishlistIds.get()]).toEqual([2]));
    expect(calls.map((c) => c.route)).toEqual(['GET /customer/wishlist']);
  });
});

describe('the stored wishlist', () => {
  it('keeps only entries whose prices are two-decimal rupee amounts', () => {
    const restored = restoreWishlist({
      items: [entry(1), { ...entry(2), final_price: '499' }, { ...entry(3), old_price: 'free' }, { ...entry(4), new_price: 12 }],
    });
    expect(restored.items).toEqual([entry(1)]);
  });
});
