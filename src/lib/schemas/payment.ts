import { z } from 'zod';

/**
 * Request schemas of the payment calls (API-NOTES "Payments"): every call
 * names the order group by its order number (`reference`); a confirmation
 * adds the provider's proof, read by the provider's own adapter.
 */
export const PAYMENT_FIELD_MESSAGES = { reference: 'Order number is not valid' } as const;

/** `OD` and 12 digits (api/checkout/checkout.service.ts). */
export const ORDER_NUMBER_PATTERN = /^OD\d{12}$/;

const referenceField = z
  .string({ error: PAYMENT_FIELD_MESSAGES.reference })
  .trim()
  .regex(ORDER_NUMBER_PATTERN, PAYMENT_FIELD_MESSAGES.reference);

export const paymentReferenceSchema = z.object({ reference: referenceField });

/** The proof's fields are strings of modest length; which ones count is the provider's business. */
const proofValue = z.string().max(200).optional();
export const paymentConfirmSchema = z.object({
  reference: referenceField,
  outcome: proofValue,
  method: proofValue,
  razorpay_order_id: proofValue,
  razorpay_payment_id: proofValue,
  razorpay_signature: proofValue,
});
