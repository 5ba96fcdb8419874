import { describe, expect, it } from 'vitest';
import { decodeHeartProduct, encodeHeartProduct } from '../../src/lib/wishlist-heart.ts';

describe('the wishlist heart product', () => {
  it('reads back the product a heart saves, with absent seller ids as null', () => {
    expect(decodeHeartProduct(encodeHeartProduct({ id: 4, retailer_id: 2, wholesaler_id: null }))).toEqual({ id: 4, retailer_id: 2, wholesaler_id: null });
    expect(decodeHeartProduct(encodeHeartProduct({ id: 4 }))).toEqual({ id: 4, retailer_id: null, wholesaler_id: null });
  });

  it('is null when missing, not JSON, or with an id that is not a positive integer', () => {
    expect(decodeHeartProduct(undefined)).toBeNull();
    expect(decodeHeartProduct('nope')).toBeNull();
    expect(decodeHeartProduct('[]')).toBeNull();
    expect(decodeHeartProduct('{"id":0}')).toBeNull();
    expect(decodeHeartProduct('{"id":"4"}')).toBeNull();
    expect(decodeHeartProduct('{"id":4,"retailer_id":-1}')).toBeNull();
  });
});
