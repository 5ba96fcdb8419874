import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { getCustomerOrders, returnCustomerOrder } from '../../src/lib/api/customer-orders.ts';

function clientAnswering(body: unknown, status = 200) {
  const calls: Array<{ url: string; method?: string; body: unknown }> = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, method: init.method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    return Response.json(body, { status });
  };
  return { api: createApiClient({ baseUrl: 'http://store.test/api', apiKey: 'k', token: 't', fetch }), calls };
}

/** A line of GET /customer/orders as the contract before refunds and returns had it. */
const LINE = {
  order_id: 11,
  order_number: 'OD482910736615-1',
  order_date: '2026-11-24T04:30:00.000Z',
  status: 'order has been delivered',
  payment_method: 'cod',
  price: '699.00',
  quantity: 1,
  final_amount: '629.10',
  discount_amount: '69.90',
  product_name: 'Kurta',
  product_slug: 'kurta',
  product_variation: 'M',
  cover_image: null,
  product_images: '/a.jpg',
};
const listOf = (...orders: unknown[]) => ({ success: true, data: { customerData: [], orders, pagination: { current_page: 1, last_page: 1, total: orders.length } } });

afterEach(() => vi.restoreAllMocks());

describe('getCustomerOrders: refunds and returns', () => {
  it("reads a line's refund in paise with its dates and test mode, and its return", async () => {
    const line = {
      ...LINE,
      status: 'order has been cancelled',
      payment_method: 'prepaid',
      refund: { amount: '629.10', status: 'initiated', initiated_at: '2026-11-29T06:00:00.000Z', processed_at: null, test_mode: true },
      return_status: null,
      return_note: null,
      returnable_until: null,
    };
    const delivered = { ...LINE, order_id: 12, refund: null, return_status: 'return rejected', return_note: 'Worn', returnable_until: null };
    const returnable = { ...LINE, order_id: 13, refund: null, return_status: null, return_note: null, returnable_until: '2026-12-06T18:29:00.000Z' };
    const outcome = await getCustomerOrders(clientAnswering(listOf(line, delivered, returnable)).api);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const [cancelled, rejected, open] = outcome.value.orders;
    expect(cancelled).toMatchObject({
      refund: { amountPaise: 629_10, status: 'initiated', initiatedAt: '2026-11-29T06:00:00.000Z', processedAt: null, testMode: true },
      returnStatus: null,
      returnNote: null,
      returnableUntil: null,
    });
    expect(rejected).toMatchObject({ refund: null, returnStatus: 'return rejected', returnNote: 'Worn', returnableUntil: null });
    expect(open).toMatchObject({ refund: null, returnStatus: null, returnableUntil: '2026-12-06T18:29:00.000Z' });
  });

  it('reads a line from a server without refunds (the fields absent) as none, and a refund without test_mode as real money', async () => {
    const refundOnly = { ...LINE, order_id: 12, refund: { amount: 629.1, status: 'processed', initiated_at: '2026-11-29T06:00:00.000Z', processed_at: '2026-11-29T06:00:05.000Z' } };
    const outcome = await getCustomerOrders(clientAnswering(listOf(LINE, refundOnly)).api);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.value.orders[0]).toMatchObject({ refund: null, returnStatus: null, returnNote: null, returnableUntil: null });
    expect(outcome.value.orders[1]!.refund).toEqual({
      amountPaise: 629_10,
      status: 'processed',
      initiatedAt: '2026-11-29T06:00:00.000Z',
      processedAt: '2026-11-29T06:00:05.000Z',
      testMode: false,
    });
  });

  it('turns a refund or return status outside the contract into Something went wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const badRefund = { ...LINE, refund: { amount: '629.10', status: 'pending', initiated_at: '2026-11-29T06:00:00.000Z', processed_at: null, test_mode: false } };
    expect(await getCustomerOrders(clientAnswering(listOf(badRefund)).api)).toMatchObject({ ok: false, messages: ['Something went wrong'] });
    const badAmount = { ...LINE, refund: { amount: 'lots', status: 'initiated', initiated_at: '2026-11-29T06:00:00.000Z', processed_at: null, test_mode: false } };
    expect(await getCustomerOrders(clientAnswering(listOf(badAmount)).api)).toMatchObject({ ok: false, messages: ['Something went wrong'] });
    const badReturn = { ...LINE, return_status: 'returned' };
    expect(await getCustomerOrders(clientAnswering(listOf(badReturn)).api)).toMatchObject({ ok: false, messages: ['Something went wrong'] });
  });
});

describe('returnCustomerOrder', () => {
  const payload = { order_id: 11, reason: 'Other' as const, reason_text: 'Too tight', upi_id: 'asha@okbank' };

  it('posts the payload to /customer/return-order and keeps the server message', async () => {
    const { api, calls } = clientAnswering({ success: true, status: true, message: 'Return requested' });
    expect(await returnCustomerOrder(api, payload)).toEqual({ ok: true, value: true, messages: ['Return requested'] });
    expect(calls).toEqual([{ url: 'http://store.test/api/customer/return-order', method: 'POST', body: payload }]);
  });

  it('counts an answer with only a status by it, as the cancel does', async () => {
    expect(await returnCustomerOrder(clientAnswering({ status: true, message: 'Return requested' }).api, payload)).toMatchObject({ ok: true });
    expect(await returnCustomerOrder(clientAnswering({ status: false }).api, payload)).toMatchObject({ ok: false, messages: ['Failed to request return'] });
  });

  it("keeps a refusal's message, and a field's message first", async () => {
    const late = { success: false, status: false, message: 'The time to return this item has passed' };
    expect(await returnCustomerOrder(clientAnswering(late, 409).api, payload)).toMatchObject({ ok: false, messages: [late.message] });
    const field = { success: false, status: false, message: 'UPI ID is required', errors: { upi_id: ['UPI ID is required for the refund of a cash on delivery order'] } };
    expect(await returnCustomerOrder(clientAnswering(field, 400).api, payload)).toMatchObject({
      ok: false,
      messages: ['UPI ID is required for the refund of a cash on delivery order'],
      fieldErrors: { upi_id: ['UPI ID is required for the refund of a cash on delivery order'] },
    });
  });
});
