import { PRODUCTS_PER_PAGE } from '../../src/lib/constants.ts';
import { sanitizeRichText } from '../../src/lib/schemas/rich-text.ts';
import { paiseToRupeesString } from '../../src/lib/money.ts';

/**
 * The wire shapes of the catalogue (API-NOTES "Product item" and the
 * provider's paginator). Money leaves the database as integer paise and goes
 * out as rupee strings with two decimals ("1299.00"), no grouping.
 */

/** The product columns a listing reads (never search_text). */
export interface ProductRow {
  id: number;
  sku: string;
  name: string;
  slug: string;
  description: string;
  tags: string;
  category_id: number | null;
  sub_category_id: number;
  retailer_id: number | null;
  wholesaler_id: number | null;
  status: string;
  cover_image: string;
  product_images: string;
  old_price: number;
  new_price: number;
  min_final_price: number;
  total_stock: number;
  created_at: string;
}

export interface VariantRow {
  id: number;
  product_id: number;
  product_variation: string | null;
  old_price: number;
  price: number;
  final_price: number;
  stock: number;
}

export interface ProductVariationItem {
  id: number;
  product_id: number;
  product_variation: string;
  old_price: string;
  price: string;
  stock: number;
  final_price: string;
}

export interface ProductItem {
  id: number;
  sku: string;
  name: string;
  slug: string;
  description: string;
  tags: string;
  retailer_id: number | null;
  wholesaler_id: number | null;
  category_id: number | null;
  sub_category_id: number;
  status: string;
  quantity: number;
  /** From the total stock, for the badge clients of the same API read. */
  stock_status: StockStatus;
  old_price: string;
  new_price: string;
  final_price: string;
  product_images: string;
  cover_image: string;
  created_at: string;
  productVariations: ProductVariationItem[];
}

export type StockStatus = 'in_stock' | 'out_of_stock';

export interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** Stored integer paise (PostgreSQL may hand a bigint over as a string) as the API's rupee string. */
export function rupees(paise: number | string): string {
  return paiseToRupeesString(Number(paise));
}

/**
 * A product item; `variants` are the product's sized variants in display
 * order (an unsized product has none: its stock is the product's quantity).
 */
export function toProductItem(row: ProductRow, variants: readonly VariantRow[]): ProductItem {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    description: sanitizeRichText(row.description),
    tags: row.tags,
    retailer_id: row.retailer_id,
    wholesaler_id: row.wholesaler_id,
    category_id: row.category_id,
    sub_category_id: row.sub_category_id,
    status: row.status,
    quantity: Number(row.total_stock),
    stock_status: Number(row.total_stock) > 0 ? 'in_stock' : 'out_of_stock',
    old_price: rupees(row.old_price),
    new_price: rupees(row.new_price),
    final_price: rupees(row.min_final_price),
    product_images: row.product_images,
    cover_image: row.cover_image,
    created_at: row.created_at,
    productVariations: variants
      .filter((v) => v.product_variation !== null)
      .map((v) => ({
        id: v.id,
        product_id: v.product_id,
        product_variation: v.product_variation as string,
        old_price: rupees(v.old_price),
        price: rupees(v.price),
        stock: Number(v.stock),
        final_price: rupees(v.final_price),
      })),
  };
}

/** Products with their variants, grouped from one `product_id in (...)` query. */
export function toProductItems(rows: readonly ProductRow[], variants: readonly VariantRow[]): ProductItem[] {
  const byProduct = new Map<number, VariantRow[]>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id);
    if (list) list.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  return rows.map((row) => toProductItem(row, byProduct.get(row.id) ?? []));
}

/** The provider's paginator; a page past the last has empty data and null from/to. */
export function paginate<T>(data: T[], page: number, total: number, perPage = PRODUCTS_PER_PAGE): Paginator<T> {
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
  };
}
