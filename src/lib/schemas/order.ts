import { z } from 'zod';
import { CANCEL_REASONS } from '../constants.ts';
import { EXTRA_FIELD_MESSAGES, FIELD_MESSAGES, withFormInput } from './fields.ts';

/**
 * The Cancel Order dialog and POST /customer/cancel-order (SPEC §2, §3 "Cancel
 * payload", §5 "Cancel reason"): order_id, reject_reason_select (one of
 * CANCEL_REASONS) and reject_reason_input, required when the reason is Other
 * and sent only when non-blank, trimmed. Unknown fields are dropped.
 */

export type CancelReason = (typeof CANCEL_REASONS)[number];
/** The reason that asks for the shopper's own words. */
export const OTHER_CANCEL_REASON: CancelReason = 'Other';
/** Our own bound on the typed reason (SPEC gives none). */
export const CANCEL_REASON_INPUT_MAX_LENGTH = 500;
export const CANCEL_REASON_INPUT_TOO_LONG = `Reason can be at most ${CANCEL_REASON_INPUT_MAX_LENGTH} characters`;
/** Ids are 32-bit integers in both databases. */
const MAX_ID = 2_147_483_647;

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && (CANCEL_REASONS as readonly string[]).includes(value);
}

type Ctx = z.core.$RefinementCtx;
// `continue: true` keeps the object's own check (the Other reason) running beside a field's issue.
const report = (ctx: Ctx, message: string, path?: string[]): never => {
  ctx.addIssue({ code: 'custom', message, continue: true, ...(path ? { path } : {}) });
  return z.NEVER;
};

/** The order id as a number or a digit string (a form value). */
const orderIdField = withFormInput<number>()(
  z.unknown().transform((v, ctx): number => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= 1 && n <= MAX_ID ? n : report(ctx, EXTRA_FIELD_MESSAGES.orderIdInvalid);
  }),
);

/** Absent: 'Please select a reason'; blank or not one of CANCEL_REASONS: 'Please select a valid reason'. */
const cancelReasonField = withFormInput<string>()(
  z.unknown().transform((v, ctx): CancelReason => {
    if (v === undefined || v === null) return report(ctx, FIELD_MESSAGES.cancelReasonRequired);
    const reason = typeof v === 'string' ? v.trim() : v;
    return isCancelReason(reason) ? reason : report(ctx, FIELD_MESSAGES.cancelReasonInvalid);
  }),
);

/** Kept as given here; the object decides whether it is needed. */
const reasonInputField = withFormInput<string>()(z.unknown().optional());

const reasonText = (raw: unknown): string => (typeof raw === 'string' ? raw.trim() : '');

export const cancelOrderSchema = z
  .object({
    order_id: orderIdField,
    reject_reason_select: cancelReasonField,
    reject_reason_input: reasonInputField,
  })
  .superRefine((v, ctx) => {
    const raw = v.reject_reason_input;
    const text = reasonText(raw);
    if (v.reject_reason_select === OTHER_CANCEL_REASON) {
      // Absent or empty: the shopper wrote nothing; only spaces: they wrote nothing that counts.
      if (raw === undefined || raw === null || raw === '') {
        report(ctx, FIELD_MESSAGES.cancelReasonInputRequired, ['reject_reason_input']);
      } else if (text === '') {
        report(ctx, FIELD_MESSAGES.cancelReasonInputEmpty, ['reject_reason_input']);
      }
    }
    if (text.length > CANCEL_REASON_INPUT_MAX_LENGTH) {
      report(ctx, CANCEL_REASON_INPUT_TOO_LONG, ['reject_reason_input']);
    }
  })
  .transform((v) => {
    const text = reasonText(v.reject_reason_input);
    return {
      order_id: v.order_id,
      reject_reason_select: v.reject_reason_select,
      ...(text ? { reject_reason_input: text } : {}),
    };
  });
export type CancelOrderRequest = z.output<typeof cancelOrderSchema>;
