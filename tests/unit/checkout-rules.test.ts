import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../src/lib/cart.ts';
import {
  EMPTY_DETAILS,
  attemptFor,
  checkoutPayload,
  confirmationText,
  couponProductsOf,
  lineProblems,
  mergeDetails,
  orderTotals,
  placedOrderPath,
  prefillDetails,
  readDraft,
  withFreshPrices,
  writeDraft,
} from '../../src/lib/checkout.ts';
import { rupees } from '../helpers/rupees.ts';

const retailerLine: CartLine = {
  product_id: 7,
  product_name: 'Kurta',
  quantity: 2,
  product_stock: 9,
  final_price: rupees('1299.50'),
  retailer_id: 3,
  wholesaler_id: null,
  selected_variant: { id: 70, product_variation: 'M', final_price: rupees('1299.50'), stock: 9 },
};
const wholesalerLine: CartLine = {
  product_id: 8,
  product_name: 'Cap',
  quantity: 1,
  product_stock: 4,
  final_price: rupees('250.00'),
  retailer_id: null,
  wholesaler_id: 5,
  selected_variant: null,
};

const details = {
  ...EMPTY_DETAILS,
  firstname: ' Asha ',
  lastname: 'Rao',
  email: 'asha@example.com',
  phone_number: '9876543210',
  address: '12 MG Road',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
};

describe('checkout payload (SPEC §3)', () => {
  it('builds each line as its seller kind needs, with price times quantity and the size or null', () => {
    const payload = checkoutPayload(details, [retailerLine, wholesalerLine], 'cod', null);
    expect(payload.products).toEqual([
      { quantity: 2, final_amount: '2599.00', product_variation: 'M', retailer_id: 3, retailer_product_id: 7 },
      { quantity: 1, final_amount: '250.00', product_variation: null, wholesaler_id: 5, product_id: 8 },
    ]);
  });

  it('falls back to the phone number for a blank alternate, sends the fixed user_token, trims, and adds the coupon only when applied', () => {
    const payload = checkoutPayload(details, [retailerLine], 'prepaid', null);
    expect(payload).toMatchObject({ alt_phone_number: '9876543210', user_token: '{token}', firstname: 'Asha', payment_method: 'prepaid' });
    expect(payload).not.toHaveProperty('coupon_code');
    expect(checkoutPayload(details, [retailerLine], 'cod', 'FLAT200').coupon_code).toBe('FLAT200');
  });

  it('prices a coupon on the lines without their amounts', () => {
    expect(couponProductsOf([wholesalerLine])).toEqual([{ quantity: 1, product_variation: null, wholesaler_id: 5, product_id: 8 }]);
  });
});

describe('totals', () => {
  it('sums lines in paise and takes the discount off, never below zero', () => {
    expect(orderTotals([retailerLine, wholesalerLine])).toEqual({ subtotal: 284900, discount: 0, total: 284900 });
    expect(orderTotals([retailerLine], 20000)).toEqual({ subtotal: 259900, discount: 20000, total: 239900 });
    expect(orderTotals([wholesalerLine], 99999)).toEqual({ subtotal: 25000, discount: 25000, total: 0 });
  });
});

describe('a 409', () => {
  it('takes the fresh prices onto the matching lines and says whether any changed', () => {
    const fresh = [{ product_id: 7, product_variation: 'M', final_price: rupees('1399.00') }];
    const { lines, changed } = withFreshPrices([retailerLine, wholesalerLine], fresh);
    expect(changed).toBe(true);
    expect(lines[0]).toMatchObject({ final_price: '1399.00', selected_variant: { final_price: '1399.00' } });
    expect(lines[1]).toBe(wholesalerLine);
    expect(withFreshPrices([wholesalerLine], [{ product_id: 8, product_variation: null, final_price: rupees('250.00') }]).changed).toBe(false);
  });

  it('finds the line a stock error is about', () => {
    const problems = lineProblems({ 'products.1.quantity': ['Cap is sold out'], email: ['Email is required'] });
    expect([...problems]).toEqual([[1, 'Cap is sold out']]);
  });
});

describe('the draft', () => {
  it('keeps one key per attempt: the same payload reuses it, a changed one gets a new key', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const first = attemptFor(null, { a: 1 }, newKey);
    expect(attemptFor(first, { a: 1 }, newKey)).toBe(first);
    expect(attemptFor(first, { a: 2 }, newKey).key).toBe('key-2');
  });

  it('stores and restores the typed fields, the method and the attempt, and never an OTP', () => {
    const text = writeDraft({ details: { ...details, otp: '123456' } as never, paymentMethod: 'prepaid', attempt: { key: 'k', payload: '{}' } });
    expect(text).not.toContain('123456');
    const restored = readDraft(text);
    expect(restored).toEqual({ details, paymentMethod: 'prepaid', attempt: { key: 'k', payload: '{}' } });
    expect(readDraft('{"details":{"otp":"123456","city":"Pune"},"paymentMethod":"cash"}')).toEqual({
      details: { city: 'Pune' },
      paymentMethod: 'cod',
      attempt: null,
    });
    expect(readDraft('not json')).toEqual({ details: {}, paymentMethod: 'cod', attempt: null });
  });

  it('prefills from the profile and saved address, and what the shopper typed wins', () => {
    const prefill = prefillDetails(
      { firstname: 'Asha', lastname: 'Rao', email: 'asha@example.com', phone_number: '9876543210', alt_phone_number: '9876543210' },
      { address: '12 MG Road', pincode: '560001', city: 'Bengaluru', state: 'Karnataka', altPhoneNumber: null },
    );
    expect(prefill).toMatchObject({ firstname: 'Asha', alt_phone_number: '', city: 'Bengaluru' });
    expect(mergeDetails(prefill, { city: 'Mysuru', state: '  ' })).toMatchObject({ city: 'Mysuru', state: 'Karnataka' });
  });
});

describe('after the order', () => {
  it('sends cash on delivery to /order-success and prepaid to /payment, with the order number', () => {
    expect(placedOrderPath({ orderNumber: 'OD123456789012', prepaid: false })).toBe('/order-success?order=OD123456789012');
    expect(placedOrderPath({ orderNumber: 'OD123456789012', prepaid: true })).toBe('/payment?order=OD123456789012');
  });

  it('says in the confirmation what is ordered, how it is paid, and that cancelling empties the cart', () => {
    expect(confirmationText(2, 12345600, 'cod')).toBe(
      'Place your order of 2 items for ₹1,23,456.00, paid by Cash on Delivery (COD)? Cancel empties your cart and closes this dialog.',
    );
    expect(confirmationText(1, 5000, 'prepaid')).toContain('1 item for ₹50.00, paid by Prepaid');
  });
});
