/**
 * Cross-origin clients (issue 16): a web app on another origin may call the
 * API when its origin is listed in STORE_API_CORS_ORIGINS. Its preflight is
 * answered 204 here, before the API-KEY check (a browser sends no custom
 * header on a preflight); its calls get `Access-Control-Allow-Origin` with
 * its own origin, errors included, so it can read them. Any other origin gets
 * no such header and the browser keeps the answer from it. No credentials
 * (cookies) are allowed: the API authenticates by headers.
 */
import type { MiddlewareHandler } from 'hono';

export const CORS_ALLOWED_HEADERS = 'API-KEY, Authorization, Content-Type, Idempotency-Key';
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const PREFLIGHT_MAX_AGE_S = 600;

/** STORE_API_CORS_ORIGINS: origins separated by commas or spaces; each kept as its origin (scheme, host, port). */
export function parseCorsOrigins(value: string | undefined): string[] {
  const origins: string[] = [];
  for (const item of (value ?? '').split(/[\s,]+/)) {
    if (!item) continue;
    try {
      origins.push(new URL(item).origin);
    } catch {
      // not an origin: never matches
    }
  }
  return [...new Set(origins)];
}

export function cors(origins: readonly string[]): MiddlewareHandler {
  const listed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header('Origin');
    const allowed = origin !== undefined && listed.has(origin);
    if (allowed && c.req.method === 'OPTIONS' && c.req.header('Access-Control-Request-Method')) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS,
          'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
          Vary: 'Origin',
        },
      });
    }
    await next();
    if (allowed) c.header('Access-Control-Allow-Origin', origin);
    // Answers differ by Origin when any origin is listed: a shared cache must keep them apart.
    if (listed.size > 0) c.header('Vary', 'Origin', { append: true });
  };
}
