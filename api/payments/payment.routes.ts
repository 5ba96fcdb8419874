import { Hono } from 'hono';
import { paymentConfirmSchema, paymentReferenceSchema } from '../../src/lib/schemas/payment.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { fail, ok } from '../http/envelope.ts';
import { parseWith, readBody } from '../http/validate.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { applyRazorpayWebhook, confirmPayment, orderGroupView, startAttempt, switchToCashOnDelivery } from './payment.service.ts';
import { PAYMENT_MESSAGES, REQUEST_MESSAGES } from '../messages.ts';

/** The Razorpay webhook's address under /api: the provider calls it without the store's API-KEY (app.ts). */
export const RAZORPAY_WEBHOOK_PATH = '/payment/razorpay/webhook';

/** The payment calls of API-NOTES "Payments" (SECURITY 31-33). */
export function paymentRoutes({ db, config, mailQueue, refundQueue }: ApiDeps, provider: PaymentProvider): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireCustomer(db);

  app.get('/orders/:number', signedIn, async (c) => {
    const { reference } = parseWith(paymentReferenceSchema, { reference: c.req.param('number') });
    return ok(c, await orderGroupView(db, provider, c.get('auth').customerId, reference));
  });

  app.post('/payment/retry', signedIn, async (c) => {
    const { reference } = await readBody(c, paymentReferenceSchema);
    return ok(c, { payment: await startAttempt(db, provider, c.get('auth').customerId, reference) }, PAYMENT_MESSAGES.attemptStarted);
  });

  app.post('/payment/confirm', signedIn, async (c) => {
    const { reference, ...proof } = await readBody(c, paymentConfirmSchema);
    // The test gateway's proof (a chosen outcome) is refused outright unless the store runs the test gateway.
    if (provider.name !== 'test' && proof.outcome !== undefined) return fail(c, 404, REQUEST_MESSAGES.notFound);
    try {
      const { message, data } = await confirmPayment(db, provider, c.get('auth').customerId, reference, proof);
      return ok(c, data, message);
    } finally {
      mailQueue.kick();
      refundQueue.kick();
    }
  });

  app.post('/payment/switch-to-cod', signedIn, async (c) => {
    const { reference } = await readBody(c, paymentReferenceSchema);
    try {
      await switchToCashOnDelivery(db, c.get('auth').customerId, reference);
    } finally {
      mailQueue.kick();
    }
    return c.json({ success: true, message: PAYMENT_MESSAGES.switched });
  });

  if (config.payment.provider === 'razorpay') {
    const webhookSecret = config.payment.webhookSecret;
    app.post(RAZORPAY_WEBHOOK_PATH, async (c) => {
      try {
        const outcome = await applyRazorpayWebhook(db, webhookSecret, { rawBody: await c.req.text(), signature: c.req.header('X-Razorpay-Signature') });
        return c.json({ success: true, message: outcome });
      } finally {
        mailQueue.kick();
        refundQueue.kick();
      }
    });
  }

  return app;
}
