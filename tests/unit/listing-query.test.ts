import { describe, expect, it } from 'vitest';
import { listingQuery } from '../../api/catalog/catalog.service.ts';

const filters = { sub_category: [], min_price: undefined, max_price: undefined, size: [], in_stock: false, out_of_stock: false };

describe('the listing query of the price filters', () => {
  it('turns rupees into paise rounding the decimal a shopper typed, not its float', () => {
    // 1.005 * 100 is 100.49999… in floating point: rounding that gave 100.
    expect(listingQuery({ ...filters, min_price: 1.005, max_price: 0.285 })).toMatchObject({ minPrice: 101, maxPrice: 29 });
    expect(listingQuery({ ...filters, min_price: 299.5, max_price: 10_000_000 })).toMatchObject({ minPrice: 29_950, maxPrice: 1_000_000_000 });
    expect(listingQuery(filters)).toMatchObject({ minPrice: undefined, maxPrice: undefined });
  });
});
