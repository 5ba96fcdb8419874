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
  /**
   * Captures an authorized payment. Confirms of one payment sent together all
   * see it authorized and all ask to capture: Razorpay captures it once and
   * refuses the others ("already captured"), which is success for us, so a
   * refusal is checked against the payment as Razorpay now has it.
   */
  async function capture(paymentId: string, amount: number, currency: string) {
    try {
      return await client.capturePayment(paymentId, amount, currency);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      const now = await client.fetchPayment(paymentId);
      if (now.status === 'captured') return now;
      throw error;
    }
  }
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
      if (payment.status === 'authorized') payment = await capture(paymentId, attempt.amount, attempt.currency);
      // Refunded: captured once, and given back since (an extra payment of ours, confirmed again).
      if (payment.status === 'refunded') return { ok: true, paymentId, method: payment.method, refunded: true };
      if (payment.status !== 'captured') return { ok: false, declined: false, reason: NOT_VERIFIED };
      return { ok: true, paymentId, method: payment.method };
    },
    async refund(request) {
      const refund = await client.refundPayment(request.paymentId, { amount: request.amount, notes: request.notes }, request.idempotencyKey);
      if (refund.status === 'failed') throw new PaymentProviderError(`Razorpay refund ${refund.id} failed`);
      if (refund.amount !== request.amount) throw new PaymentProviderError(`Razorpay refunded another amount (${refund.amount})`);
      return { providerRefundId: refund.id, status: refund.status === 'processed' ? 'processed' : 'pending' };
    },
  };
}
