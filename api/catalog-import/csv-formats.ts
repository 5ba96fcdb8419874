/**
 * The product CSV formats the import reads, told apart by their header row:
 * Shopify's older export ("Handle", "Variant Price"), its current one ("URL
 * handle", "Price") and WooCommerce's exporter ("Type", "Name", "Regular
 * price"). Column names are matched without regard to case or spacing, as
 * Shopify has changed their case over the years ("Gift Card" / "Gift card").
 */
import type { ImportFormat, ImportProduct, ImportRowError, ImportSkip } from './import-model.ts';

/** One data row: its cells by our spelling of the column (a column the file lacks reads ''), and the file line it starts on. */
export interface CsvRow {
  line: number;
  cells: Readonly<Record<string, string>>;
}

/** A cell, trimmed; '' when the row or the file has none. */
export function cell(row: CsvRow, column: string): string {
  return (row.cells[column] ?? '').trim();
}

/** What a format's rules make of one product's rows, before the checks across products (SKUs). */
export type ProductOutcome =
  | { kind: 'product'; product: ImportProduct }
  | { kind: 'skipped'; skip: ImportSkip }
  | { kind: 'errors'; errors: ImportRowError[] };

/**
 * Gathers a format's rows into products as they stream by: `push` answers the
 * products the row completes (usually none), `end` the last one. It holds the
 * current product's rows only.
 */
export interface RowGrouper {
  push(row: CsvRow): ProductOutcome[];
  end(): ProductOutcome[];
}

/** Both Shopify exports have the same shape under different names. */
export interface ShopifyColumns {
  handle: string;
  title: string;
  description: string;
  vendor: string;
  category: string;
  type: string;
  tags: string;
  published: string;
  status: string;
  giftCard: string;
  optionNames: readonly [string, string, string];
  optionValues: readonly [string, string, string];
  sku: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  imageSrc: string;
  imagePosition: string;
  imageAlt: string;
  variantImage: string;
}

export const SHOPIFY_LEGACY_COLUMNS: ShopifyColumns = {
  handle: 'Handle',
  title: 'Title',
  description: 'Body (HTML)',
  vendor: 'Vendor',
  category: 'Product Category',
  type: 'Type',
  tags: 'Tags',
  published: 'Published',
  status: 'Status',
  giftCard: 'Gift Card',
  optionNames: ['Option1 Name', 'Option2 Name', 'Option3 Name'],
  optionValues: ['Option1 Value', 'Option2 Value', 'Option3 Value'],
  sku: 'Variant SKU',
  price: 'Variant Price',
  compareAtPrice: 'Variant Compare At Price',
  stock: 'Variant Inventory Qty',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  imageAlt: 'Image Alt Text',
  variantImage: 'Variant Image',
};

export const SHOPIFY_COLUMNS: ShopifyColumns = {
  handle: 'URL handle',
  title: 'Title',
  description: 'Description',
  vendor: 'Vendor',
  category: 'Product category',
  type: 'Type',
  tags: 'Tags',
  published: 'Published on online store',
  status: 'Status',
  giftCard: 'Gift card',
  optionNames: ['Option1 name', 'Option2 name', 'Option3 name'],
  optionValues: ['Option1 value', 'Option2 value', 'Option3 value'],
  sku: 'SKU',
  price: 'Price',
  compareAtPrice: 'Compare-at price',
  stock: 'Inventory quantity',
  imageSrc: 'Product image URL',
  imagePosition: 'Image position',
  imageAlt: 'Image alt text',
  variantImage: 'Variant image URL',
};

export const WOOCOMMERCE_COLUMNS = {
  id: 'ID',
  type: 'Type',
  sku: 'SKU',
  name: 'Name',
  published: 'Published',
  shortDescription: 'Short description',
  description: 'Description',
  inStock: 'In stock?',
  stock: 'Stock',
  salePrice: 'Sale price',
  regularPrice: 'Regular price',
  categories: 'Categories',
  tags: 'Tags',
  images: 'Images',
  parent: 'Parent',
} as const;

/** WooCommerce numbers its attribute columns: "Attribute 1 name", "Attribute 1 value(s)", ... */
export const wooAttributeName = (n: number) => `Attribute ${n} name`;
export const wooAttributeValue = (n: number) => `Attribute ${n} value(s)`;
const WOO_ATTRIBUTE = /^attribute (\d+) (name|value\(s\))$/;

/** The columns each format must have (ours, whatever the case in the file). */
const SIGNATURES: ReadonlyArray<{ format: ImportFormat; columns: readonly string[] }> = [
  { format: 'shopify', columns: [SHOPIFY_COLUMNS.handle, SHOPIFY_COLUMNS.title, SHOPIFY_COLUMNS.price] },
  { format: 'shopify-legacy', columns: [SHOPIFY_LEGACY_COLUMNS.handle, SHOPIFY_LEGACY_COLUMNS.title, SHOPIFY_LEGACY_COLUMNS.price] },
  { format: 'woocommerce', columns: [WOOCOMMERCE_COLUMNS.type, WOOCOMMERCE_COLUMNS.name, WOOCOMMERCE_COLUMNS.regularPrice] },
];

/**
 * A header cell as compared: without a byte-order mark (also one that was
 * itself mis-decoded as "ï»¿" by a spreadsheet on its way to us), case and
 * runs of spaces.
 */
function headerKey(name: string): string {
  return name.replace(/^(?:\uFEFF|ï»¿)+/, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

export function detectFormat(header: string[]): ImportFormat | null {
  const keys = new Set(header.map(headerKey));
  const match = SIGNATURES.find((signature) => signature.columns.every((column) => keys.has(headerKey(column))));
  return match ? match.format : null;
}

export function shopifyColumnsOf(format: 'shopify' | 'shopify-legacy'): ShopifyColumns {
  return format === 'shopify' ? SHOPIFY_COLUMNS : SHOPIFY_LEGACY_COLUMNS;
}

function knownColumns(format: ImportFormat): string[] {
  if (format === 'woocommerce') return Object.values(WOOCOMMERCE_COLUMNS);
  return Object.values(shopifyColumnsOf(format)).flat();
}

/**
 * Our name for each of the file's header cells, by position: a known column
 * in our spelling, a WooCommerce attribute column numbered as ours, any other
 * column as the file names it (it is not read).
 */
export function columnKeys(format: ImportFormat, header: string[]): string[] {
  const known = new Map(knownColumns(format).map((column) => [headerKey(column), column]));
  return header.map((name) => {
    const key = headerKey(name);
    const column = known.get(key);
    if (column !== undefined) return column;
    const attribute = format === 'woocommerce' ? WOO_ATTRIBUTE.exec(key) : null;
    if (attribute) return attribute[2] === 'name' ? wooAttributeName(Number(attribute[1])) : wooAttributeValue(Number(attribute[1]));
    return name.trim();
  });
}

/** The SKU column of a format, for errors the reader finds across products. */
export function skuColumnOf(format: ImportFormat): string {
  if (format === 'woocommerce') return WOOCOMMERCE_COLUMNS.sku;
  return shopifyColumnsOf(format).sku;
}
