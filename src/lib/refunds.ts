/**
 * What a shopper reads about a line's refund and return (My Orders, the order
 * drawer, the order-success page): the refund sentence, the return status with
 * the store's note, and until when a return may be asked for. Pure, the same
 * text on the server and in the browser.
 */
import { RETURN_STATUS, type RefundStatus, type ReturnStatus } from './constants.ts';
import { REFUND_TEXTS } from './messages.ts';
import { formatPaiseAsRupees } from './money.ts';
import { STORE_TIME_ZONE } from './order-pages.ts';
import { statusLabel } from './orders.ts';

/** A line's refund as the storefront holds it (parsed from the line's `refund`). */
export interface LineRefund {
  amountPaise: number;
  status: RefundStatus;
  /** ISO time the refund was started. */
  initiatedAt: string;
  /** ISO time the provider paid it out; null until then. */
  processedAt: string | null;
  /** Made by the built-in test gateway: no money moved. */
  testMode: boolean;
}

/** The refund and return fields every order line carries (absent from an older server: null). */
export interface LineAfterSale {
  refund: LineRefund | null;
  returnStatus: ReturnStatus | null;
  /** The store's note on the return (shown when it was rejected). */
  returnNote: string | null;
  /** ISO time until which the shopper may ask to return the line; null when a return cannot be asked for now. */
  returnableUntil: string | null;
}

/** Nothing refunded, nothing returned: what a line from a server without refunds reads as. */
export const NO_AFTER_SALE: LineAfterSale = Object.freeze({ refund: null, returnStatus: null, returnNote: null, returnableUntil: null });

// Month names of our own, not Intl's: ICU versions differ ('Sep' or 'Sept'), and the server's HTML and
// the browser's render must read the same. Intl only finds the day and month in India's time.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_AND_MONTH = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'numeric', timeZone: STORE_TIME_ZONE });

/** '29 Nov': the day and short month in India's time; the text as given when it is not a time. */
export function dayMonthLabel(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const parts = DAY_AND_MONTH.formatToParts(time);
  const day = parts.find((part) => part.type === 'day')?.value ?? '';
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  return `${day} ${MONTHS[month - 1] ?? ''}`.trim();
}

/** 'Refund of ₹629.10 initiated on 29 Nov; ...', '... processed on 30 Nov', '... failed; we are retrying it'. */
export function refundSentence(refund: LineRefund): string {
  const amount = formatPaiseAsRupees(refund.amountPaise);
  if (refund.status === 'failed') return REFUND_TEXTS.failed(amount);
  // A processed refund without its time (not expected) still says when it started.
  if (refund.status === 'processed') return REFUND_TEXTS.processed(amount, dayMonthLabel(refund.processedAt ?? refund.initiatedAt));
  return REFUND_TEXTS.initiated(amount, dayMonthLabel(refund.initiatedAt));
}

/** A few words for a row of My Orders: 'Refund Initiated', 'Refund Processed', 'Refund Failed'. */
export function refundHint(refund: LineRefund): string {
  return REFUND_TEXTS.hint[refund.status];
}

export interface ReturnSummary {
  /** 'Return Requested', 'Return Rejected', 'Refunded', ... */
  label: string;
  /** 'Note from the store: ...', for a rejected return with a note. */
  note: string | null;
}

/** The return's status as shown (each word capitalised, as order statuses are), with the store's note when it was rejected. */
export function returnSummary(line: Pick<LineAfterSale, 'returnStatus' | 'returnNote'>): ReturnSummary | null {
  if (!line.returnStatus) return null;
  const note = line.returnStatus === RETURN_STATUS.rejected ? line.returnNote?.trim() : undefined;
  return { label: statusLabel(line.returnStatus), note: note ? REFUND_TEXTS.storeNote(note) : null };
}

/** 'You can return this item until 6 Dec' when a return may be asked for now (the Return button shows then); else null. */
export function returnWindowText(line: Pick<LineAfterSale, 'returnableUntil'>): string | null {
  return line.returnableUntil === null ? null : REFUND_TEXTS.returnableUntil(dayMonthLabel(line.returnableUntil));
}

/** The line with its return asked for: what the server holds once it has said yes. */
export function withReturnRequested<T extends LineAfterSale & { orderId: number }>(lines: readonly T[], orderId: number): T[] {
  return lines.map((line) => (line.orderId === orderId ? { ...line, returnStatus: RETURN_STATUS.requested, returnableUntil: null } : line));
}
