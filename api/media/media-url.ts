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

/**
 * `/media/` inside a string of JSON text, where it starts the string or
 * follows a comma, quote, parenthesis or space. JSON writes a newline, tab,
 * carriage return or form feed as an escape (`\n`), so those count too.
 */
const MEDIA_PATH_IN_JSON = /([,"'(\s]|\\[nrtf])\/media\//g;

/**
 * JSON text with every media path in its strings made absolute: one search
 * over the text the answer is sent as. Walking the answer's objects to copy
 * them with new strings took a tenth of a /get-products call (decision 043).
 * Keys are strings too: no answer has a key that is a media path.
 */
export function absoluteMediaJson(json: string, base: string): string {
  if (!json.includes('/media/')) return json;
  // The base as it is written inside a JSON string, with `$` kept literal in the replacement.
  const written = JSON.stringify(base).slice(1, -1).replaceAll('$', '$$$$');
  return json.replace(MEDIA_PATH_IN_JSON, `$1${written}/`);
}

type Json = (object: unknown, arg?: unknown, headers?: Record<string, string>) => Response;
type Body = (data: string, arg?: unknown, headers?: Record<string, string>) => Response;

/** Every JSON answer of the API goes out with absolute media URLs. */
export function absoluteMediaUrls(base: string): MiddlewareHandler {
  return async (c, next) => {
    const body = c.body.bind(c) as unknown as Body;
    // As c.json does (its type unless the call names one), with the media paths made absolute in the text.
    c.json = ((object, arg, headers) => {
      const typed = Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'content-type');
      return body(absoluteMediaJson(JSON.stringify(object), base), arg, typed ? headers : { ...headers, 'Content-Type': 'application/json' });
    }) as Json as typeof c.json;
    await next();
  };
}
