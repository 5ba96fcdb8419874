/**
 * The store's side of returns and refunds from the command line (decision
 * 065), for scripts/orders.ts: the returns to handle and their steps, the
 * refunds with their provider references, and a cash on delivery refund the
 * store paid by UPI itself.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../api/db/schema.ts';
import type { OrderLineRow } from '../api/orders/order.repository.ts';
import { findGroupPayments, findLineRefund, listRefunds, type RefundRow } from '../api/refunds/refund.repository.ts';
import { recordManualRefund } from '../api/refunds/refund.service.ts';
import { findLineReturns, listReturns, type ReturnRow } from '../api/returns/return.repository.ts';
import { moveReturnStep, type ReturnStep } from '../api/returns/return.service.ts';
import { RETURN_STATUS, type ReturnStatus } from '../src/lib/constants.ts';
import { formatPaiseAsRupees } from '../src/lib/money.ts';

type Db = Kysely<Database>;
const RETURN_STATUSES = Object.values(RETURN_STATUS) as ReturnStatus[];
const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');

export const AFTER_SALE_USAGE = `  npm run orders -- returns [--status STATUS]
  npm run orders -- approve LINE | reject LINE --note TEXT | receive LINE
  npm run orders -- refund-cod LINE --reference UTR
  npm run orders -- refunds [--failed]
Return statuses: ${RETURN_STATUSES.map((s) => `"${s}"`).join(', ')}`;

/** A refund on one line: amount, provider (TEST MODE for the test gateway), state, references, and why it fails if it does. */
export function refundSummary(refund: RefundRow & { provider_payment_id?: string | null }): string {
  const provider = refund.provider === 'test' ? 'test gateway (TEST MODE)' : refund.provider === 'manual' ? 'by the store (UPI)' : refund.provider;
  const parts = [
    `refund ${formatPaiseAsRupees(Number(refund.amount))}`,
    refund.reason,
    provider,
    refund.status === 'manual' ? `to pay to ${refund.upi_id ?? '(no UPI ID)'}` : refund.status,
    `initiated ${when(refund.created_at)}`,
    ...(refund.processed_at ? [`processed ${when(refund.processed_at)}`] : []),
    ...(refund.provider_refund_id ? [`refund ${refund.provider_refund_id}`] : []),
    ...(refund.reference ? [`reference ${refund.reference}`] : []),
    ...(refund.provider_payment_id ? [`payment ${refund.provider_payment_id}`] : []),
    ...(refund.status === 'failed' ? [`${refund.attempts} attempts, next ${when(refund.next_attempt_at)}: ${refund.last_error ?? ''}`] : []),
  ];
  return parts.join('  |  ');
}

export function returnSummary(request: ReturnRow): string {
  const reason = request.reason_text ? `${request.reason}: ${request.reason_text}` : request.reason;
  return [
    `return: ${request.status}`,
    `asked ${when(request.requested_at)}`,
    reason,
    ...(request.upi_id ? [`UPI ${request.upi_id}`] : []),
    ...(request.store_note ? [`note: ${request.store_note}`] : []),
  ].join('  |  ');
}

/** `show`'s lines under each order line: its return and its refund. */
export async function afterSaleOf(db: Db, lines: readonly OrderLineRow[]): Promise<Map<number, string[]>> {
  const returns = await findLineReturns(db, lines.map((l) => Number(l.id)));
  const out = new Map<number, string[]>();
  for (const line of lines) {
    const refund = await findLineRefund(db, Number(line.id));
    const request = returns.get(Number(line.id));
    out.set(Number(line.id), [...(request ? [returnSummary(request)] : []), ...(refund ? [refundSummary(refund)] : [])]);
  }
  return out;
}

/** `show`'s lines about the order's payments: each captured payment, and the refund of any beyond the one that paid it. */
export async function paymentsOf(db: Db, orderNumber: string): Promise<string[]> {
  const { payments, paymentRefunds } = await findGroupPayments(db, orderNumber);
  return [
    ...payments.map((p) =>
      [`payment ${p.provider_payment_id}`, p.provider === 'test' ? 'test gateway (TEST MODE)' : p.provider, formatPaiseAsRupees(Number(p.amount)), p.purpose === 'order' ? 'paid the order' : 'extra, refunded', `refunded ${formatPaiseAsRupees(Number(p.refunded))}`].join('  |  '),
    ),
    ...paymentRefunds.map((r) => `  ${refundSummary(r)}`),
  ];
}

export async function listReturnsCommand(db: Db, status: string | undefined): Promise<void> {
  if (status && !(RETURN_STATUSES as string[]).includes(status)) throw new Error(`Unknown return status "${status}".\n${AFTER_SALE_USAGE}`);
  const rows = await listReturns(db, { status: status as ReturnStatus | undefined, limit: 200 });
  if (rows.length === 0) console.log('No returns.');
  for (const row of rows) {
    const item = `${row.product_name}${row.product_variation ? ` (${row.product_variation})` : ''} x ${row.quantity}`;
    console.log([row.line_number, row.email, item, row.payment_method === 'cod' ? 'COD' : 'Prepaid', returnSummary(row)].join('  |  '));
  }
}

/** approve, reject or receive one line's return; false when nothing changed. */
export async function returnStepCommand(db: Db, line: OrderLineRow, step: ReturnStep, note: string | undefined): Promise<boolean> {
  if (step === 'reject' && !note?.trim()) throw new Error('A rejection needs --note TEXT: the shopper is told why.');
  const outcome = await moveReturnStep(db, line, step, note?.trim() || null);
  console.log(outcome.changed ? `${line.order_number}: ${outcome.status}` : `${line.order_number}: not changed, ${outcome.reason}`);
  return outcome.changed;
}

/** The store paid a returned cash on delivery line's refund by UPI: records the transfer's reference. */
export async function refundCodCommand(db: Db, line: OrderLineRow, reference: string | undefined): Promise<boolean> {
  const utr = reference?.trim();
  if (!utr) throw new Error('refund-cod needs --reference UTR: the reference of the UPI transfer you made.');
  const refund = await findLineRefund(db, Number(line.id));
  if (!refund || refund.provider !== 'manual') {
    console.log(`${line.order_number}: no cash on delivery refund is owed (receive its return first)`);
    return false;
  }
  if (!(await recordManualRefund(db, refund, utr))) {
    console.log(`${line.order_number}: not changed, its refund is ${refund.status} already`);
    return false;
  }
  console.log(`${line.order_number}: refund of ${formatPaiseAsRupees(Number(refund.amount))} to ${refund.upi_id} recorded (reference ${utr})`);
  return true;
}

export async function listRefundsCommand(db: Db, failedOnly: boolean): Promise<void> {
  const rows = await listRefunds(db, { failedOnly, limit: 200 });
  if (rows.length === 0) console.log(failedOnly ? 'No failing refunds.' : 'No refunds.');
  for (const row of rows) console.log(`${row.order_number}${row.order_id !== null ? ` line ${row.order_id}` : ''}  |  ${refundSummary(row)}`);
}
