import { describe, expect, it } from 'vitest';
import { allocateDiscount, checkCoupon, couponDiscount, givenDiscount, type CouponTerms } from '../../api/checkout/pricing.ts';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const coupon = (terms: Partial<CouponTerms> = {}): CouponTerms => ({
  kind: 'percent',
  value: 10,
  min_order_amount: 0,
  max_discount: null,
  starts_at: null,
  expires_at: null,
  usage_limit: null,
  used_count: 0,
  per_customer_limit: null,
  active: 1,
  ...terms,
});

describe('coupon discounts', () => {
  it('takes a percentage rounded down to the paisa, up to its cap', () => {
    expect(couponDiscount(coupon(), 1234_56)).toBe(123_45);
    expect(couponDiscount(coupon({ max_discount: 500_00 }), 9999_00)).toBe(500_00);
  });

  it('takes a flat amount, never more than the order', () => {
    expect(couponDiscount(coupon({ kind: 'flat', value: 200_00 }), 1500_00)).toBe(200_00);
    expect(couponDiscount(coupon({ kind: 'flat', value: 200_00 }), 150_00)).toBe(150_00);
  });

  it('refuses, naming why: unknown, inactive, not yet valid, expired, used up, used by this customer, below the minimum', () => {
    const order = { subtotal: 1000_00, now: NOW };
    expect(checkCoupon(undefined, order)).toMatchObject({ ok: false, refusal: 'unknown', message: 'This coupon code does not exist' });
    expect(checkCoupon(coupon({ active: 0 }), order)).toMatchObject({ refusal: 'unknown' });
    expect(checkCoupon(coupon({ starts_at: '2026-12-01T00:00:00.000Z' }), order)).toMatchObject({ refusal: 'notYetValid' });
    expect(checkCoupon(coupon({ expires_at: '2026-11-24T09:59:59.999Z' }), order)).toMatchObject({
      refusal: 'expired',
      message: 'This coupon has expired',
    });
    expect(checkCoupon(coupon({ usage_limit: 1, used_count: 1 }), order)).toMatchObject({ refusal: 'usedUp' });
    expect(checkCoupon(coupon({ per_customer_limit: 1 }), { ...order, customerUses: 1 })).toMatchObject({ refusal: 'usedByCustomer' });
    expect(checkCoupon(coupon({ per_customer_limit: 1 }), order)).toMatchObject({ ok: true });
    expect(checkCoupon(coupon({ kind: 'flat', value: 200_00, min_order_amount: 999_00 }), { ...order, subtotal: 998_99 })).toEqual({
      ok: false,
      refusal: 'belowMinimum',
      message: 'This coupon needs an order of at least ₹999.00',
    });
  });

  it('applies within its window, at its minimum exactly', () => {
    const check = checkCoupon(
      coupon({ kind: 'flat', value: 200_00, min_order_amount: 999_00, starts_at: NOW.toISOString(), expires_at: NOW.toISOString() }),
      { subtotal: 999_00, now: NOW },
    );
    expect(check).toEqual({ ok: true, discount: 200_00 });
  });
});

describe('sharing a discount among lines', () => {
  it('gives whole paise per unit that add up to the discount when they can', () => {
    const lines = [
      { unitPrice: 999_00, quantity: 1 },
      { unitPrice: 500_00, quantity: 2 },
    ];
    const perUnit = allocateDiscount(lines, 199_90);
    expect(givenDiscount(lines, perUnit)).toBe(199_90);
    for (const [i, u] of perUnit.entries()) expect(u).toBeLessThanOrEqual(lines[i]!.unitPrice);
  });

  it('never gives more than the discount, nor more than a line costs, and leaves less than a paisa per unit', () => {
    for (const discount of [1, 7, 99, 333_33, 1000_00, 5000_00]) {
      const lines = [
        { unitPrice: 333_33, quantity: 3 },
        { unitPrice: 10_01, quantity: 5 },
        { unitPrice: 1_00, quantity: 2 },
      ];
      const perUnit = allocateDiscount(lines, discount);
      const given = givenDiscount(lines, perUnit);
      const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
      expect(given).toBeLessThanOrEqual(Math.min(discount, subtotal));
      expect(Math.min(discount, subtotal) - given).toBeLessThan(10);
      perUnit.forEach((u, i) => expect(u).toBeLessThanOrEqual(lines[i]!.unitPrice));
    }
  });

  it('gives nothing without a discount', () => {
    expect(allocateDiscount([{ unitPrice: 100, quantity: 2 }], 0)).toEqual([0]);
  });
});
