import type { MiddlewareHandler } from 'hono';
import { fail } from './envelope.ts';
import { STATE_CHANGING_METHODS, isAcceptedBodyType } from './request-rules.ts';
import { REQUEST_MESSAGES } from '../messages.ts';

/**
 * A state change sends its body as JSON (SECURITY.md 20, 35): a text/plain,
 * urlencoded or untyped body is what a cross-site form or a careless client
 * sends, and it answers 415. A call with no body at all (POST /store-info,
 * POST /customer/logout) passes whatever its Content-Type.
 */
export function requireJsonBodies(): MiddlewareHandler {
  return async (c, next) => {
    if (!STATE_CHANGING_METHODS.includes(c.req.method) || isAcceptedBodyType(c.req.path, c.req.header('content-type'))) {
      return next();
    }
    // Read to tell an empty body from a real one; body-limit has already capped it, and Hono keeps it for the route.
    if (c.req.raw.body !== null && (await c.req.arrayBuffer()).byteLength > 0) {
      return fail(c, 415, REQUEST_MESSAGES.jsonRequired);
    }
    return next();
  };
}
