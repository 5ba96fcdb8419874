import { describe, expect, it } from 'vitest';
import { pricedKey, sizeKeyColumns, sizePrices } from '../../api/catalog/size-keys.ts';

const v = (product_variation: string | null, final_price: number, stock = 1) => ({ product_variation, final_price, stock });

describe('size_prices', () => {
  it('lists each sized variant as its lower-cased key and its final price in ten digits, in display order', () => {
    expect(sizePrices([v('M ', 29900), v('L', 31000), v('XXL', 1_499_900)])).toBe('|m=0000029900|l=0000031000|xxl=0001499900|');
  });

  it('is empty for a product sold without sizes', () => {
    expect(sizePrices([v(null, 49900)])).toBe('');
  });

  it('leaves out a size whose key holds "|" or "=", so "|key=" only ever matches a whole key', () => {
    expect(sizePrices([v('S|M', 100), v('M=L', 200), v('XL', 300)])).toBe('|xl=0000000300|');
    expect(pricedKey('s|m')).toBeNull();
    expect(pricedKey('m=l')).toBeNull();
    expect(pricedKey('s/m')).toBe('|s/m=');
  });

  it('holds the same sizes as size_keys for ordinary size names', () => {
    const variants = [v('S', 100, 0), v('M', 200), v('L', 300)];
    const keys = sizeKeyColumns(variants).size_keys.split('|').filter(Boolean);
    const priced = sizePrices(variants).split('|').filter(Boolean).map((t) => t.split('=')[0]);
    expect(priced).toEqual(keys);
  });
});
