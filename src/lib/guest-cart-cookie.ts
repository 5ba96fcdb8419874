/**
 * The guest cart of a browser without JavaScript. SPEC keeps a guest cart in
 * local storage, which only scripts can write; a plain add-to-cart form post
 * (before the island hydrates, or with JavaScript off) lands its lines here
 * instead. The server renders /cart from it, and once scripts run the cart
 * store moves its lines into the persisted cart and deletes the cookie.
 * Readable by scripts on purpose (not HttpOnly): it holds no secret, only
 * lines whose prices the server takes again from its own database at checkout.
 */
import { addGuestLine, type CartLine } from './cart.ts';
import { isRupeeAmount } from './money.ts';

export const GUEST_CART_COOKIE = 'guest_cart';
export const GUEST_CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/**
 * Browsers keep about 4 KB per cookie and a line takes about 700 bytes
 * encoded, so about five fit; /cart/add refuses a line that would not fit
 * (src/lib/add-to-cart.ts), and lines beyond this many are never read.
 */
export const GUEST_CART_COOKIE_MAX_LINES = 5;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 300;

/** A line read back from the cookie, or null when it is not a whole, plausible line. */
function readLine(value: unknown): CartLine | null {
  if (!isObject(value)) return null;
  const { product_id, product_name, product_slug, product_images, quantity, product_stock, final_price, retailer_id, wholesaler_id } = value;
  if (!isId(product_id) || !isText(product_name) || !isRupeeAmount(final_price)) return null;
  if (!Number.isSafeInteger(quantity) || (quantity as number) < 1 || !Number.isSafeInteger(product_stock)) return null;
  const variant = value.selected_variant;
  let selected_variant: CartLine['selected_variant'] = null;
  if (variant !== null && variant !== undefined) {
    if (!isObject(variant) || !isId(variant.id) || !isText(variant.product_variation) || !isRupeeAmount(variant.final_price)) return null;
    if (!Number.isSafeInteger(variant.stock)) return null;
    selected_variant = { id: variant.id, product_variation: variant.product_variation, final_price: variant.final_price, stock: variant.stock as number };
  }
  return {
    product_id,
    product_name,
    product_slug: isText(product_slug) ? product_slug : undefined,
    product_images: isText(product_images) ? product_images : null,
    quantity: quantity as number,
    product_stock: product_stock as number,
    final_price,
    retailer_id: isId(retailer_id) ? retailer_id : null,
    wholesaler_id: isId(wholesaler_id) ? wholesaler_id : null,
    selected_variant,
  };
}

/**
 * The cookie's lines from its JSON text (Astro's `cookies.get(...).value`
 * is already URI-decoded); anything unreadable is dropped, never thrown.
 */
export function decodeGuestCart(json: string | undefined | null): CartLine[] {
  if (!json) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  let lines: CartLine[] = [];
  for (const item of parsed.slice(0, GUEST_CART_COOKIE_MAX_LINES)) {
    const line = readLine(item);
    if (line) lines = addGuestLine(lines, line);
  }
  return lines;
}

/** The cookie's JSON text for `lines` (the first GUEST_CART_COOKIE_MAX_LINES); Astro's `cookies.set` URI-encodes it. */
export function encodeGuestCart(lines: readonly CartLine[]): string {
  return JSON.stringify(lines.slice(0, GUEST_CART_COOKIE_MAX_LINES));
}

/** The guest cart in a `document.cookie` string (browser side). */
export function guestCartFromCookieHeader(cookieHeader: string): CartLine[] {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== GUEST_CART_COOKIE) continue;
    try {
      return decodeGuestCart(decodeURIComponent(rest.join('=')));
    } catch {
      return [];
    }
  }
  return [];
}
