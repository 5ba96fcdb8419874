import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/lib/api/client.ts';
import type { OrderGroup, PaymentStatus } from '../../src/lib/api/orders.ts';
import { loadOrderPage } from '../../src/lib/order-page-load.ts';
import {
  canStillPay,
  failureKind,
  holdDeadlineLabel,
  lineTotalPaise,
  orderFailurePath,
  orderSuccessPath,
  pageForOrder,
  paymentMethodLabel,
  paymentPath,
  redirectFor,
} from '../../src/lib/order-pages.ts';
import { NO_AFTER_SALE } from '../../src/lib/refunds.ts';
import { GROUP_ANSWER } from '../fixtures/order-group.fixtures.ts';

const NOW = new Date('2026-11-24T04:10:00.000Z');
const HELD = '2026-11-24T04:30:00.000Z';
const ENDED = '2026-11-24T04:05:00.000Z';

function group(status: PaymentStatus, holdExpiresAt: string | null = HELD, method: 'cod' | 'prepaid' = 'prepaid'): OrderGroup {
  return {
    orderNumber: 'OD482910736615',
    orderDate: null,
    paymentMethod: method,
    paymentStatus: status,
    subtotalPaise: 240000,
    discountPaise: 0,
    totalPaise: 240000,
    lines: [],
    shipping: null,
    payment:
      method === 'cod'
        ? null
        : { provider: 'test', reference: 'OD482910736615', amountPaise: 240000, currency: 'INR', status, holdExpiresAt, keyId: null, providerOrderId: null },
  };
}

describe('which page an order belongs on', () => {
  it('a paid or cash-on-delivery order belongs on the success page', () => {
    expect(pageForOrder(group('paid'), NOW)).toBe('success');
    expect(pageForOrder(group('cod', null, 'cod'), NOW)).toBe('success');
  });

  it('an order waiting for its payment while its stock is held belongs on the payment page', () => {
    expect(pageForOrder(group('awaiting'), NOW)).toBe('payment');
  });

  it('a declined order, an expired one, or one whose hold has ended belongs on the failure page', () => {
    expect(pageForOrder(group('failed'), NOW)).toBe('failure');
    expect(pageForOrder(group('expired', ENDED), NOW)).toBe('failure');
    expect(pageForOrder(group('awaiting', ENDED), NOW)).toBe('failure');
    expect(pageForOrder(group('awaiting', null), NOW)).toBe('failure');
  });

  it('each page sends elsewhere only what does not belong on it; the failure page keeps a waiting order', () => {
    expect(redirectFor('payment', group('paid'), NOW)).toBe('/order-success?order=OD482910736615');
    expect(redirectFor('payment', group('failed'), NOW)).toBe('/order-failure?order=OD482910736615');
    expect(redirectFor('payment', group('awaiting'), NOW)).toBeNull();
    expect(redirectFor('success', group('awaiting'), NOW)).toBe('/payment?order=OD482910736615');
    expect(redirectFor('success', group('failed'), NOW)).toBe('/order-failure?order=OD482910736615');
    expect(redirectFor('success', group('cod', null, 'cod'), NOW)).toBeNull();
    expect(redirectFor('failure', group('paid'), NOW)).toBe('/order-success?order=OD482910736615');
    expect(redirectFor('failure', group('awaiting'), NOW)).toBeNull();
    expect(redirectFor('failure', group('expired', ENDED), NOW)).toBeNull();
  });
});

describe('the failure page', () => {
  it('offers paying again only while the stock is held', () => {
    expect(canStillPay(group('failed'), NOW)).toBe(true);
    expect(canStillPay(group('awaiting'), NOW)).toBe(true);
    expect(canStillPay(group('failed', ENDED), NOW)).toBe(false);
    expect(canStillPay(group('expired', HELD), NOW)).toBe(false);
    expect(canStillPay(group('paid'), NOW)).toBe(false);
    expect(canStillPay(group('failed', 'not a time'), NOW)).toBe(false);
  });

  it('says whether the payment was declined, not completed, or ran out of time', () => {
    expect(failureKind(group('failed'), NOW)).toBe('declined');
    expect(failureKind(group('awaiting'), NOW)).toBe('not-completed');
    expect(failureKind(group('failed', ENDED), NOW)).toBe('expired');
    expect(failureKind(group('expired', ENDED), NOW)).toBe('expired');
  });
});

describe('texts and figures', () => {
  it('names the payment method', () => {
    expect(paymentMethodLabel(group('cod', null, 'cod'))).toBe('Cash on delivery');
    expect(paymentMethodLabel(group('paid'))).toBe('Paid online');
    expect(paymentMethodLabel(group('awaiting'))).toBe('Online payment (not paid yet)');
  });

  it("a line's total is its unit price after the discount times its quantity", () => {
    expect(lineTotalPaise({ orderId: 1, status: '', productName: '', productSlug: null, size: null, quantity: 3, unitPricePaise: 50000, unitFinalPaise: 45050, coverImage: null, ...NO_AFTER_SALE })).toBe(135150);
  });

  it('gives the end of the hold as a time of day in India', () => {
    expect(holdDeadlineLabel(group('awaiting', '2026-11-24T04:30:00.000Z'))).toBe('10:00 am');
    expect(holdDeadlineLabel(group('awaiting', '2026-11-24T13:05:00.000Z'))).toBe('6:35 pm');
    expect(holdDeadlineLabel(group('awaiting', null))).toBeNull();
    expect(holdDeadlineLabel(group('cod', null, 'cod'))).toBeNull();
  });

  it('builds the pages’ addresses with the order number as a query value', () => {
    expect(paymentPath('OD482910736615')).toBe('/payment?order=OD482910736615');
    expect(orderSuccessPath('OD482910736615')).toBe('/order-success?order=OD482910736615');
    expect(orderFailurePath('OD 1&x')).toBe('/order-failure?order=OD+1%26x');
  });
});

describe('loadOrderPage', () => {
  const api = (body: unknown, status = 200) =>
    createApiClient({ baseUrl: 'http://store.test/api', apiKey: 'k', fetch: async () => Response.json(body, { status }) });
  const url = (order: string) => new URL(`http://shop.test/payment?order=${order}`);
  const at = new Date('2026-11-24T04:10:00.000Z');

  it('shows an order that belongs on the page', async () => {
    const load = await loadOrderPage(api(GROUP_ANSWER), url('OD482910736615'), 'payment', at);
    expect(load).toMatchObject({ kind: 'show', group: { orderNumber: 'OD482910736615' } });
  });

  it('sends a paid order from the payment page to the success page', async () => {
    const paid = { success: true, data: { ...GROUP_ANSWER.data, payment_status: 'paid' } };
    expect(await loadOrderPage(api(paid), url('OD482910736615'), 'payment', at)).toEqual({
      kind: 'redirect',
      location: '/order-success?order=OD482910736615',
    });
  });

  it('answers 404 for an unknown order and 503 with the message when the store cannot be read', async () => {
    expect(await loadOrderPage(api({ success: false, message: 'Order not found' }, 404), url('OD482910736615'), 'success', at)).toEqual({
      kind: 'unavailable',
      notFound: true,
      messages: [],
      status: 404,
    });
    expect(await loadOrderPage(api({ success: false, message: 'Busy' }, 502), url('OD482910736615'), 'success', at)).toEqual({
      kind: 'unavailable',
      notFound: false,
      messages: ['Busy'],
      status: 503,
    });
  });
});
