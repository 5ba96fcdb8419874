/**
 * Cart rules of SPEC §3-§5 and §9 as pure functions, shared by the cart store
 * (guest and signed-in) and the cart screens. A line is the SPEC §3 cart item
 * in the shape `GET /customer/cart` answers (API-NOTES); a guest line has no
 * cart_id and carries the product's slug.
 */
import { DEFAULT_ADD_QUANTITY, MAX_CART_LINE_QUANTITY } from './constants.ts';
import { paiseOf, type RupeeAmount } from './money.ts';

export interface SelectedVariant {
  id: number;
  /** The size, e.g. "M". */
  product_variation: string;
  final_price: RupeeAmount;
  stock: number;
}

export interface CartLine {
  /** The server's line id; absent on a guest line. */
  cart_id?: number;
  product_id: number;
  /** A retailer item's id as the API names it (SPEC §3 identity); same as product_id here. */
  retailer_product_id?: number;
  product_name: string;
  product_slug?: string;
  /** The image to show (the cover). */
  product_images?: string | null;
  quantity: number;
  /** Stock of the line: the variant's when there is one, else the product's. */
  product_stock: number;
  /** Unit price, a two-decimal rupee string (the variant's when there is one), checked where it entered (decision 052). */
  final_price: RupeeAmount;
  retailer_id?: number | null;
  wholesaler_id?: number | null;
  selected_variant: SelectedVariant | null;
}

/** What an add-to-cart control knows about the product being added. */
export interface AddableProduct {
  id: number;
  name: string;
  slug: string;
  cover_image?: string | null;
  final_price: RupeeAmount;
  /** Total stock (used when the product has no sizes). */
  quantity: number;
  retailer_id?: number | null;
  wholesaler_id?: number | null;
}

/** SPEC §4 Cart: the same product and the same variation name, or both without a variant. */
export function sameLine(
  a: Pick<CartLine, 'product_id' | 'selected_variant'>,
  b: Pick<CartLine, 'product_id' | 'selected_variant'>,
): boolean {
  if (a.product_id !== b.product_id) return false;
  if (!a.selected_variant || !b.selected_variant) return !a.selected_variant && !b.selected_variant;
  return a.selected_variant.product_variation === b.selected_variant.product_variation;
}

/** A guest line for `product` (and its chosen size). */
export function lineFor(product: AddableProduct, variant: SelectedVariant | null, quantity = DEFAULT_ADD_QUANTITY): CartLine {
  return {
    product_id: product.id,
    product_name: product.name,
    product_slug: product.slug,
    product_images: product.cover_image ?? null,
    quantity,
    product_stock: variant ? variant.stock : product.quantity,
    final_price: variant ? variant.final_price : product.final_price,
    retailer_id: product.retailer_id ?? null,
    wholesaler_id: product.wholesaler_id ?? null,
    selected_variant: variant,
  };
}

/** The most one line may hold: the smaller of its stock and 5 (SPEC §9). */
export function lineLimit(line: Pick<CartLine, 'product_stock'>): number {
  return Math.max(0, Math.min(MAX_CART_LINE_QUANTITY, Math.trunc(line.product_stock)));
}

/**
 * SPEC §5 quantity control: increase only while the quantity is below the
 * smaller of (stock minus what the cart already holds of the same product and
 * size) and 5. Lines are unique per product and size, so what the cart holds
 * is this line's quantity; a list with duplicates counts them all.
 */
export function canIncrease(line: CartLine, lines: readonly CartLine[]): boolean {
  const held = Math.max(
    line.quantity,
    lines.filter((other) => sameLine(other, line)).reduce((sum, other) => sum + other.quantity, 0),
  );
  return held < lineLimit(line);
}

/** SPEC §5: decrease is allowed while above 0; at 1 it removes the line. */
export function decreaseRemoves(line: Pick<CartLine, 'quantity'>): boolean {
  return line.quantity <= 1;
}

/**
 * Guest add (SPEC §4): the quantity is added to a matching line, otherwise the
 * line is appended; either way within its limit, with the added line's
 * (fresher) price and stock. Nothing is added when no unit fits.
 */
export function addGuestLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const limit = lineLimit(line);
  const index = lines.findIndex((existing) => sameLine(existing, line));
  if (index === -1) {
    const quantity = Math.min(line.quantity, limit);
    return quantity >= 1 ? [...lines, { ...line, quantity }] : [...lines];
  }
  const existing = lines[index]!;
  const quantity = Math.min(existing.quantity + line.quantity, limit);
  if (quantity < 1) return [...lines];
  return lines.map((other, i) =>
    i === index ? { ...existing, quantity, product_stock: line.product_stock, final_price: line.final_price } : other,
  );
}

/** Signed-in add (SPEC §4): the matching line takes the server's quantity; a new line is appended with it. */
export function setLineQuantity(lines: readonly CartLine[], line: CartLine, quantity: number): CartLine[] {
  const index = lines.findIndex((existing) => sameLine(existing, line));
  if (index === -1) return [...lines, { ...line, quantity }];
  return lines.map((existing, i) => (i === index ? { ...existing, quantity } : existing));
}

/** Remove (SPEC §4): the matching line goes. */
export function removeLine(lines: readonly CartLine[], line: Pick<CartLine, 'product_id' | 'selected_variant'>): CartLine[] {
  return lines.filter((existing) => !sameLine(existing, line));
}

/** SPEC §9: a line's price is its final price times its quantity, in paise. */
export function linePaise(line: Pick<CartLine, 'final_price' | 'quantity'>): number {
  return paiseOf(line.final_price) * line.quantity;
}

export function cartSubtotalPaise(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + linePaise(line), 0);
}

/** 'Cart(count)': the number of lines. */
export function cartCount(lines: readonly CartLine[]): number {
  return lines.length;
}

/** The Idempotency-Key of a guest-cart sync and the lines (as sent) it was made for. */
export interface GuestSyncKey {
  key: string;
  lines: string;
}

/**
 * The key for syncing `items`: the stored one when it was made for these very
 * lines (a retry, or a reload while a sync was out), else a new one. Changed
 * lines are a new request, so they never reuse a key (decision 014).
 */
export function guestSyncKeyFor(stored: GuestSyncKey | null, items: readonly unknown[], newKey: () => string): GuestSyncKey {
  const lines = JSON.stringify(items);
  return stored?.lines === lines ? stored : { key: newKey(), lines };
}
