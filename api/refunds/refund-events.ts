import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { WEBHOOK_OUTCOMES } from '../messages.ts';
import { findRefundByKey, findRefundByProviderId, markProcessed, markProviderFailed } from './refund.repository.ts';
import { afterAccepted, afterProcessed } from './refund.service.ts';

/**
 * Razorpay's word on a refund (refund.processed, refund.failed), applied in
 * the webhook's transaction after its signature and its once-only record
 * (decision 065). The refund is found by Razorpay's id, or, when the answer
 * to our call was lost before we kept that id, by the key we sent in its notes.
 */
export async function applyRefundEvent(
  trx: Transaction<Database>,
  type: 'refund.processed' | 'refund.failed',
  entity: Record<string, unknown>,
  now: Date,
): Promise<string> {
  const providerRefundId = typeof entity.id === 'string' ? entity.id : '';
  const notes = entity.notes && typeof entity.notes === 'object' ? (entity.notes as Record<string, unknown>) : {};
  const refund =
    (providerRefundId ? await findRefundByProviderId(trx, 'razorpay', providerRefundId) : undefined) ??
    (typeof notes.refund_key === 'string' ? await findRefundByKey(trx, notes.refund_key) : undefined);
  if (!refund || refund.provider !== 'razorpay' || entity.amount !== refund.amount) return WEBHOOK_OUTCOMES.refundUnknown;
  const stamp = now.toISOString();
  if (type === 'refund.processed') {
    if (!(await markProcessed(trx, Number(refund.id), ['queued', 'pending', 'failed'], { now: stamp, providerRefundId }))) return WEBHOOK_OUTCOMES.refundUnchanged;
    await afterAccepted(trx, refund, stamp);
    await afterProcessed(trx, refund, stamp);
    return WEBHOOK_OUTCOMES.refundProcessed;
  }
  // Only the refund we are waiting on: a failure of one given up before (its id replaced) changes nothing.
  if (refund.provider_refund_id !== null && refund.provider_refund_id !== providerRefundId) return WEBHOOK_OUTCOMES.refundUnchanged;
  const failed = await markProviderFailed(trx, Number(refund.id), {
    error: `Razorpay refund ${providerRefundId} failed`,
    newKey: `${refund.refund_key}:after-${providerRefundId}`,
    now: stamp,
  });
  return failed ? WEBHOOK_OUTCOMES.refundFailed : WEBHOOK_OUTCOMES.refundUnchanged;
}
