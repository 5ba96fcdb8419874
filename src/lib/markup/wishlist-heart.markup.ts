/**
 * The wishlist heart of product cards and the product page (SPEC §4
 * Wishlist, §6). The server renders it unpressed for everyone, so the page
 * stays the same for all and cacheable; one small script for the whole page
 * (src/scripts/wishlist-hearts.ts) presses the hearts of a signed-in
 * shopper's wishlist and toggles them, or asks a signed-out shopper to sign
 * in (a note with a link to /signin). No island per heart (decision 030).
 */
import { encodeHeartProduct, type HeartProduct } from '../wishlist-heart.ts';
import { attributes, classNames, uniqueSuffix } from './html.ts';

export interface WishlistHeartProps {
  product: HeartProduct;
  /** The product's name, for the button's label on cards (several hearts on a page). */
  name?: string | undefined;
  compact?: boolean | undefined;
}

const HEART_PATH = 'M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z';
const HEART_SVG =
  '<svg aria-hidden="true" viewBox="0 0 24 24" class="size-5 fill-none group-aria-pressed/heart:fill-current" stroke="currentColor" ' +
  `stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${HEART_PATH}"></path></svg>`;
const BUTTON_CLASS =
  'group/heart inline-flex items-center justify-center rounded-full border border-current/20 bg-page text-on-page transition-colors hover:bg-current/10 aria-busy:cursor-progress aria-pressed:text-red-600';

export function wishlistHeartMarkup({ product, name, compact = false }: WishlistHeartProps): string {
  // Unique on the page even when a product shows twice (new arrivals and a listing, say).
  const noteId = `wishlist-note-${product.id}-${uniqueSuffix()}`;
  const button = attributes({
    type: 'button',
    'data-wishlist-heart': encodeHeartProduct(product),
    'data-note': noteId,
    'aria-label': name ? `Save ${name} to wishlist` : 'Save to wishlist',
    'aria-pressed': 'false',
    class: classNames(BUTTON_CLASS, compact ? 'size-9' : 'size-12'),
  });
  const note = attributes({ id: noteId, role: 'status', 'data-compact': compact, class: 'sr-only' });
  return `<div class="relative" data-wishlist-heart-box><button${button}>${HEART_SVG}</button><div${note}></div></div>`;
}
