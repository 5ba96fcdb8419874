import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../helpers/contract.ts';

describe('the API tests\' contract check', () => {
  it('fails a success on a path no storefront parser is mapped to', () => {
    expect(() => checkAnswer('GET', '/customer/unmapped?page=2', 200, { success: true, data: {} })).toThrow(/GET \/customer\/unmapped answered 200, but no storefront parser is mapped/);
    expect(() => checkAnswer('DELETE', '/customer/cart', 200, { success: true, data: { cart: [] } })).toThrow(/no storefront parser is mapped/);
  });

  it('runs a mapped success through the storefront\'s parser', () => {
    expect(() => checkAnswer('GET', '/customer/cart', 200, { success: true, data: { cart: [] } })).not.toThrow();
    expect(() => checkAnswer('GET', '/customer/cart', 200, { success: true, data: { cart: [{ product_id: 'one' }] } })).toThrow(/cannot read GET \/customer\/cart/);
  });

  it('holds every failure to SPEC\'s envelope, mapped or not', () => {
    expect(() => checkAnswer('GET', '/nowhere', 404, { success: false, message: 'Not found' })).not.toThrow();
    expect(() => checkAnswer('GET', '/nowhere', 404, { error: 'Not found' })).toThrow(/not a failure envelope/);
  });
});
