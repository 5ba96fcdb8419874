/**
 * POST /cart/add: the add-to-cart form of product pages, product cards and the
 * wishlist, working without JavaScript (the AddToCart island posts nothing;
 * it calls the cart store instead). Form fields: product_id, slug, variant_id
 * (the size, when the product has sizes), quantity (1..5, default 1).
 *
 * The product's name, price and stock come from the API, never the form. A
 * signed-in shopper (live session cookie) gets the line in their server cart
 * (`POST /customer/add-to-cart` with their token); a guest gets it in the
 * `guest_cart` cookie. Either way: 303 to /cart. Bad input, a missing or
 * sold-out size, or a refused call: 303 back to the product page with
 * `?cart_error=<code>`, which the page shows. Astro's origin check
 * (astro.config.mjs) refuses cross-site posts before this runs.
 */
import type { APIContext, APIRoute } from 'astro';
import {
  CART_ERROR_PARAM,
  addableProduct,
  cartVariants,
  checkAdd,
  isSlug,
  parseAddRequest,
  type CartErrorCode,
} from '../../lib/add-to-cart.ts';
import { addToCartCall } from '../../lib/api/cart.ts';
import { getProductDetails, getProducts } from '../../lib/api/catalog.ts';
import type { ProductItem } from '../../lib/api/catalog.ts';
import { addGuestLine, lineFor } from '../../lib/cart.ts';
import { guestCartLines, sessionToken } from '../../lib/cart.server.ts';
import {
  GUEST_CART_COOKIE,
  GUEST_CART_COOKIE_MAX_AGE_S,
  GUEST_CART_COOKIE_MAX_LINES,
  encodeGuestCart,
} from '../../lib/guest-cart-cookie.ts';
import { ROUTES, productPath } from '../../lib/routes.ts';
import { isSecureCookieUrl } from '../../lib/session-cookie.ts';

/** A few short fields; anything longer is not one of our forms. */
const MAX_BODY_BYTES = 2048;
/** Room under the browsers' 4096 bytes per cookie for the name and attributes. */
const MAX_COOKIE_VALUE_BYTES = 3900;

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'private, no-store' } });

const backWithError = (slug: string | null, code: CartErrorCode) =>
  seeOther(slug ? `${productPath(slug)}?${new URLSearchParams({ [CART_ERROR_PARAM]: code })}` : ROUTES.shop);

/** The urlencoded body, or null when it is not one or is too long. */
async function readForm(request: Request): Promise<URLSearchParams | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('Content-Type') ?? '')) return null;
  if (Number(request.headers.get('Content-Length') ?? 0) > MAX_BODY_BYTES || !request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The product from the API: by slug when the form sent one, else by id; it must be the posted id. */
async function loadProduct(api: App.Locals['api'], productId: number, slug: string | null): Promise<ProductItem | null> {
  if (slug) {
    const result = await getProductDetails(api, slug);
    const product = result.ok ? result.value : undefined;
    return product?.id === productId ? product : null;
  }
  const result = await getProducts(api, { product_id: productId });
  const product = result.ok ? result.value.product : undefined;
  return product?.id === productId ? product : null;
}

export const POST: APIRoute = async (context: APIContext) => {
  const { request, locals, cookies, url } = context;
  // A body cut off mid-way is bad input like any other.
  const form = await readForm(request).catch(() => null);
  const slugField = form?.get('slug');
  const postedSlug = isSlug(slugField) ? slugField : null;
  const input = form ? parseAddRequest(form) : null;
  if (!input) return backWithError(postedSlug, 'failed');

  const product = await loadProduct(locals.api, input.productId, input.slug);
  if (!product) return backWithError(input.slug, 'failed');
  const check = checkAdd(cartVariants(product), addableProduct(product).quantity, input.variantId);
  if (!check.ok) return backWithError(product.slug, check.code);

  const token = await sessionToken({ locals, cookies });
  if (token !== null) {
    const result = await addToCartCall(
      locals.api,
      {
        product_id: product.id,
        id: check.variant?.id ?? null,
        quantity: input.quantity,
        retailer_id: product.retailer_id ?? null,
        wholesaler_id: product.wholesaler_id ?? null,
      },
      { token },
    );
    if (!result.ok) return backWithError(product.slug, 'failed');
    return seeOther(ROUTES.cart);
  }

  const lines = guestCartLines(cookies);
  const next = addGuestLine(lines, lineFor(addableProduct(product), check.variant, input.quantity));
  const value = encodeGuestCart(next);
  // The cookie holds only so many lines, and browsers drop a cookie over about
  // 4 KB whole: a line that would be lost is refused instead.
  if (next.length > GUEST_CART_COOKIE_MAX_LINES || encodeURIComponent(value).length > MAX_COOKIE_VALUE_BYTES) {
    return backWithError(product.slug, 'full');
  }
  cookies.set(GUEST_CART_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    maxAge: GUEST_CART_COOKIE_MAX_AGE_S,
    httpOnly: false,
    secure: isSecureCookieUrl(url),
  });
  return seeOther(ROUTES.cart);
};

/** Someone opening the address itself just sees the cart. */
export const GET: APIRoute = () => seeOther(ROUTES.cart);
