/**
 * A product as an import file describes it, whatever the file's format
 * (Shopify's product CSV, old or current, or WooCommerce's): what the
 * catalogue write service upserts. Money in integer paise; text as given
 * (HTML descriptions are sanitised by the write service, not here).
 */
export type ImportFormat = 'shopify-legacy' | 'shopify' | 'woocommerce';

export interface ImportVariant {
  /** The variant's SKU; null when the file gives none. */
  sku: string | null;
  /**
   * The storefront's one variation dimension: the size (an option named Size,
   * or the only option), or the option values joined with " / " ("Red / M");
   * null for a product sold without options (Shopify's 'Title' / 'Default Title').
   */
  label: string | null;
  /** The option values this variant sets, by option name, in the file's order. */
  options: Array<{ name: string; value: string }>;
  /** Selling price, paise (Shopify Price / Variant Price; WooCommerce Sale price, else Regular price). */
  price: number;
  /** MRP (old price), paise, when higher than the price: Shopify's Compare-at price, WooCommerce's Regular price when a Sale price is set. */
  mrp: number | null;
  /** Units in stock; null when the file leaves it empty (not tracked). */
  stock: number | null;
  /** The file's line (1-based, the header being line 1) the variant came from. */
  line: number;
}

export interface ImportImage {
  /** An http(s) URL, or a file name to look up in --images DIR. */
  src: string;
  /** 1-based order; the first is the cover. */
  position: number;
  alt: string | null;
}

export interface ImportProduct {
  /** The product's key across imports: Shopify's Handle / URL handle; WooCommerce's slug from the name (or its SKU when it has one, see `sku`). */
  handle: string;
  /** The parent's SKU (WooCommerce), or null. */
  sku: string | null;
  title: string;
  /** As given, usually HTML. */
  description: string;
  /** Vendor (Shopify) or null: matched to a seller by name. */
  vendor: string | null;
  /**
   * Where it belongs, most general first: Shopify's 'Product category' path
   * ("Apparel & Accessories > Clothing > Shirts") or else its Type; WooCommerce's
   * first Categories entry ("Men > Shirts"). Empty when the file gives none.
   */
  category: string[];
  tags: string[];
  /** active: sold now; draft: not shown; archived: kept, not shown. */
  status: 'active' | 'draft' | 'archived';
  variants: ImportVariant[];
  images: ImportImage[];
  /** The file's line the product starts on. */
  line: number;
}

/** A row (or product) the import cannot take, with where and why. */
export interface ImportRowError {
  line: number;
  /** The column the problem is in, as the file names it; null for the row as a whole. */
  column: string | null;
  message: string;
  /** The product it belongs to, when known. */
  handle: string | null;
}

/** A product the store does not sell (WooCommerce downloadable, virtual, grouped, external; Shopify gift cards), left out whole. */
export interface ImportSkip {
  line: number;
  handle: string;
  reason: string;
}

/** What the reader yields, in file order. A product with any row error is yielded as errors only, never half. */
export type ImportItem =
  | { kind: 'product'; product: ImportProduct }
  | { kind: 'error'; error: ImportRowError }
  | { kind: 'skipped'; skip: ImportSkip };
