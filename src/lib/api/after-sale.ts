/**
 * The refund and return fields every order line carries, in GET
 * /customer/orders and GET /orders/{number}: `refund`, `return_status`,
 * `return_note`, `returnable_until`. Each may be absent (a server on the older
 * contract sends none of them): absent reads as null, and `test_mode` as false.
 */
import { z } from 'zod';
import { REFUND_STATUSES, RETURN_STATUS } from '../constants.ts';
import { rupeesToPaise } from '../money.ts';
import type { LineAfterSale } from '../refunds.ts';

const amountPaise = z.union([z.string(), z.number()]).transform((value, ctx): number => {
  const paise = rupeesToPaise(value);
  if (paise === null) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return paise;
});
const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v));

const refundSchema = z.object({
  amount: amountPaise,
  status: z.enum(REFUND_STATUSES),
  initiated_at: z.string(),
  processed_at: optionalText,
  test_mode: z.boolean().nullish(),
});

/** Spread into a line's zod object; `afterSaleOf` reads them back out in its transform. */
export const AFTER_SALE_FIELDS = {
  refund: refundSchema.nullish(),
  return_status: z.enum(Object.values(RETURN_STATUS)).nullish(),
  return_note: optionalText,
  returnable_until: optionalText,
};

type AfterSaleWire = z.output<z.ZodObject<typeof AFTER_SALE_FIELDS>>;

/** The storefront's view of a parsed line's refund and return fields. */
export function afterSaleOf(line: AfterSaleWire): LineAfterSale {
  const refund = line.refund;
  return {
    refund: refund
      ? { amountPaise: refund.amount, status: refund.status, initiatedAt: refund.initiated_at, processedAt: refund.processed_at, testMode: refund.test_mode === true }
      : null,
    returnStatus: line.return_status ?? null,
    returnNote: line.return_note,
    returnableUntil: line.returnable_until,
  };
}
