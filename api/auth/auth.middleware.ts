import type { Kysely } from 'kysely';
import { createMiddleware } from 'hono/factory';
import { MESSAGES } from '../../src/lib/messages.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from '../http/deps.ts';
import { fail } from '../http/envelope.ts';
import { authenticate, type SessionAuth } from './session.service.ts';

export interface CustomerEnv {
  Variables: AppEnv['Variables'] & { auth: SessionAuth };
}

/**
 * Lets a request through only with `Authorization: Bearer <token>` of a live
 * session (SECURITY promises 5, 20). Cookies are never read here: a cookie
 * alone does not authenticate the API, so a cross-site form cannot act.
 */
export function requireCustomer(db: Kysely<Database>) {
  return createMiddleware<CustomerEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
    const auth = match?.[1] ? await authenticate(db, match[1]) : undefined;
    if (!auth) return fail(c, 401, MESSAGES.cart.notAuthenticated);
    c.set('auth', auth);
    await next();
  });
}

export interface MaybeCustomerEnv {
  Variables: AppEnv['Variables'] & { auth: SessionAuth | undefined };
}

/**
 * For calls open to guests that say more to a signed-in customer (a coupon
 * preview): no Authorization header is a guest; a header with a token that is
 * not live is refused like anywhere else, so a lapsed session is not mistaken for a guest.
 */
export function optionalCustomer(db: Kysely<Database>) {
  return createMiddleware<MaybeCustomerEnv>(async (c, next) => {
    const header = c.req.header('Authorization');
    if (header === undefined) {
      c.set('auth', undefined);
      return next();
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const auth = match?.[1] ? await authenticate(db, match[1]) : undefined;
    if (!auth) return fail(c, 401, MESSAGES.cart.notAuthenticated);
    c.set('auth', auth);
    await next();
  });
}
