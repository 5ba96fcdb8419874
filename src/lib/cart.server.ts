/**
 * The cart as the server sees it (SPEC §4 Cart, §6): a signed-in shopper's
 * (session cookie still live) is `GET /customer/cart` with their token; anyone
 * else's is the `guest_cart` cookie that a no-JavaScript add-to-cart post
 * writes (src/lib/guest-cart-cookie.ts). Used by /cart and /cart/add.
 * Server only.
 */
import type { AstroCookies } from 'astro';
import { getCart } from './api/cart.ts';
import type { CartLine } from './cart.ts';
import { decodeGuestCart, GUEST_CART_COOKIE } from './guest-cart-cookie.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { lookUpSession } from './session.server.ts';

export interface ServerCartContext {
  locals: App.Locals;
  cookies: AstroCookies;
}

/**
 * The session cookie's token when the API still accepts it, else null. A
 * refused token's cookie is deleted, as the route guards do.
 */
export async function sessionToken({ locals, cookies }: Pick<ServerCartContext, 'locals' | 'cookies'>): Promise<string | null> {
  const session = await lookUpSession(locals.api, cookies.get(SESSION_COOKIE)?.value);
  if (session.state === 'refused') cookies.delete(SESSION_COOKIE, { path: '/' });
  return session.state === 'signed-in' ? session.token : null;
}

/** The guest lines of the `guest_cart` cookie (unreadable ones dropped). */
export function guestCartLines(cookies: AstroCookies): CartLine[] {
  return decodeGuestCart(cookies.get(GUEST_CART_COOKIE)?.value);
}

/** The signed-in cart; [] when the call fails (the page then shows an empty cart rather than an error page). */
async function signedInCart(context: ServerCartContext, token: string): Promise<CartLine[]> {
  const result = await getCart(context.locals.api, { token });
  return result.ok ? result.value : [];
}

export async function serverCart(context: ServerCartContext): Promise<CartLine[]> {
  const token = await sessionToken(context);
  return token === null ? guestCartLines(context.cookies) : signedInCart(context, token);
}
