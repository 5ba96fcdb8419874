import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_PRODUCT_PAGE } from '../../src/lib/constants.ts';
import { cancelOrderSchema } from '../../src/lib/schemas/order.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { parseWith, readBody } from '../http/validate.ts';
import { cancelOrderByShopper, customerOrders } from './order.service.ts';
import { ORDER_MESSAGES } from '../messages.ts';

/** GET /customer/orders and POST /customer/cancel-order (SPEC §7; API-NOTES; SECURITY 18, 19). */
const pageSchema = z.object({
  page: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 1;
      const n = /^\d{1,6}$/.test(v) ? Number(v) : NaN;
      if (n >= 1 && n <= MAX_PRODUCT_PAGE) return n;
      ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.pageInvalid });
      return z.NEVER;
    }),
});

export function orderRoutes({ db, mailQueue, refundQueue }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireCustomer(db);

  app.get('/customer/orders', signedIn, async (c) => {
    const { page } = parseWith(pageSchema, { page: c.req.query('page') });
    return ok(c, await customerOrders(db, c.get('auth').customerId, page));
  });

  // SPEC §7: the client reads `status`, not `success`; both are sent, on failures too.
  app.post('/customer/cancel-order', signedIn, async (c) => {
    try {
      const input = await readBody(c, cancelOrderSchema);
      await cancelOrderByShopper(db, c.get('auth').customerId, input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return c.json({ success: false, status: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status);
    } finally {
      mailQueue.kick();
      refundQueue.kick();
    }
    return c.json({ success: true, status: true, message: ORDER_MESSAGES.cancelled });
  });

  return app;
}
