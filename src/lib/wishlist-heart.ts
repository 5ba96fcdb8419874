/**
 * The wishlist heart's data (product cards and the product page): which
 * product a heart saves, carried as JSON in its data attribute for the script
 * that enhances it (src/scripts/wishlist-hearts.ts), and what a signed-out
 * shopper is told. Pure, so both are unit tested apart from the DOM.
 */
import type { AddableProduct } from './cart.ts';
import { isPositiveId, parseJsonRecord } from './json-record.ts';

export type HeartProduct = Pick<AddableProduct, 'id' | 'retailer_id' | 'wholesaler_id'>;

export const WISHLIST_SIGN_IN_NOTE = 'Sign in to save items to your wishlist.';

export function encodeHeartProduct(product: HeartProduct): string {
  return JSON.stringify({ id: product.id, retailer_id: product.retailer_id ?? null, wholesaler_id: product.wholesaler_id ?? null });
}

const optionalId = (value: unknown): number | null | undefined => (value === null || value === undefined ? null : isPositiveId(value) ? value : undefined);

/** The heart's product; null when the attribute is missing or malformed. */
export function decodeHeartProduct(text: string | null | undefined): HeartProduct | null {
  const record = parseJsonRecord(text);
  if (!record) return null;
  const retailer = optionalId(record.retailer_id);
  const wholesaler = optionalId(record.wholesaler_id);
  if (!isPositiveId(record.id) || retailer === undefined || wholesaler === undefined) return null;
  return { id: record.id, retailer_id: retailer, wholesaler_id: wholesaler };
}
