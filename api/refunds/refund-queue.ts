import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createKickedLoop, type KickedLoop } from '../jobs/kicked-loop.ts';
import { PaymentProviderError } from '../payments/payment-provider.ts';
import { claimDueRefunds, findPaymentById, markCallFailed, markSent, type RefundRow } from './refund.repository.ts';
import { afterAccepted, afterProcessed, type RefundProviders } from './refund.service.ts';

/**
 * Sends the refunds the database owes (decision 065), as the mail queue sends
 * mail (decision 015): a change only writes the refund row in its own
 * transaction; a process claims due rows for a lease, calls the provider
 * after the claim has committed, and records the answer. A refused or
 * unanswered call is retried with backoff, with the same idempotency key, so
 * a refund whose answer was lost (a timeout, a crash of the process) is not
 * made twice; after the last delay it is retried every RETRY_CEILING for as
 * long as it fails, and `npm run orders -- refunds --failed` lists it.
 */
type Db = Kysely<Database>;

/** Waits after a failed call, by the attempt that failed; the last repeats. */
export const REFUND_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 3 * 60 * 60_000, 6 * 60 * 60_000];
/** A claim outlives a provider call (15 s timeout) with room to record its answer. */
export const REFUND_LEASE_MS = 60_000;
export const REFUND_BATCH = 20;
/** How often a process looks for due refunds besides the ones it was kicked for (retries, other processes, a crash). */
export const REFUND_POLL_MS = 15_000;

export function retryDelay(attempts: number): number {
  return REFUND_RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), REFUND_RETRY_DELAYS_MS.length) - 1]!;
}

export interface RefundQueue extends KickedLoop {
  /** Runs until nothing is due; answers how many refunds it tried. */
  runOnce(): Promise<number>;
}

export interface RefundQueueOptions {
  db: Db;
  providers: RefundProviders;
  /** Kicked when a refund was processed, so its mail goes out. */
  mailKick?: () => void;
  now?: () => Date;
}

export function createRefundQueue(options: RefundQueueOptions): RefundQueue {
  const now = options.now ?? (() => new Date());

  async function runOnce(): Promise<number> {
    let tried = 0;
    for (;;) {
      const at = now();
      const batch = await claimDueRefunds(options.db, at.toISOString(), new Date(at.getTime() + REFUND_LEASE_MS).toISOString(), REFUND_BATCH);
      if (batch.length === 0) return tried;
      tried += batch.length;
      for (const refund of batch) await send(refund);
    }
  }

  async function send(refund: RefundRow): Promise<void> {
    const provider = options.providers[refund.provider as 'test' | 'razorpay'];
    const payment = refund.payment_id === null ? undefined : await findPaymentById(options.db, Number(refund.payment_id));
    let accepted;
    try {
      if (!provider) throw new PaymentProviderError(`the ${refund.provider} provider is not configured`);
      if (!payment) throw new PaymentProviderError('the refund names no payment');
      accepted = await provider.refund({
        paymentId: payment.provider_payment_id,
        amount: Number(refund.amount),
        idempotencyKey: refund.idempotency_key,
        notes: { order_number: refund.order_number, ...(refund.order_id !== null ? { order_line: String(refund.order_id) } : {}), refund_key: refund.refund_key },
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      const delay = retryDelay(Number(refund.attempts));
      console.error(`Refund ${refund.id} (${refund.refund_key}) not made, retrying in ${delay / 1000} s: ${error.message}`);
      const at = now();
      await markCallFailed(options.db, Number(refund.id), { error: error.message, nextAttemptAt: new Date(at.getTime() + delay).toISOString(), now: at.toISOString() });
      return;
    }
    const stamp = now().toISOString();
    const processed = accepted.status === 'processed';
    await options.db.transaction().execute(async (trx) => {
      await markSent(trx, Number(refund.id), { providerRefundId: accepted.providerRefundId, processed, now: stamp });
      await afterAccepted(trx, refund, stamp);
      if (processed) await afterProcessed(trx, refund, stamp);
    });
    if (processed) options.mailKick?.();
  }

  return { ...createKickedLoop(runOnce, { pollMs: REFUND_POLL_MS, label: 'The refund queue' }), runOnce };
}
