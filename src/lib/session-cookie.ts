/**
 * The storefront's session cookie (ARCHITECTURE: Auth and sessions; SECURITY
 * promise 6). It carries the same opaque token as the persisted auth state so
 * src/middleware.ts can guard routes before a page renders; the store API
 * never reads it (a cookie alone authenticates nothing there, promise 20).
 */

export const SESSION_COOKIE = 'store_session';

/** The API's absolute session life (90 days); the token itself expires sooner when idle. */
export const SESSION_COOKIE_MAX_AGE_S = 90 * 24 * 60 * 60;

/** Longest token we accept into the cookie; ours are 43 characters of base64url. */
export const SESSION_TOKEN_MAX_LENGTH = 512;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Secure everywhere except plain HTTP on this machine, where browsers would
 * drop or refuse a Secure cookie and the product could not be tried. Behind a
 * TLS-terminating proxy the request URL is http on a public host: Secure.
 */
export function isSecureCookieUrl(url: URL): boolean {
  return !(url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost')));
}

export interface SessionCookieOptions {
  httpOnly: true;
  secure: boolean;
  sameSite: 'lax';
  path: '/';
  maxAge: number;
}

export function sessionCookieOptions(url: URL): SessionCookieOptions {
  return { httpOnly: true, secure: isSecureCookieUrl(url), sameSite: 'lax', path: '/', maxAge: SESSION_COOKIE_MAX_AGE_S };
}

/** A token worth asking the API about: printable, no separators, bounded. */
export function isPlausibleToken(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= SESSION_TOKEN_MAX_LENGTH && /^[\w.~+/=-]+$/.test(value);
}
