import { describe, expect, it } from 'vitest';
import { appliedCouponSchema, freshPricesOf, placedOrderSchema } from '../../src/lib/api/checkout.ts';
import { createApiClient, type FetchLike } from '../../src/lib/api/client.ts';
import { verifyCheckoutOtp } from '../../src/lib/api/otp.ts';
import { pincodeAnswerSchema } from '../../src/lib/api/pincode.ts';
import { readAnswer } from '../../src/lib/api/parsed.ts';

describe('checkout answers', () => {
  it('reads a placed order: line ids, the order number, the customer, and whether it is prepaid', async () => {
    const cod = await readAnswer(
      { success: true, message: 'Order placed successfully', data: { order_id: [4, 5], order_number: 'OD123456789012', customer: { id: 1, firstname: 'Asha' } } },
      placedOrderSchema,
      'Failed to place order',
      'POST /checkout',
    );
    expect(cod).toEqual({
      ok: true,
      value: { orderIds: [4, 5], orderNumber: 'OD123456789012', customer: { id: 1, firstname: 'Asha' }, prepaid: false },
      messages: ['Order placed successfully'],
    });
    const prepaid = placedOrderSchema.parse({
      success: true,
      data: { order_id: [9], order_number: 'OD000000000001', customer: {}, payment: { reference: 'OD000000000001', amount: '10.00' } },
    });
    expect(prepaid.prepaid).toBe(true);
  });

  it('reads a coupon preview in paise', () => {
    const coupon = appliedCouponSchema.parse({
      success: true,
      data: { coupon: { id: 3, code: 'FLAT200', discount: '200.00', subtotal: '1,299.50', total: '1099.50' } },
    });
    expect(coupon).toEqual({ code: 'FLAT200', discountPaise: 20000, subtotalPaise: 129950, totalPaise: 109950 });
  });

  it('refuses a coupon answer whose discount is not an amount', () => {
    expect(appliedCouponSchema.safeParse({ success: true, data: { coupon: { code: 'X', discount: 'lots', subtotal: '1', total: '1' } } }).success).toBe(false);
  });

  it('keeps the fresh prices of a 409, and nothing from a body without them', () => {
    expect(freshPricesOf({ products: [{ product_id: 2, product_variation: 'M', quantity: 1, final_price: '899.00', final_amount: '899.00' }] })).toEqual([
      { product_id: 2, product_variation: 'M', final_price: '899.00' },
    ]);
    expect(freshPricesOf(undefined)).toBeNull();
    expect(freshPricesOf({ products: [{ product_id: 2, product_variation: null, final_price: 'free' }] })).toBeNull();
  });

  it('reads a PIN code answer as city and state', () => {
    expect(pincodeAnswerSchema.parse({ success: true, data: { pincode: '560001', city: 'Bengaluru', state: 'Karnataka' } })).toEqual({
      city: 'Bengaluru',
      state: 'Karnataka',
    });
    expect(pincodeAnswerSchema.safeParse({ success: true, data: { city: '', state: 'Karnataka' } }).success).toBe(false);
  });
});

describe('the checkout OTP verification (SPEC §8 OTP)', () => {
  const verify = (answer: FetchLike) => verifyCheckoutOtp(createApiClient({ baseUrl: '/api', apiKey: 'k', fetch: answer }), { mobile: '9876543210', otp: '000000' });

  it("reads a refusal without a message as 'Invalid OTP', and the server's own text as it is", async () => {
    expect(await verify(async () => Response.json({ success: false }, { status: 400 }))).toMatchObject({ ok: false, messages: ['Invalid OTP'] });
    expect(await verify(async () => Response.json({ success: false, message: 'OTP has expired' }, { status: 400 }))).toMatchObject({
      ok: false,
      messages: ['OTP has expired'],
    });
  });

  it("reads no answer as 'OTP verification failed'", async () => {
    expect(await verify(() => Promise.reject(new TypeError('fetch failed')))).toMatchObject({ ok: false, messages: ['OTP verification failed'] });
  });
});
