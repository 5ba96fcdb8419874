import { sizeKeyColumns, sizePricesColumn } from './size-keys.ts';

/**
 * A product's listing columns, computed from its variants in one place for
 * every writer (the seed, the import, stock changes read them back): the
 * cheapest variant's prices, the price range, total stock, size keys and the
 * search text (decision 027).
 */
export interface VariantPrices {
  product_variation: string | null;
  /** Paise. */
  old_price: number;
  price: number;
  final_price: number;
  stock: number;
}

export function listingColumns(
  product: { name: string; tags: string; category_name: string; description: string },
  variants: readonly VariantPrices[],
) {
  if (variants.length === 0) throw new Error(`Product ${product.name} needs at least one variant`);
  const cheapest = variants.reduce((a, b) => (b.final_price < a.final_price ? b : a));
  return {
    old_price: cheapest.old_price,
    new_price: cheapest.price,
    min_final_price: cheapest.final_price,
    max_final_price: Math.max(...variants.map((v) => v.final_price)),
    total_stock: variants.reduce((sum, v) => sum + v.stock, 0),
    ...sizeKeyColumns(variants),
    size_prices: sizePricesColumn(variants),
    search_text: searchText(product),
  };
}

/** Name, tags, category and the description without markup: what search matches. */
export function searchText(p: { name: string; tags: string; category_name: string; description: string }): string {
  const plain = p.description.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  return [p.name, p.tags, p.category_name, plain].join(' ').replace(/\s+/g, ' ').trim();
}
