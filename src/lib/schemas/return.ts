import { z } from 'zod';
import { RETURN_REASONS } from '../constants.ts';
import { EXTRA_FIELD_MESSAGES, withFormInput } from './fields.ts';
import { CANCEL_REASON_INPUT_MAX_LENGTH, CANCEL_REASON_INPUT_TOO_LONG } from './order.ts';

/**
 * The Return dialog and POST /customer/return-order: order_id (the line),
 * reason (one of RETURN_REASONS), reason_text (required for Other; trimmed,
 * sent only when non-blank) and upi_id (where a cash on delivery line's
 * refund goes; the service requires it for such a line). Unknown fields are dropped.
 */
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const OTHER_RETURN_REASON: ReturnReason = 'Other';
/** A UPI ID (virtual payment address): a handle of letters, digits, dot, dash or underscore, '@', and the provider's name. */
export const UPI_ID_PATTERN = /^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,63}$/;
const MAX_ID = 2_147_483_647;
const M = EXTRA_FIELD_MESSAGES;

export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === 'string' && (RETURN_REASONS as readonly string[]).includes(value);
}

type Ctx = z.core.$RefinementCtx;
const report = (ctx: Ctx, message: string, path?: string[]): never => {
  ctx.addIssue({ code: 'custom', message, continue: true, ...(path ? { path } : {}) });
  return z.NEVER;
};

/** A UPI ID as typed: trimmed and lower-cased (UPI IDs are not case-sensitive); blank is none. */
export function normaliseUpiId(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toLowerCase() : '';
}

export function isUpiId(value: string): boolean {
  return UPI_ID_PATTERN.test(value);
}

const lineIdField = withFormInput<number>()(
  z.unknown().transform((v, ctx): number => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : report(ctx, M.orderIdInvalid);
  }),
);

const reasonField = withFormInput<string>()(
  z.unknown().transform((v, ctx): ReturnReason => {
    if (v === undefined || v === null || v === '') return report(ctx, M.returnReasonRequired);
    const reason = typeof v === 'string' ? v.trim() : v;
    return isReturnReason(reason) ? reason : report(ctx, M.returnReasonInvalid);
  }),
);

const looseText = withFormInput<string>()(z.unknown().optional());
const text = (raw: unknown): string => (typeof raw === 'string' ? raw.trim() : '');

export const returnOrderSchema = z
  .object({ order_id: lineIdField, reason: reasonField, reason_text: looseText, upi_id: looseText })
  .superRefine((v, ctx) => {
    const reasonText = text(v.reason_text);
    if (v.reason === OTHER_RETURN_REASON && reasonText === '') report(ctx, M.returnReasonTextRequired, ['reason_text']);
    if (reasonText.length > CANCEL_REASON_INPUT_MAX_LENGTH) report(ctx, CANCEL_REASON_INPUT_TOO_LONG, ['reason_text']);
    const upi = normaliseUpiId(v.upi_id);
    if (upi !== '' && !isUpiId(upi)) report(ctx, M.upiIdInvalid, ['upi_id']);
  })
  .transform((v) => {
    const reasonText = text(v.reason_text);
    const upi = normaliseUpiId(v.upi_id);
    return { order_id: v.order_id, reason: v.reason, ...(reasonText ? { reason_text: reasonText } : {}), ...(upi ? { upi_id: upi } : {}) };
  });
export type ReturnOrderRequest = z.output<typeof returnOrderSchema>;
