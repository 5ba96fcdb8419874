import { randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cartRoutes } from './cart/cart.routes.ts';
import { checkoutRoutes } from './checkout/checkout.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { composeStoreMail } from './store-mail.ts';
import { customerRoutes } from './customer/customer.routes.ts';
import { requireJsonBodies } from './http/content-type.middleware.ts';
import { cors } from './http/cors.middleware.ts';
import { ApiError, fail } from './http/envelope.ts';
import type { ApiDeps, AppEnv } from './http/deps.ts';
import { MAX_BODY_BYTES } from './http/request-rules.ts';
import { REQUEST_MESSAGES } from './messages.ts';
import { createMailQueue, type MailQueue } from './mail/mail-queue.service.ts';
import { absoluteMediaUrls } from './media/media-url.ts';
import { createMailTransport, type MailTransport } from './mail/mail.transport.ts';
import { orderRoutes } from './orders/order.routes.ts';
import { otpRoutes } from './otp/otp.routes.ts';
import { createPaymentProvider } from './payments/payment-provider.ts';
import { RAZORPAY_WEBHOOK_PATH, paymentRoutes } from './payments/payment.routes.ts';
import { pincodeRoutes } from './pincode/pincode.routes.ts';
import { createRefundQueue, type RefundQueue } from './refunds/refund-queue.ts';
import { refundProviders } from './refunds/refund.service.ts';
import { returnRoutes } from './returns/return.routes.ts';
import { shippingAddressRoutes } from './shipping/shipping-address.routes.ts';
import { storeRoutes } from './store/store.routes.ts';
import { wishlistRoutes } from './wishlist/wishlist.routes.ts';

/**
 * The store API of SPEC §7 under /api. It is a plain fetch handler
 * (`app.fetch(Request)`), so server.ts serves it over HTTP and also hands it to
 * server rendering as an in-process fetch.
 */
export function createApiApp(
  given: Omit<ApiDeps, 'mailQueue' | 'refundQueue'> & { mailQueue?: MailQueue; refundQueue?: RefundQueue; mail?: MailTransport },
): Hono<AppEnv> {
  // Callers that send no mail (benchmarks) may leave the queue and its transport to the configuration.
  const mailQueue =
    given.mailQueue ??
    createMailQueue({
      db: given.db,
      transport: given.mail ?? createMailTransport(given.config),
      compose: composeStoreMail(given.config.siteOrigin),
    });
  const refundQueue =
    given.refundQueue ?? createRefundQueue({ db: given.db, providers: refundProviders(given.config.payment), mailKick: () => mailQueue.kick() });
  const deps: ApiDeps = { db: given.db, dialect: given.dialect, config: given.config, mailQueue, refundQueue };
  const app = new Hono<AppEnv>().basePath('/api');
  // First: a listed origin's preflight is answered before the API-KEY check (STORE_API_CORS_ORIGINS).
  app.use('*', cors(deps.config.corsOrigins));

  app.use('*', async (c, next) => {
    c.set('requestId', randomUUID());
    await next();
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
  // The database keeps /media/... paths; clients get absolute URLs (MEDIA_BASE_URL).
  app.use('*', absoluteMediaUrls(deps.config.mediaBaseUrl));
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, 413, REQUEST_MESSAGES.bodyTooLarge) }));
  const webhookPath = `/api${RAZORPAY_WEBHOOK_PATH}`;
  app.use('*', async (c, next) => {
    // The payment provider calls its webhook without the store's key; its signature authenticates it instead.
    if (c.req.path === webhookPath && c.req.method === 'POST') return next();
    if (!sameKey(c.req.header('API-KEY'), deps.config.apiKey)) {
      return fail(c, 401, REQUEST_MESSAGES.apiKeyRequired);
    }
    await next();
  });
  // Bodies are JSON (multipart on /get-products): 415 otherwise (SECURITY.md 35).
  app.use('*', requireJsonBodies());

  app.route('/', storeRoutes(deps));
  app.route('/', catalogRoutes(deps));
  app.route('/', customerRoutes(deps));
  app.route('/', otpRoutes(deps));
  app.route('/', cartRoutes(deps));
  app.route('/', wishlistRoutes(deps));
  app.route('/', checkoutRoutes(deps));
  app.route('/', orderRoutes(deps));
  app.route('/', returnRoutes(deps));
  app.route('/', shippingAddressRoutes(deps));
  app.route('/', pincodeRoutes());
  app.route('/', paymentRoutes(deps, createPaymentProvider(deps.config.payment)));

  app.notFound((c) => fail(c, 404, REQUEST_MESSAGES.notFound));
  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error.status, error.message, error.errors, error.data);
    const requestId = c.get('requestId') ?? randomUUID();
    console.error(`[${requestId}] ${c.req.method} ${new URL(c.req.url).pathname}:`, error);
    return c.json({ success: false, message: REQUEST_MESSAGES.unexpected, request_id: requestId }, 500);
  });
  return app;
}

function sameKey(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
