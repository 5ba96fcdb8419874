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
