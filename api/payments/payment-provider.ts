import type { PaymentConfig } from '../config.ts';
import type { AttemptRow } from './payment.repository.ts';
import { createRazorpayProvider } from './razorpay.provider.ts';
import { createTestGateway } from './test-gateway.provider.ts';

/**
 * The one interface every payment provider meets (decision 018): start an
 * attempt for an order group, check the shopper's proof of payment, give a
 * late payment back. Everything a provider does over the network happens
 * outside any database transaction (SECURITY 27); the payment service applies
 * the outcome in one.
 */
export interface NewAttempt {
  orderNumber: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
}

export type ProofCheck =
  /** `refunded`: captured and since refunded whole; it counts only as a payment already recorded. */
  | { ok: true; paymentId: string; method: string | null; refunded?: boolean }
  /** `declined`: the payment itself failed (record it); otherwise the proof is not believed and nothing changes. */
  | { ok: false; declined: boolean; reason: string };

/** A refund as the provider is asked for it: part or all of one captured payment. */
export interface RefundRequest {
  /** The provider's id of the payment (Razorpay's pay_...). */
  paymentId: string;
  /** Paise. */
  amount: number;
  /** The same key for a retried call, so a refund whose answer was lost is not made twice. */
  idempotencyKey: string;
  /** Our order and line, kept with the refund at the provider. */
  notes: Record<string, string>;
}

/** The provider took the refund: `processed` already, or `pending` until its webhook says. */
export interface RefundAccepted {
  providerRefundId: string;
  status: 'pending' | 'processed';
}

export interface PaymentProvider {
  readonly name: 'test' | 'razorpay';
  /** What the payment page may know: Razorpay's public key id; never a secret. */
  readonly publicKey: string | null;
  /** Opens the provider's side of an attempt; answers its order id there (null for the test gateway). */
  createAttempt(attempt: NewAttempt): Promise<{ providerOrderId: string | null }>;
  /** Checks the shopper's proof against the attempt: signature, amount, currency, the provider's own record. */
  verifyProof(attempt: AttemptRow, proof: Record<string, unknown>): Promise<ProofCheck>;
  /** Gives back part or all of a captured payment; a refusal or no answer throws PaymentProviderError. */
  refund(request: RefundRequest): Promise<RefundAccepted>;
}

/** A failure talking to the provider: a 502 for the shopper, and the work is tried again later where it can be. */
export class PaymentProviderError extends Error {}

export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  if (config.provider === 'razorpay') return createRazorpayProvider(config);
  if (config.provider === 'test') return createTestGateway();
  throw new Error(config.problem);
}
