// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { openRazorpayCheckout } from '../../src/islands/payment/razorpay-checkout.ts';

/** Razorpay Checkout as the page opens it: what it is given, caught by a stand-in for Razorpay's constructor. */
describe('the options Razorpay Checkout opens with', () => {
  afterEach(() => {
    delete window.Razorpay;
  });

  it('hide UPI collect and prefill no UPI ID, so UPI goes by intent or QR only', async () => {
    let given: Record<string, unknown> = {};
    window.Razorpay = class {
      private readonly handler: (response: unknown) => void;
      constructor(options: Record<string, unknown>) {
        given = options;
        this.handler = options.handler as (response: unknown) => void;
      }
      open() {
        this.handler({ razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'f'.repeat(64) });
      }
      close() {}
      on() {}
    };
    const ending = await openRazorpayCheckout({
      key: 'rzp_test_key',
      amount: 629_10,
      currency: 'INR',
      order_id: 'order_1',
      name: 'Kapda Bazaar',
      description: 'Order OD123456789012',
      prefill: { name: 'Asha Verma', email: 'asha@example.com', contact: '9876543210' },
    });
    expect(ending.kind).toBe('paid');
    expect(given.config).toEqual({ display: { hide: [{ method: 'upi', flows: ['collect'] }] } });
    expect(given).not.toHaveProperty('method');
    expect(given.prefill).toEqual({ name: 'Asha Verma', email: 'asha@example.com', contact: '9876543210' });
    expect(JSON.stringify(given)).not.toMatch(/vpa/i);
  });
});
