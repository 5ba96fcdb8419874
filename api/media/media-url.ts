/**
 * Absolute media URLs in API answers (issue 16): the database keeps media as
 * root-relative `/media/...` paths, which a client on another origin, or
 * behind a proxy that forwards only /api, cannot load. Every string of an
 * answer that names a media path (a URL, a comma-separated list such as
 * `product_images`, or an attribute in rich text) is answered absolute, from
 * MEDIA_BASE_URL (default: the site origin + /media), which is also how a CDN
 * for images is configured.
 */
import type { MiddlewareHandler } from 'hono';

/** MEDIA_BASE_URL without a trailing slash; default `${siteOrigin}/media`. */
export function mediaBaseUrl(env: NodeJS.ProcessEnv, siteOrigin: string): string {
  const given = env.MEDIA_BASE_URL?.trim();
  return (given || `${siteOrigin}/media`).replace(/\/+$/, '');
}

// `/media/` at the start of the text, or after a comma, quote, parenthesis or space.
const MEDIA_PATH = /(^|[,"'(\s])\/media\//g;

export function absoluteMediaText(text: string, base: string): string {
  return text.includes('/media/') ? text.replace(MEDIA_PATH, (_, before: string) => `${before}${base}/`) : text;
}

/** A copy of `value` with every media path made absolute; other values as they are. */
export function withAbsoluteMedia<T>(value: T, base: string): T {
  if (typeof value === 'string') return absoluteMediaText(value, base) as T;
  if (Array.isArray(value)) return value.map((item) => withAbsoluteMedia(item, base)) as T;
  // Plain objects only (node:sqlite rows have no prototype); a Date or a Buffer stays as it is.
  const proto = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = withAbsoluteMedia(item, base);
    return out as T;
  }
  return value;
}

/** Every JSON answer of the API goes out with absolute media URLs. */
export function absoluteMediaUrls(base: string): MiddlewareHandler {
  return async (c, next) => {
    const json = c.json.bind(c);
    c.json = ((object: unknown, ...rest: unknown[]) => (json as (...args: unknown[]) => Response)(withAbsoluteMedia(object, base), ...rest)) as typeof c.json;
    await next();
  };
}
