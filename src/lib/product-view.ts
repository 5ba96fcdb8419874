/**
 * What the product detail page shows, worked out from the API's product item
 * (SPEC §2-§4, §9; API-NOTES: Catalogue). Pure, so the rules are unit tested
 * apart from the markup.
 */
import { LOW_STOCK_THRESHOLD, META_DESCRIPTION_MAX_LENGTH } from './constants.ts';
import type { ProductItem } from './api/catalog.ts';
import { paiseOf, type RupeeAmount } from './money.ts';

/** One size (or other variation) as the size picker shows it. */
export interface VariantOption {
  id: number;
  label: string;
  /** Rupee strings as the API sends them ("1299.00"), checked at the seam. */
  price: RupeeAmount;
  oldPrice: RupeeAmount | null;
  stock: number;
  soldOut: boolean;
}

/** The URLs of a comma-separated list, trimmed, blanks left out. */
function splitUrls(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

/** Gallery order: cover_image first, then product_images; each URL once. */
export function galleryImages(product: Pick<ProductItem, 'cover_image' | 'product_images'>): string[] {
  return [...new Set([...splitUrls(product.cover_image), ...splitUrls(product.product_images)])];
}

function stockOf(value: unknown): number {
  const stock = Number(value);
  return Number.isFinite(stock) && stock > 0 ? Math.floor(stock) : 0;
}

/** The product's variations in the API's order, with sold-out flags. [] for a product sold without sizes. */
export function variantOptions(product: Pick<ProductItem, 'productVariations'>): VariantOption[] {
  return (product.productVariations ?? []).map((variation) => {
    const stock = stockOf(variation.stock);
    return {
      id: variation.id,
      label: String(variation.product_variation ?? '').trim() || 'One size',
      price: variation.final_price,
      oldPrice: variation.old_price ?? null,
      stock,
      soldOut: stock === 0,
    };
  });
}

/** The cheapest of some options (the first on a tie); null for none. */
function cheapest(options: VariantOption[]): VariantOption | null {
  let best: VariantOption | null = null;
  for (const option of options) {
    if (best === null || paiseOf(option.price) < paiseOf(best.price)) best = option;
  }
  return best;
}

/** The size chosen when the page opens: the cheapest one in stock; null when every size is sold out (or there are none). */
export function defaultVariant(options: VariantOption[]): VariantOption | null {
  return cheapest(options.filter((option) => !option.soldOut));
}

/** True when nothing can be bought: every size sold out, or (without sizes) no stock. */
export function isSoldOut(product: Pick<ProductItem, 'quantity' | 'productVariations'>): boolean {
  const options = variantOptions(product);
  return options.length > 0 ? options.every((option) => option.soldOut) : stockOf(product.quantity) === 0;
}

/**
 * The stock note for a stock figure: 'Out of stock' at 0, 'Only N left' at 1
 * to LOW_STOCK_THRESHOLD, otherwise none.
 */
export function stockNote(stock: number): string | null {
  const left = stockOf(stock);
  if (left === 0) return 'Out of stock';
  if (left <= LOW_STOCK_THRESHOLD) return `Only ${left} left`;
  return null;
}

export interface ShownPrice {
  price: RupeeAmount;
  oldPrice: RupeeAmount | null;
}

/**
 * The price shown: the selected size's, else the cheapest size's (when all are
 * sold out), else the product's own final_price and old_price.
 */
export function shownPrice(
  product: Pick<ProductItem, 'final_price' | 'old_price' | 'productVariations'>,
  selected: VariantOption | null,
): ShownPrice {
  const option = selected ?? cheapest(variantOptions(product));
  if (option) return { price: option.price, oldPrice: option.oldPrice };
  return { price: product.final_price, oldPrice: product.old_price ?? null };
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of (sanitised) description HTML: tags dropped, entities decoded, whitespace collapsed. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(br|\/p|\/li|\/h\d|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] !== '#') return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
      const point = code[1]?.toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A meta description: the plain text cut at a word boundary to at most `max` characters, with '…' when cut. */
export function metaDescription(html: string | null | undefined, max: number = META_DESCRIPTION_MAX_LENGTH): string {
  const text = plainText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** The product's tags, trimmed, each once (the API sends "a, b, a"). */
export function productTags(tags: string | null | undefined): string[] {
  const seen = new Map<string, string>();
  for (const part of (tags ?? '').split(',')) {
    const tag = part.trim();
    if (tag && !seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  return [...seen.values()];
}

/** An absolute URL for a path or URL against an origin ("https://shop.example"). */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, origin).href;
}

export interface ProductJsonLdInput {
  product: Pick<ProductItem, 'name' | 'sku' | 'description' | 'final_price' | 'old_price' | 'quantity' | 'productVariations'>;
  /** Absolute image URLs, gallery order. */
  images: string[];
  /** Absolute canonical URL of the page. */
  url: string;
}

/** schema.org Product with one Offer in rupees: the price shown when the page opens. */
export function productJsonLd({ product, images, url }: ProductJsonLdInput): Record<string, unknown> {
  const { price } = shownPrice(product, defaultVariant(variantOptions(product)));
  const description = plainText(product.description);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(images.length > 0 ? { image: images } : {}),
    ...(description ? { description } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    url,
    offers: {
      '@type': 'Offer',
      priceCurrency: 'INR',
      price,
      availability: isSoldOut(product) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      url,
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` is escaped so no
 * text from the API can close the script element early.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
