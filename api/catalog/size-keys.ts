/**
 * The size-key format shared by writers and the listing query: a variant's
 * size name lower-cased and trimmed ("M " -> "m"), and a product's sizes as
 * one delimited string ("|m|l|xl|") that a LIKE pattern can test from the
 * listing index without probing the variants.
 */
const DELIMITER = '|';

export function sizeKey(variation: string | null): string | null {
  return variation === null ? null : variation.trim().toLowerCase();
}

export interface SizedStock {
  product_variation: string | null;
  stock: number;
}

/** products.size_keys and products.in_stock_size_keys for a product's variants. */
export function sizeKeyColumns(variants: readonly SizedStock[]): { size_keys: string; in_stock_size_keys: string } {
  const join = (keys: Array<string | null>) => {
    const unique = [...new Set(keys.filter((k): k is string => !!k && !k.includes(DELIMITER)))];
    return unique.length ? `${DELIMITER}${unique.join(DELIMITER)}${DELIMITER}` : '';
  };
  return {
    size_keys: join(variants.map((v) => sizeKey(v.product_variation))),
    in_stock_size_keys: join(variants.filter((v) => v.stock > 0).map((v) => sizeKey(v.product_variation))),
  };
}

/** LIKE pattern (escape character \) matching a size-keys column that holds `key`; null if it never can. */
export function sizeKeyPattern(key: string): string | null {
  if (key.includes(DELIMITER)) return null;
  const escaped = key.replace(/[\\%_]/g, (c) => `\\${c}`);
  return `%${DELIMITER}${escaped}${DELIMITER}%`;
}

/**
 * products.size_prices: each sized variant's final price by size key, in
 * display order, "|m=0000029900|l=0000031000|" (paise, ten digits). A listing
 * filtered by size and price reads a size's price from it in the listing
 * index (decision 027). A key holding "|" or "=" is left out: "|key=" must
 * only ever match a whole key.
 */
export const SIZE_PRICE_DIGITS = 10;

export function sizePrices(variants: ReadonlyArray<{ product_variation: string | null; final_price: number }>): string {
  const tokens: string[] = [];
  for (const v of variants) {
    const key = sizeKey(v.product_variation);
    if (key && pricedKey(key) !== null) tokens.push(`${key}=${String(v.final_price).padStart(SIZE_PRICE_DIGITS, '0')}`);
  }
  return tokens.length ? `${DELIMITER}${tokens.join(DELIMITER)}${DELIMITER}` : '';
}

/** size_prices as stored: the UTF-8 bytes of sizePrices() (decision 038). */
export function sizePricesColumn(variants: ReadonlyArray<{ product_variation: string | null; final_price: number }>): Uint8Array {
  return Buffer.from(sizePrices(variants), 'utf8');
}

/** What precedes a size's price in size_prices ("|m="), or null when the key cannot be stored there. */
export function pricedKey(key: string): string | null {
  return key.includes(DELIMITER) || key.includes('=') ? null : `${DELIMITER}${key}=`;
}
