// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { MESSAGES } from '../../src/lib/messages.ts';
import { lineFor } from '../../src/lib/cart.ts';
import { EMPTY_DETAILS, checkoutPayload } from '../../src/lib/checkout.ts';
import { $auth, INITIAL_AUTH } from '../../src/stores/auth.ts';
import { $cart, INITIAL_CART } from '../../src/stores/cart.ts';
import { $checkout, INITIAL_CHECKOUT, applyCoupon, placeOrder, repriceCoupon, restoreCheckout } from '../../src/stores/checkout.ts';
import { DRAFT_KEY, loadDraft, saveDraft } from '../../src/stores/checkout-draft.ts';
import { STORE_STATE_KEY } from '../../src/stores/persist.ts';
import { $toastQueue } from '../../src/stores/toast.ts';
import { rupees } from '../helpers/rupees.ts';

type Answer = unknown;

/**
 * A fake network: `/session` answers 200; `/api/...` answers from `answers` in
 * turn: a body (200), `[status, body]`, an Error (a dropped connection) or a
 * string (a 502 page that is not JSON).
 */
function network(answers: Record<string, Answer[]>) {
  const keys: Array<string | null> = [];
  const fetch: FetchLike = async (url, init = {}) => {
    if (url === '/session') return new Response(null, { status: 200 });
    const route = `${init.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    keys.push(new Headers(init.headers).get('Idempotency-Key'));
    const answer = answers[route]?.shift();
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'string') return new Response(answer, { status: 502 });
    const [status, json] = Array.isArray(answer) ? answer : [200, answer];
    return Response.json(json, { status });
  };
  vi.stubGlobal('fetch', fetch);
  return { api: createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: () => $auth.get().user?.token }), keys };
}

const line = lineFor({ id: 11, name: 'Cotton Kurta', slug: 'cotton-kurta', final_price: rupees('799.00'), quantity: 10, retailer_id: 3 }, null, 2);
const details = { ...EMPTY_DETAILS, firstname: 'Asha', lastname: 'Rao', email: 'a@example.com', phone_number: '9876543210', address: 'x', pincode: '560001', city: 'y', state: 'z' };
const payload = checkoutPayload(details, [line], 'cod', null);
const placed = { success: true, message: 'Order placed successfully', data: { order_id: [1], order_number: 'OD123456789012', customer: { id: 7, firstname: 'Asha', phone_number: '9876543210' } } };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  $auth.set({ ...INITIAL_AUTH, user: { token: 'guest-token', is_existing_customer: false } });
  $cart.set({ ...INITIAL_CART, cartItems: [line] });
  $checkout.set(INITIAL_CHECKOUT);
  $toastQueue.set([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('placing an order', () => {
  it('on success saves the customer to auth, signs the guest in, clears the cart and the draft, and stores order_id', async () => {
    const { api } = network({ 'POST /checkout': [placed] });
    saveDraft({ details });
    const outcome = await placeOrder(api, payload);
    expect(outcome.ok).toBe(true);
    expect($auth.get()).toMatchObject({ isAuthenticated: true, user: { token: 'guest-token', customer: { firstname: 'Asha', alt_phone_number: '9876543210' } } });
    expect($cart.get().cartItems).toEqual([]);
    expect($checkout.get()).toMatchObject({ success: true, order_id: [1], message: 'Order placed successfully', checkoutLoading: false });
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('sends one request for two presses, and the same key again after a dropped connection', async () => {
    const { api, keys } = network({ 'POST /checkout': [new TypeError('network down'), placed] });
    const [first, second] = await Promise.all([placeOrder(api, payload), placeOrder(api, payload)]);
    expect(first).toBe(second);
    expect(first.ok).toBe(false);
    expect(keys).toHaveLength(1);
    expect($checkout.get().checkoutError).toBe('Failed to place order');
    expect(loadDraft().attempt?.key).toBe(keys[0]);
    await placeOrder(api, payload);
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it("takes a 409's fresh prices into the cart, so the next payload (and key) are new", async () => {
    const fresh = { success: false, message: 'Prices have changed', data: { products: [{ product_id: 11, product_variation: null, quantity: 2, final_price: '899.00', final_amount: '1798.00' }] } };
    const { api } = network({ 'POST /checkout': [[409, fresh]] });
    const outcome = await placeOrder(api, payload);
    expect(outcome).toMatchObject({ ok: false, messages: ['Prices have changed'] });
    expect($cart.get().cartItems[0]?.final_price).toBe('899.00');
    expect($toastQueue.get().map((toast) => toast.message)).toEqual(['Prices have changed']);
  });
});

const toastTexts = () => $toastQueue.get().map((toast) => `${toast.kind}: ${toast.message}`);

describe('what a failed order says (SPEC §8 Checkout)', () => {
  it("says 'Checkout failed' for a refusal that gives no message", async () => {
    const { api } = network({ 'POST /checkout': [[422, { success: false }]] });
    expect(await placeOrder(api, payload)).toMatchObject({ ok: false, messages: [MESSAGES.checkout.checkoutFailed] });
    expect($checkout.get()).toMatchObject({ checkoutError: 'Checkout failed', checkoutLoading: false, success: false });
    expect(toastTexts()).toEqual(['error: Checkout failed']);
  });

  it("says 'Checkout failed' for a 200 answer that says success false without a message", async () => {
    const { api } = network({ 'POST /checkout': [{ success: false }] });
    await placeOrder(api, payload);
    expect(toastTexts()).toEqual(['error: Checkout failed']);
  });

  it("says 'Failed to place order' when no answer comes, or one that is not JSON", async () => {
    const { api } = network({ 'POST /checkout': [new TypeError('network down'), '<html>Bad gateway</html>'] });
    await placeOrder(api, payload);
    await placeOrder(api, payload);
    expect(toastTexts()).toEqual(['error: Failed to place order', 'error: Failed to place order']);
    expect($checkout.get()).toMatchObject({ checkoutError: 'Failed to place order', checkoutLoading: false });
  });

  it("says 'Something went wrong during checkout' for a success answer that is not an order, and keeps the cart", async () => {
    const { api } = network({ 'POST /checkout': [{ success: true, data: { order_id: [] } }] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await placeOrder(api, payload)).toMatchObject({ ok: false, messages: [MESSAGES.checkout.checkoutError] });
    expect(toastTexts()).toEqual(['error: Something went wrong during checkout']);
    expect($checkout.get()).toMatchObject({ checkoutError: 'Something went wrong during checkout', checkoutLoading: false, success: false });
    expect($cart.get().cartItems).toEqual([line]);
  });

  it("says 'Something went wrong during checkout' when placing throws, and releases the button; a try after it places the order", async () => {
    const { api, keys } = network({ 'POST /checkout': [placed] });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce(() => {
      throw new Error('no randomness');
    });
    expect(await placeOrder(api, payload)).toMatchObject({ ok: false, messages: [MESSAGES.checkout.checkoutError] });
    expect(error).toHaveBeenCalled();
    expect(keys).toEqual([]);
    expect($checkout.get()).toMatchObject({ checkoutError: 'Something went wrong during checkout', checkoutLoading: false });
    expect(toastTexts()).toEqual(['error: Something went wrong during checkout']);
    random.mockRestore();
    expect((await placeOrder(api, payload)).ok).toBe(true);
    expect(keys).toHaveLength(1);
  });

  it('shows a message given as a list as one toast per entry', async () => {
    const { api } = network({ 'POST /checkout': [[409, { success: false, message: ['Cotton Kurta is sold out', 'Silk Saree is sold out'] }]] });
    await placeOrder(api, payload);
    expect(toastTexts()).toEqual(['error: Cotton Kurta is sold out', 'error: Silk Saree is sold out']);
    expect($checkout.get().checkoutError).toBe('Cotton Kurta is sold out, Silk Saree is sold out');
  });
});

describe('a coupon refused when the order is placed', () => {
  const applied = { code: 'WELCOME10', discountPaise: 15980, subtotalPaise: 159800, totalPaise: 143820 };
  const lapsed = [409, { success: false, message: 'This coupon has expired', errors: { coupon_code: ['Invalid Code'] } }];

  it("goes from the summary, reads 'Invalid Code' as its field's error, tells why, and the order goes through without it", async () => {
    const { api } = network({ 'POST /checkout': [lapsed, placed] });
    $checkout.set({ ...INITIAL_CHECKOUT, discount: applied });
    const outcome = await placeOrder(api, checkoutPayload(details, [line], 'cod', 'WELCOME10'));
    expect(outcome).toMatchObject({ ok: false, messages: ['This coupon has expired'], fieldErrors: { coupon_code: ['Invalid Code'] } });
    expect($checkout.get()).toMatchObject({ discount: null, discountError: 'Invalid Code', checkoutError: 'This coupon has expired', checkoutLoading: false });
    expect(toastTexts()).toEqual(['error: This coupon has expired']);
    expect((await placeOrder(api, checkoutPayload(details, [line], 'cod', $checkout.get().discount?.code ?? null))).ok).toBe(true);
  });

  it("reads 'Invalid Code' in the toast too when the server says no more", async () => {
    const { api } = network({ 'POST /checkout': [[409, { success: false, errors: { coupon_code: ['Invalid Code'] } }]] });
    $checkout.set({ ...INITIAL_CHECKOUT, discount: applied });
    await placeOrder(api, checkoutPayload(details, [line], 'cod', 'WELCOME10'));
    expect($checkout.get()).toMatchObject({ discount: null, discountError: 'Invalid Code' });
    expect(toastTexts()).toEqual(['error: Invalid Code']);
  });
});

describe('coupon', () => {
  it("keeps the coupon as the discount, and an invalid one as coupon_code's 'Invalid Code' without a toast", async () => {
    const { api } = network({
      'POST /apply-coupon': [
        [400, { success: false, message: 'This coupon has expired', errors: { coupon_code: ['Invalid Code'] } }],
        { success: true, message: 'Coupon applied', data: { coupon: { id: 1, code: 'FLAT200', discount: '200.00', subtotal: '1598.00', total: '1398.00' } } },
      ],
    });
    await applyCoupon(api, 'SUMMER25', [line]);
    expect($checkout.get()).toMatchObject({ discount: null, discountError: 'Invalid Code', discountLoading: false });
    expect($toastQueue.get()).toEqual([]);
    await applyCoupon(api, 'FLAT200', [line]);
    expect($checkout.get()).toMatchObject({ discount: { code: 'FLAT200', discountPaise: 20000 }, discountError: null });
  });

  it('prices a coupon just applied again only once its lines change', async () => {
    const coupon = (discount: string, subtotal: string) => ({ success: true, message: 'Coupon applied', data: { coupon: { id: 1, code: 'TENPC', discount, subtotal, total: '0.00' } } });
    const answers = { 'POST /apply-coupon': [coupon('159.80', '1598.00'), coupon('239.70', '2397.00')] };
    const { api, keys } = network(answers);
    await applyCoupon(api, 'TENPC', [line]);
    await repriceCoupon(api, [line]);
    expect(keys).toHaveLength(1);
    await repriceCoupon(api, [{ ...line, quantity: 3 }]);
    expect(keys).toHaveLength(2);
    expect($checkout.get().discount).toMatchObject({ code: 'TENPC', discountPaise: 23970 });
  });
});

describe('persisted state', () => {
  it('is stored under checkout without its loading flags, and restored whole', () => {
    $checkout.set({ ...INITIAL_CHECKOUT, checkoutLoading: true, discountLoading: true, success: true, order_id: [4] });
    const group = JSON.parse(localStorage.getItem(STORE_STATE_KEY) ?? '{}').checkout;
    expect(group).not.toHaveProperty('checkoutLoading');
    expect(group).not.toHaveProperty('discountLoading');
    expect(restoreCheckout(group)).toMatchObject({ success: true, order_id: [4], checkoutLoading: false, discountLoading: false });
    expect(restoreCheckout({ discount: { code: 'X', discountPaise: 'lots' } }).discount).toBeNull();
  });
});

describe('signing out', () => {
  it('clears the draft', () => {
    saveDraft({ details });
    $auth.set(INITIAL_AUTH);
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
