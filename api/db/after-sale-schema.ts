/** Row types of money after the sale (payments, refunds, returns; migration 022, decision 065); see schema.ts. */
import type { Generated } from 'kysely';
import type { ReturnStatus } from '../../src/lib/constants.ts';

export type PaymentPurpose = 'order' | 'extra';

export interface PaymentsTable {
  id: Generated<number>;
  order_number: string;
  attempt_id: number | null;
  provider: string;
  provider_payment_id: string;
  /** Paise captured. */
  amount: number;
  /** Paise written as refunds against it; a CHECK keeps it within `amount`. */
  refunded: Generated<number>;
  purpose: PaymentPurpose;
  method: string | null;
  created_at: string;
}

export type RefundReason = 'cancelled' | 'returned' | 'extra payment';
export type RefundRowStatus = 'queued' | 'pending' | 'processed' | 'failed' | 'manual';
export type RefundProvider = 'test' | 'razorpay' | 'manual';

export interface RefundsTable {
  id: Generated<number>;
  refund_key: string;
  order_number: string;
  order_id: number | null;
  payment_id: number | null;
  provider: RefundProvider;
  amount: number;
  reason: RefundReason;
  status: RefundRowStatus;
  idempotency_key: string;
  provider_refund_id: string | null;
  reference: string | null;
  upi_id: string | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
}

export interface ReturnsTable {
  id: Generated<number>;
  order_id: number;
  order_number: string;
  customer_id: number;
  reason: string;
  reason_text: string | null;
  upi_id: string | null;
  status: ReturnStatus;
  store_note: string | null;
  requested_at: string;
  decided_at: string | null;
  received_at: string | null;
  refunded_at: string | null;
  updated_at: string;
}
