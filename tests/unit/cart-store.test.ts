// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { lineFor, type CartLine } from '../../src/lib/cart.ts';
import { encodeGuestCart } from '../../src/lib/guest-cart-cookie.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import { $auth, INITIAL_AUTH, signIn, signOut } from '../../src/stores/auth.ts';
import {
  $cart,
  INITIAL_CART,
  addToCart,
  changeQuantity,
  closeCart,
  fetchCart,
  openCart,
  removeFromCart,
  restoreCart,
  syncGuestCart,
} from '../../src/stores/cart.ts';
import { STORE_STATE_KEY } from '../../src/stores/persist.ts';
import { $toastQueue } from '../../src/stores/toast.ts';
import { startCart } from '../../src/stores/cart-sync.ts';
import { rupees } from '../helpers/rupees.ts';


interface Call {
  route: string;
  body: any;
  bearer: string | null;
  idempotencyKey: string | null;
}
/** A route's answer: JSON (status 200), `[status, json]`, or an Error for a network failure. */
type Answer = unknown;
type Routes = Record<string, Answer | ((body: any) => Answer)>;

/** A fake network: `/session` answers 200, `/api/...` answers from `routes` (keyed 'POST /customer/add-to-cart'). */
function network(routes: Routes = {}) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    if (url === '/session') return new Response(null, { status: 200 });
    const route = `${init.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const headers = new Headers(init.headers);
    calls.push({ route, body, bearer: headers.get('Authorization'), idempotencyKey: headers.get('Idempotency-Key') });
    const entry = routes[route];
    const answer = typeof entry === 'function' ? (entry as (body: any) => Answer)(body) : entry;
    if (answer === undefined) return Response.json({ message: 'Not found' }, { status: 404 });
    if (answer instanceof Error) throw answer;
    const [status, json] = Array.isArray(answer) && typeof answer[0] === 'number' ? answer : [200, answer];
    return Response.json(json, { status });
  };
  vi.stubGlobal('fetch', fetch);
  return { api: createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: () => $auth.get().user?.token }), calls };
}

const kurta = { id: 11, name: 'Cotton Kurta', slug: 'cotton-kurta', final_price: rupees('799.00'), quantity: 10, retailer_id: 3 };
const M = { id: 100, product_variation: 'M', final_price: rupees('849.50'), stock: 10 };
const L = { id: 101, product_variation: 'L', final_price: rupees('849.50'), stock: 2 };
const serverLine = (cart_id: number, variant = M, quantity = 1): CartLine => ({ ...lineFor(kurta, variant, quantity), cart_id, retailer_product_id: 11 });
const signInHere = () => $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'live', customer: { id: 7 } } });
const stored = () => JSON.parse(localStorage.getItem(STORE_STATE_KEY) ?? '{}') as Record<string, any>;
/** The toasts the store asked for, in order. */
const messages = () => $toastQueue.get().map((t) => `${t.kind}: ${t.message}`);

beforeEach(() => {
  $auth.set(INITIAL_AUTH);
  $cart.set(INITIAL_CART);
  localStorage.clear();
  $toastQueue.set([]);
});
afterEach(() => vi.unstubAllGlobals());
// This document's page start, as src/scripts/cart-start.ts runs it: from here on its sign-ins are watched.
beforeAll(startCart);

describe('guest cart (no server call, SPEC §6)', () => {
  it('a guest adds an item: it is in the cart, the drawer opens, and the toast says so', async () => {
    const { api, calls } = network();
    expect(await addToCart(api, kurta, M)).toBe(true);
    expect($cart.get()).toMatchObject({ isCartOpen: true, cartItems: [{ product_id: 11, quantity: 1, selected_variant: M }] });
    expect(messages()).toEqual(['success: Item added to cart.']);
    expect(calls).toEqual([]);
  });

  it('adding the same size again sums the quantity; another size is a new line', async () => {
    const { api } = network();
    await addToCart(api, kurta, M, 2);
    await addToCart(api, kurta, M, 2);
    await addToCart(api, kurta, L);
    expect($cart.get().cartItems.map((line) => [line.selected_variant?.product_variation, line.quantity])).toEqual([['M', 4], ['L', 1]]);
  });

  it('an out-of-stock item is not added', async () => {
    const { api } = network();
    expect(await addToCart(api, { ...kurta, quantity: 0 }, null)).toBe(false);
    expect($cart.get().cartItems).toEqual([]);
    expect(messages()).toEqual([`error: ${MESSAGES.cart.addFailed}`]);
  });

  it('plus and minus change the quantity locally with "Cart quantity updated", stopping at the stock', async () => {
    const { api, calls } = network();
    await addToCart(api, kurta, L);
    $toastQueue.set([]);
    await changeQuantity(api, $cart.get().cartItems[0]!, 1);
    expect($cart.get().cartItems[0]?.quantity).toBe(2);
    await changeQuantity(api, $cart.get().cartItems[0]!, 1); // stock 2: no further
    expect($cart.get().cartItems[0]?.quantity).toBe(2);
    await changeQuantity(api, $cart.get().cartItems[0]!, -1);
    expect($cart.get().cartItems[0]?.quantity).toBe(1);
    expect(messages()).toEqual(['success: Cart quantity updated', 'success: Cart quantity updated']);
    expect(calls).toEqual([]);
  });

  it('minus at quantity 1 removes the line with "Item removed from cart"', async () => {
    const { api } = network();
    await addToCart(api, kurta, M);
    $toastQueue.set([]);
    await changeQuantity(api, $cart.get().cartItems[0]!, -1);
    expect($cart.get().cartItems).toEqual([]);
    expect(messages()).toEqual(['success: Item removed from cart']);
  });

  it('remove deletes the line with "Item removed from cart"', async () => {
    const { api, calls } = network();
    await addToCart(api, kurta, M);
    await addToCart(api, kurta, L);
    $toastQueue.set([]);
    await removeFromCart(api, $cart.get().cartItems[0]!);
    expect($cart.get().cartItems.map((line) => line.selected_variant?.product_variation)).toEqual(['L']);
    expect(messages()).toEqual(['success: Item removed from cart']);
    expect(calls).toEqual([]);
  });

  it('the drawer opens and closes; the lines persist but the drawer is not restored', async () => {
    const { api } = network();
    await addToCart(api, kurta, M);
    closeCart();
    expect($cart.get().isCartOpen).toBe(false);
    openCart();
    const saved = stored().cart;
    expect(saved).not.toHaveProperty('loading');
    expect(saved).not.toHaveProperty('addLoading');
    const { restoreCart } = await import('../../src/stores/cart.ts');
    expect(restoreCart({ ...saved, syncError: 'x', loading: true })).toMatchObject({ isCartOpen: false, syncError: null, loading: false, cartItems: saved.cartItems });
  });

  it('a stored line whose price is not a two-decimal rupee amount is dropped on restore, so no total is guessed', () => {
    const line = lineFor(kurta, M, 1);
    const restored = restoreCart({
      cartItems: [
        line,
        { ...line, product_id: 12, final_price: '849.5' },
        { ...line, product_id: 13, final_price: 849.5 },
        { ...line, product_id: 14, selected_variant: { ...M, final_price: 'free' } },
      ],
    });
    expect(restored.cartItems).toEqual([line]);
  });
});

describe('signed-in cart', () => {
  beforeEach(signInHere);

  it('an add posts the line and takes the server’s quantity, with the server’s message', async () => {
    $cart.set({ ...INITIAL_CART, cartItems: [serverLine(1, M, 2)] });
    const { api, calls } = network({
      'POST /customer/add-to-cart': { success: true, message: 'Cart updated successfully', data: { results: [{ cart_id: 1, product_id: 11, quantity: 5, product_stock: 10 }] } },
    });
    expect(await addToCart(api, kurta, M, 4)).toBe(true);
    expect(calls).toEqual([
      { route: 'POST /customer/add-to-cart', bearer: 'Bearer live', idempotencyKey: null, body: { product_id: 11, id: 100, quantity: 4, retailer_id: 3, wholesaler_id: null } },
    ]);
    expect($cart.get()).toMatchObject({ addLoading: false, isCartOpen: true, cartItems: [{ cart_id: 1, quantity: 5 }] });
    expect(messages()).toEqual(['success: Cart updated successfully']);
  });

  it('a new line shows at once with the cart_id the answer names, and the cart is not read again', async () => {
    const { api, calls } = network({
      'POST /customer/add-to-cart': { success: true, message: 'Item added successfully in cart.', data: { results: [[{ cart_id: 42, product_id: 11, quantity: 1 }]] } },
    });
    const adding = addToCart(api, kurta, M);
    expect($cart.get().addLoading).toBe(true);
    await adding;
    expect($cart.get().cartItems).toMatchObject([{ cart_id: 42, product_id: 11, quantity: 1 }]);
    expect(calls.map((c) => c.route)).toEqual(['POST /customer/add-to-cart']);
  });

  it('an add whose answer does not name its line is Something went wrong, and nothing is made up', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api } = network({
      'POST /customer/add-to-cart': { success: true, data: { results: [{ product_id: 11, quantity: 1 }] } },
    });
    expect(await addToCart(api, kurta, M)).toBe(false);
    expect($cart.get()).toMatchObject({ cartItems: [], error: 'Something went wrong' });
    log.mockRestore();
  });

  it('a refused add keeps the cart, sets the error and toasts each message', async () => {
    const { api } = network({ 'POST /customer/add-to-cart': [400, { message: ['Only 2 left', 'Try a smaller quantity'] }] });
    expect(await addToCart(api, kurta, M)).toBe(false);
    expect($cart.get()).toMatchObject({ cartItems: [], addLoading: false, isCartOpen: false, error: 'Only 2 left, Try a smaller quantity' });
    expect(messages()).toEqual(['error: Only 2 left', 'error: Try a smaller quantity']);
  });

  it('plus and minus post ±1 and the line takes the server’s total; a network failure says "Failed to update cart item"', async () => {
    $cart.set({ ...INITIAL_CART, cartItems: [serverLine(1, M, 2)] });
    const { api, calls } = network({
      'POST /customer/add-to-cart': (body: { quantity: number }) => ({ success: true, message: 'Cart updated successfully', data: { results: [{ cart_id: 1, product_id: 11, quantity: 2 + body.quantity }] } }),
    });
    await changeQuantity(api, $cart.get().cartItems[0]!, -1);
    expect(calls[0]?.body).toMatchObject({ quantity: -1, id: 100 });
    expect($cart.get().cartItems[0]?.quantity).toBe(1);
    await changeQuantity(api, $cart.get().cartItems[0]!, 1);
    expect($cart.get().cartItems[0]?.quantity).toBe(3);
    expect(messages()).toEqual(['success: Cart updated successfully', 'success: Cart updated successfully']);
    $toastQueue.set([]);
    await changeQuantity(network({ 'POST /customer/add-to-cart': new TypeError('down') }).api, $cart.get().cartItems[0]!, 1);
    expect($cart.get()).toMatchObject({ error: 'Failed to update cart item', cartItems: [{ quantity: 3 }] });
    expect(messages()).toEqual(['error: Failed to update cart item']);
  });

  it('a plus made while a fetch is out is not undone by that fetch\'s older answer: the cart is read again', async () => {
    $cart.set({ ...INITIAL_CART, cartItems: [serverLine(1, M, 1)] });
    let serverQuantity = 1;
    const reads: Array<() => void> = [];
    const fetch: FetchLike = async (url, init = {}) => {
      if (url === '/session') return new Response();
      if ((init.method ?? 'GET') === 'GET') {
        const seen = serverQuantity; // what the server read when the request came in
        await new Promise<void>((resolve) => reads.push(resolve));
        return Response.json({ success: true, data: { cart: [serverLine(1, M, seen)] } });
      }
      serverQuantity += JSON.parse(String(init.body)).quantity;
      return Response.json({ success: true, message: 'Cart updated successfully', data: { results: [{ cart_id: 1, product_id: 11, quantity: serverQuantity }] } });
    };
    const api = createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: () => $auth.get().user?.token });

    const firstRead = fetchCart(api);
    await vi.waitFor(() => expect(reads).toHaveLength(1));
    await changeQuantity(api, $cart.get().cartItems[0]!, 1);
    expect($cart.get().cartItems[0]?.quantity).toBe(2);
    reads[0]!(); // the older read answers 1
    await firstRead;
    expect($cart.get().cartItems[0]?.quantity).toBe(2);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    reads[1]!();
    await vi.waitFor(() => expect($cart.get().loading).toBe(false));
    expect($cart.get().cartItems).toMatchObject([{ cart_id: 1, quantity: 2 }]);
  });

  it('remove takes the line out at once and puts it back in its place when the call fails', async () => {
    const lines = [serverLine(1, M), serverLine(2, L), { ...serverLine(3, M), product_id: 12 }];
    $cart.set({ ...INITIAL_CART, cartItems: lines });
    let answer: (value: Response) => void = () => {};
    const fetch: FetchLike = (url) => (url === '/session' ? Promise.resolve(new Response()) : new Promise((resolve) => (answer = resolve)));
    const api = createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: 'live' });
    const removing = removeFromCart(api, lines[1]!);
    expect($cart.get().cartItems.map((line) => line.cart_id)).toEqual([1, 3]);
    answer(Response.json({ message: 'Cart item not found' }, { status: 404 }));
    await removing;
    expect($cart.get().cartItems.map((line) => line.cart_id)).toEqual([1, 2, 3]);
    expect(messages()).toEqual(['error: Cart item not found']);
  });

  it('a remove the network loses puts the line back with "Failed to remove item from cart"', async () => {
    const { api } = network({ 'POST /customer/remove-to-cart': new TypeError('fetch failed') });
    $cart.set({ ...INITIAL_CART, cartItems: [serverLine(1, M)] });
    await removeFromCart(api, $cart.get().cartItems[0]!);
    expect($cart.get()).toMatchObject({ cartItems: [{ cart_id: 1 }], error: 'Failed to remove item from cart' });
    expect(messages()).toEqual(['error: Failed to remove item from cart']);
  });

  it('remove sends the retailer item’s id and variant, and toasts the server’s message', async () => {
    $cart.set({ ...INITIAL_CART, cartItems: [serverLine(1, M)] });
    const { api, calls } = network({ 'POST /customer/remove-to-cart': { success: true, message: 'Item removed from cart' } });
    await removeFromCart(api, $cart.get().cartItems[0]!);
    expect(calls[0]?.body).toEqual({ retailer_product_id: 11, variant_id: 100 });
    expect($cart.get().cartItems).toEqual([]);
    expect(messages()).toEqual(['success: Item removed from cart']);
  });

  it('fetch loads the server’s lines and keeps guest lines not yet synced', async () => {
    const guest = lineFor(kurta, L);
    $cart.set({ ...INITIAL_CART, cartItems: [guest] });
    const { api } = network({ 'GET /customer/cart': { success: true, data: { cart: [serverLine(5)] } } });
    await fetchCart(api);
    expect($cart.get()).toMatchObject({ loading: false, error: null, cartItems: [{ cart_id: 5 }, guest] });
  });

  it('a failed fetch says "Failed to fetch cart items"', async () => {
    await fetchCart(network({ 'GET /customer/cart': new TypeError('down') }).api);
    expect($cart.get()).toMatchObject({ loading: false, error: 'Failed to fetch cart items' });
  });
});

describe('fetch when signed out', () => {
  it('is refused with "User not authenticated" and makes no call', async () => {
    const { api, calls } = network();
    await fetchCart(api);
    expect($cart.get().error).toBe('User not authenticated');
    expect(calls).toEqual([]);
  });
});

describe('guest cart sync after sign-in (SPEC §4, §5)', () => {
  const guestLines = () => [lineFor(kurta, M, 2), lineFor({ ...kurta, id: 12, retailer_id: null, wholesaler_id: 5 }, null)];

  it('is skipped with "No token or cart items found" when signed out or with no guest lines', async () => {
    const { api, calls } = network();
    $cart.set({ ...INITIAL_CART, cartItems: guestLines() });
    expect(await syncGuestCart(api)).toBe(false);
    expect($cart.get().error).toBe('No token or cart items found');
    signInHere();
    $cart.set({ ...INITIAL_CART, cartItems: [serverLine(1)] });
    expect(await syncGuestCart(api)).toBe(false);
    expect($cart.get().error).toBe('No token or cart items found');
    expect(calls).toEqual([]);
  });

  it('sends the guest lines, toasts the message and refetches the cart', async () => {
    signInHere();
    $cart.set({ ...INITIAL_CART, cartItems: guestLines() });
    const { api, calls } = network({
      'POST /customer/add-to-cart-guest': { success: true, message: 'Cart synced' },
      'GET /customer/cart': { success: true, data: { cart: [serverLine(7, M, 2)] } },
    });
    expect(await syncGuestCart(api)).toBe(true);
    expect(calls.map((c) => c.route)).toEqual(['POST /customer/add-to-cart-guest', 'GET /customer/cart']);
    expect(calls[0]?.bearer).toBe('Bearer live');
    expect(calls[0]?.body.cart_items).toEqual([
      { product_id: 11, quantity: 2, retailer_id: 3, wholesaler_id: null, selected_variant: M, id: 100 },
      { product_id: 12, quantity: 1, retailer_id: null, wholesaler_id: 5, selected_variant: null, id: null },
    ]);
    expect($cart.get()).toMatchObject({ loading: false, syncError: null, cartItems: [{ cart_id: 7 }] });
    expect(messages()).toEqual(['success: Cart synced']);
  });

  it('a failure keeps the guest lines and sets syncError for a retry', async () => {
    signInHere();
    $cart.set({ ...INITIAL_CART, cartItems: guestLines() });
    const { api } = network({ 'POST /customer/add-to-cart-guest': new TypeError('down') });
    expect(await syncGuestCart(api)).toBe(false);
    expect($cart.get()).toMatchObject({ loading: false, syncError: 'Failed to sync cart items', cartItems: guestLines() });
    expect(messages()).toEqual(['error: Failed to sync cart items']);
  });

  it('a retry after a lost answer sends the same Idempotency-Key, also after a reload; success clears it', async () => {
    signInHere();
    $cart.set({ ...INITIAL_CART, cartItems: guestLines() });
    const lost = network({ 'POST /customer/add-to-cart-guest': new TypeError('connection reset') });
    expect(await syncGuestCart(lost.api)).toBe(false);
    const firstKey = lost.calls[0]?.idempotencyKey;
    expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
    // What a reload would read back: the key is stored with the lines.
    expect(restoreCart(stored().cart).syncKey?.key).toBe(firstKey);

    const retry = network({
      'POST /customer/add-to-cart-guest': { success: true, message: 'Cart synced' },
      'GET /customer/cart': { success: true, data: { cart: [serverLine(7, M, 2)] } },
    });
    expect(await syncGuestCart(retry.api)).toBe(true);
    expect(retry.calls[0]?.idempotencyKey).toBe(firstKey);
    expect($cart.get().syncKey).toBeNull();
    expect(stored().cart.syncKey).toBeNull();
  });

  it('changed guest lines are a new sync with a new key', async () => {
    signInHere();
    $cart.set({ ...INITIAL_CART, cartItems: guestLines() });
    const first = network({ 'POST /customer/add-to-cart-guest': new TypeError('down') });
    await syncGuestCart(first.api);
    $cart.set({ ...$cart.get(), cartItems: [lineFor(kurta, L, 1)] });
    const second = network({ 'POST /customer/add-to-cart-guest': new TypeError('down') });
    await syncGuestCart(second.api);
    expect(second.calls[0]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(second.calls[0]?.idempotencyKey).not.toBe(first.calls[0]?.idempotencyKey);
  });

  it('a second call while one runs joins it instead of sending the lines twice', async () => {
    signInHere();
    $cart.set({ ...INITIAL_CART, cartItems: guestLines() });
    const { api, calls } = network({ 'POST /customer/add-to-cart-guest': { success: true, message: 'ok' }, 'GET /customer/cart': { success: true, data: { cart: [] } } });
    await Promise.all([syncGuestCart(api), syncGuestCart(api)]);
    expect(calls.filter((c) => c.route === 'POST /customer/add-to-cart-guest')).toHaveLength(1);
  });

  it('signing in on this page syncs the guest lines once the sign-in has settled', async () => {
    $cart.set({ ...INITIAL_CART, cartItems: guestLines() });
    const { api, calls } = network({
      'POST /customer/login': { success: true, data: { token: 'fresh', customer: { id: 7 } } },
      'POST /customer/add-to-cart-guest': { success: true, message: 'Cart synced' },
      'GET /customer/cart': { success: true, data: { cart: [serverLine(9)] } },
    });
    await signIn(api, { email: 'a@x.in', password: 'secret1' });
    await vi.waitFor(() => expect($cart.get().cartItems).toMatchObject([{ cart_id: 9 }]));
    expect(calls.map((c) => c.route)).toEqual(['POST /customer/login', 'POST /customer/add-to-cart-guest', 'GET /customer/cart']);
  });
});

describe('other tabs (SPEC §4 Cross-tab sync)', () => {
  const fromOtherTab = (state: unknown) =>
    window.dispatchEvent(new StorageEvent('storage', { key: STORE_STATE_KEY, newValue: JSON.stringify(state) }));

  it('another tab’s cart replaces the lines here; this tab’s drawer stays as it is', () => {
    $cart.set({ ...INITIAL_CART, isCartOpen: true, cartItems: [lineFor(kurta, M)] });
    fromOtherTab({ cart: { cartItems: [serverLine(4, L, 2)], isCartOpen: false } });
    expect($cart.get()).toMatchObject({ isCartOpen: true, cartItems: [{ cart_id: 4, quantity: 2 }] });
  });

  it('another tab’s sign-in does not send this tab’s copy of the guest lines (that tab sends them)', async () => {
    $cart.set({ ...INITIAL_CART, cartItems: [lineFor(kurta, M)] });
    const { calls } = network();
    // Run everything the sign-in could have scheduled, then look at what was sent.
    vi.useFakeTimers();
    try {
      fromOtherTab({ auth: { isAuthenticated: true, user: { token: 'other' } }, cart: { cartItems: [lineFor(kurta, M)] } });
      expect($auth.get().isAuthenticated).toBe(true);
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(calls.filter((c) => c.route.startsWith('POST'))).toEqual([]);
  });
});

describe('logout', () => {
  it('clears the cart and its stored copy', async () => {
    signInHere();
    $cart.set({ ...INITIAL_CART, cartItems: [serverLine(1)], isCartOpen: true });
    await signOut(network({ 'POST /customer/logout': { success: true } }).api);
    expect($cart.get()).toEqual(INITIAL_CART);
    expect(stored()).not.toHaveProperty('cart');
  });
});

describe('the page’s start (startCart)', () => {
  const cookieLine = lineFor(kurta, L, 1);
  // happy-dom expires a Max-Age=0 cookie only once the clock moves on; browsers drop it at once.
  const cookieGone = () => expect(document.cookie).not.toMatch(/guest_cart=[^;\s]/);
  const setCookie = () => (document.cookie = `guest_cart=${encodeURIComponent(encodeGuestCart([cookieLine]))}; Path=/`);

  it('a guest’s lines from the no-JavaScript cookie join the cart and the cookie is deleted', async () => {
    localStorage.setItem(STORE_STATE_KEY, JSON.stringify({ cart: { cartItems: [lineFor(kurta, M)], isCartOpen: true } }));
    setCookie();
    const { calls } = network();
    vi.resetModules();
    const fresh = await import('../../src/stores/cart.ts');
    // Importing the store starts nothing: the cookie waits for the page's start.
    expect(fresh.$cart.get().cartItems.map((line) => line.selected_variant?.product_variation)).toEqual(['M']);
    expect(document.cookie).toMatch(/guest_cart=[^;\s]/);
    (await import('../../src/stores/cart-sync.ts')).startCart();
    expect(fresh.$cart.get().cartItems.map((line) => line.selected_variant?.product_variation)).toEqual(['M', 'L']);
    expect(fresh.$cart.get().isCartOpen).toBe(false);
    cookieGone();
    expect(calls).toEqual([]);
  });

  it('when signed in, the cookie’s lines are sent with add-to-cart-guest and the cart is fetched', async () => {
    localStorage.setItem(STORE_STATE_KEY, JSON.stringify({ auth: { isAuthenticated: true, user: { token: 'kept' } } }));
    setCookie();
    const { calls } = network({
      'POST /customer/add-to-cart-guest': { success: true, message: 'Cart synced' },
      'GET /customer/cart': { success: true, data: { cart: [serverLine(3, L)] } },
    });
    vi.resetModules();
    const fresh = await import('../../src/stores/cart.ts');
    expect(calls).toEqual([]);
    (await import('../../src/stores/cart-sync.ts')).startCart();
    await vi.waitFor(() => expect(fresh.$cart.get().cartItems).toMatchObject([{ cart_id: 3 }]));
    expect(calls.map((c) => [c.route, c.bearer])).toEqual([
      ['POST /customer/add-to-cart-guest', 'Bearer kept'],
      ['GET /customer/cart', 'Bearer kept'],
    ]);
    expect(calls[0]?.body.cart_items).toMatchObject([{ product_id: 11, quantity: 1, id: 101 }]);
    cookieGone();
  });

  it('when signed in without guest lines, the cart is fetched once', async () => {
    localStorage.setItem(STORE_STATE_KEY, JSON.stringify({ auth: { isAuthenticated: true, user: { token: 'kept' } }, cart: { cartItems: [serverLine(1)] } }));
    const { calls } = network({ 'GET /customer/cart': { success: true, data: { cart: [serverLine(1, M, 4)] } } });
    vi.resetModules();
    const fresh = await import('../../src/stores/cart.ts');
    const { startCart } = await import('../../src/stores/cart-sync.ts');
    startCart();
    startCart(); // a second start (another script, a re-run) reads nothing again
    await vi.waitFor(() => expect(fresh.$cart.get().cartItems).toMatchObject([{ cart_id: 1, quantity: 4 }]));
    expect(calls.map((c) => c.route)).toEqual(['GET /customer/cart']);
  });
});
