import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentProviderError, type PaymentProvider } from './payment-provider.ts';
import { createRazorpayClient } from './razorpay.client.ts';

/**
 * Razorpay (PAYMENT_PROVIDER=razorpay; decision 018). An attempt is a
 * Razorpay order (amount in paise, receipt = our order number) that Razorpay
 * Checkout opens on the payment page. A payment counts only when its
 * signature (HMAC-SHA256 of `order_id|payment_id` with the key secret) checks
 * out timing-safe, and Razorpay's own record of it names our order, our amount
 * and INR, captured (an authorized one is captured here) (SECURITY 31).
 */
export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
}

/** True when `signature` (hex) is the HMAC-SHA256 of `payload` with `secret`, compared in constant time. */
export function signatureMatches(payload: string | Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(payload).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

const NOT_VERIFIED = 'The payment could not be verified';

export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const client = createRazorpayClient(settings.apiUrl, settings.keyId, settings.keySecret);
  return {
    name: 'razorpay',
    publicKey: settings.keyId,
    async createAttempt(attempt) {
      const order = await client.createOrder({ amount: attempt.amount, currency: attempt.currency, receipt: attempt.orderNumber });
      if (order.amount !== attempt.amount || order.currency !== attempt.currency) {
        throw new PaymentProviderError('Razorpay made an order for another amount');
      }
      return { providerOrderId: order.id };
    },
    async verifyProof(attempt, proof) {
      const orderId = proof.razorpay_order_id;
      const paymentId = proof.razorpay_payment_id;
      if (typeof orderId !== 'string' || typeof paymentId !== 'string' || orderId !== attempt.provider_order_id) {
        return { ok: false, declined: false, reason: NOT_VERIFIED };
      }
      if (!signatureMatches(`${orderId}|${paymentId}`, proof.razorpay_signature, settings.keySecret)) {
        return { ok: false, declined: false, reason: NOT_VERIFIED };
      }
      let payment = await client.fetchPayment(paymentId);
      if (payment.order_id !== attempt.provider_order_id || payment.amount !== attempt.amount || payment.currency !== attempt.currency) {
        return { ok: false, declined: false, reason: NOT_VERIFIED };
      }
      if (payment.status === 'failed') return { ok: false, declined: true, reason: 'The payment failed' };
      if (payment.status === 'authorized') payment = await client.capturePayment(paymentId, attempt.amount, attempt.currency);
      if (payment.status !== 'captured') return { ok: false, declined: false, reason: NOT_VERIFIED };
      return { ok: true, paymentId, method: payment.method };
    },
    async refund(attempt) {
      if (!attempt.provider_payment_id) return;
      await client.refundPayment(attempt.provider_payment_id, attempt.amount, `refund-${attempt.order_number}-${attempt.id}`);
    },
  };
}
