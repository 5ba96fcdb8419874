import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import {
  confirmPayment,
  getOrderGroup,
  isOrderNotFound,
  startPayment,
  switchToCashOnDelivery,
  type OrderGroup,
} from '../../src/lib/api/orders.ts';
import { GROUP_ANSWER } from '../fixtures/order-group.fixtures.ts';

function clientAnswering(body: unknown, status = 200) {
  const calls: Array<{ url: string; method?: string; body: unknown }> = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, method: init.method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    return Response.json(body, { status });
  };
  return { api: createApiClient({ baseUrl: 'http://store.test/api', apiKey: 'k', token: 't', fetch }), calls };
}

afterEach(() => vi.restoreAllMocks());

describe('getOrderGroup', () => {
  it('reads the order group into paise, sizes and the payment session', async () => {
    const { api, calls } = clientAnswering(GROUP_ANSWER);
    const outcome = await getOrderGroup(api, 'OD482910736615');
    expect(calls[0]).toMatchObject({ url: 'http://store.test/api/orders/OD482910736615', method: 'GET' });
    expect(outcome.ok).toBe(true);
    const group = (outcome as { value: OrderGroup }).value;
    expect(group).toMatchObject({
      orderNumber: 'OD482910736615',
      paymentMethod: 'prepaid',
      paymentStatus: 'awaiting',
      subtotalPaise: 240000,
      discountPaise: 24000,
      totalPaise: 216000,
      shipping: { fullName: 'Asha Rao', phone: '9876543210', pincode: '400050', city: 'Mumbai Suburban' },
      payment: { provider: 'razorpay', amountPaise: 216000, keyId: 'rzp_test_abc', providerOrderId: 'order_XYZ', holdExpiresAt: '2026-11-24T04:30:00.000Z' },
    });
    expect(group.lines).toEqual([
      {
        orderId: 41,
        status: 'awaiting payment',
        productName: 'Cotton Kurta',
        productSlug: 'cotton-kurta',
        size: 'M',
        quantity: 2,
        unitPricePaise: 120000,
        unitFinalPaise: 108000,
        coverImage: '/media/kurta.webp',
        // The fixture is an answer of the contract before refunds and returns: absent reads as none.
        refund: null,
        returnStatus: null,
        returnNote: null,
        returnableUntil: null,
      },
    ]);
  });

  it("reads a line's refund (paise, dates, test mode) and its return", async () => {
    const line = {
      ...GROUP_ANSWER.data.lines[0],
      status: 'order has been delivered',
      refund: { amount: '1299.00', status: 'processed', initiated_at: '2026-11-28T20:00:00.000Z', processed_at: '2026-11-29T19:00:00.000Z', test_mode: true },
      return_status: 'return rejected',
      return_note: 'The tag was removed',
      returnable_until: null,
    };
    const body = { success: true, data: { ...GROUP_ANSWER.data, payment_status: 'paid', lines: [line] } };
    const outcome = await getOrderGroup(clientAnswering(body).api, 'OD482910736615');
    expect(outcome).toMatchObject({
      ok: true,
      value: {
        lines: [
          {
            refund: { amountPaise: 129900, status: 'processed', initiatedAt: '2026-11-28T20:00:00.000Z', processedAt: '2026-11-29T19:00:00.000Z', testMode: true },
            returnStatus: 'return rejected',
            returnNote: 'The tag was removed',
            returnableUntil: null,
          },
        ],
      },
    });
  });

  it('reads a cash-on-delivery group without payment, and a line without a size or image', async () => {
    const line = { ...GROUP_ANSWER.data.lines[0], product_variation: null, cover_image: '' };
    const body = { success: true, data: { ...GROUP_ANSWER.data, payment_method: 'cod', payment_status: 'cod', payment: null, lines: [line] } };
    const outcome = await getOrderGroup(clientAnswering(body).api, 'OD482910736615');
    expect(outcome).toMatchObject({ ok: true, value: { paymentStatus: 'cod', payment: null, lines: [{ size: null, coverImage: null }] } });
  });

  it('does not ask the server about a malformed order number: it is not found', async () => {
    const { api, calls } = clientAnswering(GROUP_ANSWER);
    for (const number of [null, '', 'OD123', '../customer/orders', 'od482910736615']) {
      const outcome = await getOrderGroup(api, number);
      expect(isOrderNotFound(outcome)).toBe(true);
    }
    expect(calls).toEqual([]);
  });

  it("tells the API's 404 (unknown or another shopper's order) from a failure to reach it", async () => {
    const notFound = await getOrderGroup(clientAnswering({ success: false, message: 'Order not found' }, 404).api, 'OD482910736615');
    expect(isOrderNotFound(notFound)).toBe(true);
    const down = await getOrderGroup(clientAnswering({ success: false, message: 'Service unavailable' }, 503).api, 'OD482910736615');
    expect(down).toMatchObject({ ok: false, messages: ['Service unavailable'] });
    expect(isOrderNotFound(down)).toBe(false);
  });

  it('turns an answer that breaks the contract into Something went wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = { success: true, data: { ...GROUP_ANSWER.data, total: 'lots' } };
    expect(await getOrderGroup(clientAnswering(body).api, 'OD482910736615')).toMatchObject({ ok: false, messages: ['Something went wrong'] });
    const status = { success: true, data: { ...GROUP_ANSWER.data, payment_status: 'pending' } };
    expect(await getOrderGroup(clientAnswering(status).api, 'OD482910736615')).toMatchObject({ ok: false });
  });
});

describe('payment calls', () => {
  it('startPayment posts the reference to /payment/retry and reads data.payment', async () => {
    const { api, calls } = clientAnswering({ success: true, message: 'Ready to pay', data: { payment: { ...GROUP_ANSWER.data.payment, provider: 'test', key_id: undefined, provider_order_id: undefined } } });
    const outcome = await startPayment(api, 'OD482910736615');
    expect(calls[0]).toMatchObject({ url: 'http://store.test/api/payment/retry', method: 'POST', body: { reference: 'OD482910736615' } });
    expect(outcome).toMatchObject({ ok: true, value: { provider: 'test', amountPaise: 216000, keyId: null, providerOrderId: null } });
  });

  it('startPayment keeps the server message of a refusal', async () => {
    const body = { success: false, message: 'The time to pay for this order has passed. Please order again.' };
    expect(await startPayment(clientAnswering(body, 409).api, 'OD482910736615')).toMatchObject({ ok: false, messages: [body.message] });
  });

  it('confirmPayment sends the proof beside the reference; a decline is a result with its message', async () => {
    const { api, calls } = clientAnswering({ success: true, message: 'The test payment was declined', data: { status: 'payment failed', reference: 'OD482910736615', orders: [41] } });
    const outcome = await confirmPayment(api, 'OD482910736615', { outcome: 'failure', method: 'card' });
    expect(calls[0]!.body).toEqual({ reference: 'OD482910736615', outcome: 'failure', method: 'card' });
    expect(outcome).toEqual({ ok: true, value: { status: 'payment failed', message: 'The test payment was declined' }, messages: ['The test payment was declined'] });
    const paid = await confirmPayment(clientAnswering({ success: true, data: { status: 'paid', orders: [41] } }).api, 'OD482910736615', {
      razorpay_order_id: 'order_XYZ',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'ab'.repeat(32),
    });
    expect(paid).toMatchObject({ ok: true, value: { status: 'paid', message: null } });
  });

  it('confirmPayment of a proof the server does not believe is a failure', async () => {
    const outcome = await confirmPayment(clientAnswering({ success: false, message: 'The payment could not be verified' }, 400).api, 'OD482910736615', {
      outcome: 'success',
      method: 'upi',
    });
    expect(outcome).toMatchObject({ ok: false, messages: ['The payment could not be verified'] });
  });

  it('switchToCashOnDelivery posts the reference and is ok on success', async () => {
    const { api, calls } = clientAnswering({ success: true, message: 'Your order will be paid on delivery' });
    expect(await switchToCashOnDelivery(api, 'OD482910736615')).toMatchObject({ ok: true, value: true });
    expect(calls[0]).toMatchObject({ url: 'http://store.test/api/payment/switch-to-cod', body: { reference: 'OD482910736615' } });
  });
});
