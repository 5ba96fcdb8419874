import { Hono } from 'hono';
import { returnOrderSchema } from '../../src/lib/schemas/return.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ApiError } from '../http/envelope.ts';
import { readBody } from '../http/validate.ts';
import { requestReturn } from './return.service.ts';
import { RETURN_MESSAGES } from '../messages.ts';

/** POST /customer/return-order (decision 065): answered like cancel-order, `status` beside `success`. */
export function returnRoutes({ db, mailQueue }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/customer/return-order', requireCustomer(db), async (c) => {
    try {
      await requestReturn(db, c.get('auth').customerId, await readBody(c, returnOrderSchema));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.json({ success: false, status: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
    } finally {
      mailQueue.kick();
    }
    return c.json({ success: true, status: true, message: RETURN_MESSAGES.requested });
  });

  return app;
}
