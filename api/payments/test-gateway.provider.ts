import { createHash } from 'node:crypto';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The built-in test gateway (PAYMENT_PROVIDER unset or `test`): no account,
 * no network, no money. The shopper picks UPI or card on a page marked TEST
 * MODE and presses pay or fail; the proof is that choice. It answers only
 * while the store runs it: with Razorpay its routes are 404.
 */
export const TEST_GATEWAY_METHODS = ['upi', 'card'] as const;
export const TEST_GATEWAY_DECLINED = 'The test payment was declined';

export function createTestGateway(): PaymentProvider {
  return {
    name: 'test',
    publicKey: null,
    createAttempt: async () => ({ providerOrderId: null }),
    async verifyProof(attempt, proof) {
      const method = (TEST_GATEWAY_METHODS as readonly unknown[]).includes(proof.method) ? String(proof.method) : null;
      // One payment per attempt: confirms of the same attempt sent together are the same payment, as at a real gateway.
      if (proof.outcome === 'success') return { ok: true, paymentId: `test_pay_${attempt.id}`, method };
      if (proof.outcome === 'failure') return { ok: false, declined: true, reason: TEST_GATEWAY_DECLINED };
      return { ok: false, declined: false, reason: 'outcome must be success or failure' };
    },
    // No money moved: the refund is recorded (and shown as TEST MODE) and done at once.
    refund: async (request) => ({
      providerRefundId: `test_rfnd_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 14)}`,
      status: 'processed',
    }),
  };
}
