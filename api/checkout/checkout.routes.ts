import { Hono } from 'hono';
import { MESSAGES } from '../../src/lib/messages.ts';
import { applyCouponSchema, checkoutSchema } from '../../src/lib/schemas/checkout.ts';
import { optionalCustomer, requireCustomer } from '../auth/auth.middleware.ts';
import { clientIpKey } from '../auth/client-ip.ts';
import { previewCoupon } from '../coupons/coupon.service.ts';
import { COUPON_MESSAGES } from '../messages.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { readBody } from '../http/validate.ts';
import { idempotentRequest } from '../idempotency/idempotency.service.ts';
import { countTry, limited } from '../security/limited.ts';
import { rateLimitBuckets, type RateLimitRule } from '../security/rate-limit.service.ts';
import { placeOrder } from './checkout.service.ts';

/** POST /checkout and POST /apply-coupon (SPEC §7; API-NOTES "Checkout and orders"; SECURITY 11-17, 24). */
const MINUTE_MS = 60 * 1000;
/** Coupon previews per address (guests have no account to count by) and per customer. */
export const COUPON_IP_RULE: RateLimitRule = { limit: 60, windowMs: 10 * MINUTE_MS };
export const COUPON_CUSTOMER_RULE: RateLimitRule = { limit: 30, windowMs: 10 * MINUTE_MS };

export function checkoutRoutes({ db, config, mailQueue }: ApiDeps): Hono<AppEnv> {
  const paymentProvider = config.payment.provider === 'razorpay' ? 'razorpay' : 'test';
  const app = new Hono<AppEnv>();

  // A guest has a token too: the checkout OTP signs them in (SPEC §4 OTP); without one, 401.
  app.post('/checkout', requireCustomer(db), async (c) => {
    const input = await readBody(c, checkoutSchema);
    const customerId = c.get('auth').customerId;
    const request = idempotentRequest(c, `checkout:${customerId}`, input);
    const placed = await limited(c, () => placeOrder(db, customerId, request, input, paymentProvider));
    if (placed instanceof Response) return placed;
    mailQueue.kick();
    return ok(c, placed, MESSAGES.checkout.orderPlaced);
  });

  app.post('/apply-coupon', optionalCustomer(db), async (c) => {
    const input = await readBody(c, applyCouponSchema);
    const customerId = c.get('auth')?.customerId;
    const preview = await limited(c, async () => {
      await countTry(db, [
        [rateLimitBuckets.couponIp(clientIpKey(c)), COUPON_IP_RULE],
        ...(customerId === undefined ? [] : ([[rateLimitBuckets.couponCustomer(customerId), COUPON_CUSTOMER_RULE]] as const)),
      ] as Array<[string, RateLimitRule]>);
      return previewCoupon(db, customerId, input);
    });
    return preview instanceof Response ? preview : ok(c, preview, COUPON_MESSAGES.applied);
  });

  return app;
}
