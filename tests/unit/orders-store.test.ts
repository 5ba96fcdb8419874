// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { $auth, INITIAL_AUTH } from '../../src/stores/auth.ts';
import { $orderPopup, closeOrderPopup, openOrderPopup } from '../../src/stores/order-popup.ts';
import { $orders, INITIAL_ORDERS, cancelOrder, clearOrders, fetchOrders, returnOrder } from '../../src/stores/orders.ts';
import { $toastQueue } from '../../src/stores/toast.ts';

const line = (id: number, status = 'order has been placed') => ({
  order_id: id,
  order_number: `OD${id}`,
  order_date: '2026-11-24T04:30:00.000Z',
  status,
  payment_method: 'cod',
  price: '500.00',
  quantity: 1,
  final_amount: '500.00',
  discount_amount: '0.00',
  product_name: 'Kurta',
  product_slug: 'kurta',
  product_variation: 'M',
  cover_image: null,
  product_images: '/a.jpg',
});
const listAnswer = (orders: unknown[]) => ({
  success: true,
  message: 'Success',
  data: { customerData: [{ fullName: 'Asha Rao', email: 'a@x.in', phone_number: '9876543210' }], orders, pagination: { current_page: 1, last_page: 1, total: orders.length } },
});

/** A client over a fake network answering each call with the next of `answers`. */
function apiAnswering(...answers: unknown[]) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return Response.json(next, { status: (next as { success?: boolean })?.success === false ? 409 : 200 });
  };
  return { api: createApiClient({ baseUrl: '/api', apiKey: 'k', fetch, token: 't' }), calls };
}
const toasts = () => $toastQueue.get().map((t) => `${t.kind}: ${t.message}`);

beforeEach(() => {
  $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 't' } });
  clearOrders();
  $toastQueue.set([]);
});
afterEach(() => vi.useRealTimers());

describe('orders state (SPEC §4 Orders)', () => {
  it('fetch sets loading and clears the error, then stores the orders', async () => {
    $orders.set({ ...INITIAL_ORDERS, error: 'old' });
    const { api } = apiAnswering(listAnswer([line(2), line(1)]));
    const pending = fetchOrders(api);
    expect($orders.get()).toMatchObject({ loading: true, error: null });
    await pending;
    expect($orders.get()).toMatchObject({ loading: false, error: null, customer: { fullName: 'Asha Rao' } });
    expect($orders.get().orders.map((o) => o.orderNumber)).toEqual(['OD2', 'OD1']);
  });

  it("a failure stores the server's message, or 'Failed to fetch orders' when success is false without one", async () => {
    await fetchOrders(apiAnswering({ success: false, message: 'Store closed' }).api);
    expect($orders.get().error).toBe('Store closed');
    await fetchOrders(apiAnswering({ success: false }).api);
    expect($orders.get().error).toBe('Failed to fetch orders');
    await fetchOrders(apiAnswering(new TypeError('offline')).api);
    expect($orders.get().error).toBe('Failed to fetch orders');
    expect(toasts()).toEqual(['error: Store closed', 'error: Failed to fetch orders', 'error: Failed to fetch orders']);
  });

  it('a successful cancel refetches the orders and toasts the server message', async () => {
    const { api, calls } = apiAnswering(
      { success: true, status: true, message: 'Order cancelled successfully' },
      listAnswer([line(1, 'order has been cancelled')]),
    );
    await cancelOrder(api, { order_id: 1, reject_reason_select: 'Other', reject_reason_input: 'Wrong size' });
    expect(calls.map((c) => c.url)).toEqual(['/api/customer/cancel-order', '/api/customer/orders']);
    expect(calls[0]!.body).toEqual({ order_id: 1, reject_reason_select: 'Other', reject_reason_input: 'Wrong size' });
    expect($orders.get()).toMatchObject({ loading: false, cancelOrder: ['Order cancelled successfully'] });
    expect($orders.get().orders[0]!.status).toBe('order has been cancelled');
    expect(toasts()).toEqual(['success: Order cancelled successfully']);
  });

  it('a cancelled line reads cancelled in the list (which the open drawer follows) even when the reload after it fails', async () => {
    await fetchOrders(apiAnswering(listAnswer([line(2), line(1)])).api);
    const { api } = apiAnswering({ success: true, status: true, message: 'Order cancelled successfully' }, new TypeError('offline'));
    await cancelOrder(api, { order_id: 1, reject_reason_select: 'Changed My Mind' });
    expect($orders.get().orders.map((o) => [o.orderId, o.status])).toEqual([
      [2, 'order has been placed'],
      [1, 'order has been cancelled'],
    ]);
    expect($orders.get().error).toBe('Failed to fetch orders');
  });

  it('an answer with only a status counts by it, as SPEC’s client reads it', async () => {
    const { api } = apiAnswering({ status: true, message: 'Cancelled' }, listAnswer([]));
    expect((await cancelOrder(api, { order_id: 1, reject_reason_select: 'Changed My Mind' }))?.ok).toBe(true);
    const refused = apiAnswering({ status: false });
    expect((await cancelOrder(refused.api, { order_id: 1, reject_reason_select: 'Changed My Mind' }))?.ok).toBe(false);
    expect(toasts()).toEqual(['success: Cancelled', 'error: Failed to cancel order']);
  });

  it("a failed cancel stores and toasts the message, or 'Failed to cancel order'", async () => {
    const { api, calls } = apiAnswering({ success: false, status: false, message: 'This order can no longer be cancelled' });
    await cancelOrder(api, { order_id: 1, reject_reason_select: 'Changed My Mind' });
    expect(calls).toHaveLength(1);
    expect($orders.get()).toMatchObject({ loading: false, error: 'This order can no longer be cancelled' });
    expect(toasts()).toEqual(['error: This order can no longer be cancelled']);
  });

  it('nothing happens when signed out, and signing out clears the list', async () => {
    const { api, calls } = apiAnswering(listAnswer([line(1)]));
    await fetchOrders(api);
    expect($orders.get().orders).toHaveLength(1);
    $auth.set(INITIAL_AUTH);
    expect($orders.get()).toEqual(INITIAL_ORDERS);
    expect(await cancelOrder(api, { order_id: 1, reject_reason_select: 'Changed My Mind' })).toBeNull();
    expect(await fetchOrders(api)).toBeNull();
    expect(calls).toHaveLength(1);
  });
});

describe('returning a delivered line', () => {
  const delivered = (id: number) => ({ ...line(id, 'order has been delivered'), returnable_until: '2026-12-06T18:29:00.000Z' });
  const request = { order_id: 1, reason: "Size doesn't fit" as const, upi_id: 'asha@okbank' };

  it('a yes refetches the orders and toasts the server message', async () => {
    const { api, calls } = apiAnswering(
      { success: true, status: true, message: 'Return requested' },
      listAnswer([{ ...line(1, 'order has been delivered'), return_status: 'return requested' }]),
    );
    expect((await returnOrder(api, request))?.ok).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/customer/return-order', '/api/customer/orders']);
    expect(calls[0]!.body).toEqual(request);
    expect($orders.get().orders[0]).toMatchObject({ returnStatus: 'return requested', returnableUntil: null });
    expect($orders.get().loading).toBe(false);
    expect(toasts()).toEqual(['success: Return requested']);
  });

  it('the line reads return requested, with no Return offered, even when the reload after it fails', async () => {
    await fetchOrders(apiAnswering(listAnswer([delivered(2), delivered(1)])).api);
    const { api } = apiAnswering({ success: true, status: true, message: 'Return requested' }, new TypeError('offline'));
    await returnOrder(api, request);
    expect($orders.get().orders.map((o) => [o.orderId, o.returnStatus, o.returnableUntil])).toEqual([
      [2, null, '2026-12-06T18:29:00.000Z'],
      [1, 'return requested', null],
    ]);
  });

  it("a refusal is stored and toasted, or 'Failed to request return' when it says nothing", async () => {
    const { api, calls } = apiAnswering({ success: false, status: false, message: 'The time to return this item has passed' });
    expect((await returnOrder(api, request))?.ok).toBe(false);
    expect(calls).toHaveLength(1);
    expect($orders.get()).toMatchObject({ loading: false, error: 'The time to return this item has passed' });
    await returnOrder(apiAnswering({ status: false }).api, request);
    expect(toasts()).toEqual(['error: The time to return this item has passed', 'error: Failed to request return']);
  });

  it('asks nothing when signed out', async () => {
    const { api, calls } = apiAnswering();
    $auth.set(INITIAL_AUTH);
    expect(await returnOrder(api, request)).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('order popup state (SPEC §3, §9)', () => {
  it('opens 10 ms after an order is chosen and clears the order 300 ms after closing', async () => {
    vi.useFakeTimers();
    const { api } = apiAnswering(listAnswer([line(1)]));
    await fetchOrders(api);
    const order = $orders.get().orders[0]!;
    openOrderPopup(order);
    expect($orderPopup.get()).toEqual({ open: false, order });
    vi.advanceTimersByTime(10);
    expect($orderPopup.get()).toEqual({ open: true, order });
    closeOrderPopup();
    expect($orderPopup.get()).toEqual({ open: false, order });
    vi.advanceTimersByTime(299);
    expect($orderPopup.get().order).toBe(order);
    vi.advanceTimersByTime(1);
    expect($orderPopup.get()).toEqual({ open: false, order: null });
  });
});
