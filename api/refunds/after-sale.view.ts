import type { Kysely } from 'kysely';
import { paiseToRupeesString } from '../../src/lib/money.ts';
import type { RefundStatus } from '../../src/lib/constants.ts';
import type { Database, RefundRowStatus } from '../db/schema.ts';
import type { OrderLineRow } from '../orders/order.repository.ts';
import { findLineReturns } from '../returns/return.repository.ts';
import { returnableUntil } from '../returns/return.service.ts';
import { findReturnWindowDays } from '../store/store.repository.ts';
import { findLineRefunds, type RefundRow } from './refund.repository.ts';

/**
 * What happened to order lines after the sale, as GET /customer/orders and
 * GET /orders/{number} answer it per line (decision 065): the refund (its
 * amount in rupees, its state as a shopper reads it, its dates), the return's
 * status and the store's note, and until when the line may be returned.
 */
const SHOPPER_STATUS: Record<RefundRowStatus, RefundStatus> = {
  queued: 'initiated',
  pending: 'initiated',
  manual: 'initiated',
  processed: 'processed',
  failed: 'failed',
};

export function presentRefund(refund: RefundRow) {
  return {
    amount: paiseToRupeesString(Number(refund.amount)),
    status: SHOPPER_STATUS[refund.status],
    initiated_at: refund.created_at,
    processed_at: refund.processed_at,
    test_mode: refund.provider === 'test',
  };
}

export type AfterSale = (line: OrderLineRow) => {
  refund: ReturnType<typeof presentRefund> | null;
  return_status: string | null;
  return_note: string | null;
  returnable_until: string | null;
};

/** Reads the refunds and returns of these lines in two queries; answers each line's part. */
export async function loadAfterSale(db: Kysely<Database>, lines: readonly OrderLineRow[], now = new Date()): Promise<AfterSale> {
  const ids = lines.map((l) => Number(l.id));
  const [refunds, returns, windowDays] = await Promise.all([findLineRefunds(db, ids), findLineReturns(db, ids), findReturnWindowDays(db)]);
  return (line) => {
    const refund = refunds.get(Number(line.id));
    const request = returns.get(Number(line.id));
    return {
      refund: refund ? presentRefund(refund) : null,
      return_status: request?.status ?? null,
      return_note: request?.status === 'return rejected' ? request.store_note : null,
      returnable_until: returnableUntil(line, request, windowDays, now),
    };
  };
}
