/** Row types of the buying side (coupons, orders, their groups and history, payments); see schema.ts. */
import type { Generated } from 'kysely';

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'flat';
  value: number;
  min_order_amount: Generated<number>;
  max_discount: number | null;
  starts_at: string | null;
  expires_at: string | null;
  usage_limit: number | null;
  used_count: Generated<number>;
  active: Generated<number>;
  created_at: string;
  /** Null: no limit per customer. */
  per_customer_limit: number | null;
}

export interface OrdersTable {
  id: Generated<number>;
  order_number: string;
  checkout_ref: string;
  customer_id: number;
  product_id: number | null;
  variant_id: number | null;
  retailer_id: number | null;
  wholesaler_id: number | null;
  product_name: string;
  product_slug: string;
  product_variation: string | null;
  cover_image: Generated<string>;
  product_images: Generated<string>;
  quantity: number;
  price: number;
  final_amount: number;
  discount_amount: Generated<number>;
  coupon_id: number | null;
  status: string;
  payment_method: 'cod' | 'prepaid';
  full_name: string;
  email: string;
  phone_number: string;
  alt_phone_number: string | null;
  address: Generated<string>;
  pincode: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  cancel_reason: string | null;
  cancel_reason_text: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /** When the line reached 'order has been delivered' (migration 022): the return window counts from it. */
  delivered_at: Generated<string | null>;
}

export interface OrderGroupsTable {
  id: Generated<number>;
  /** The order number a shopper sees; the group's lines carry it as `orders.checkout_ref`. */
  order_number: string;
  customer_id: number;
  payment_method: 'cod' | 'prepaid';
  subtotal: number;
  discount: Generated<number>;
  total: number;
  coupon_id: number | null;
  hold_expires_at: string | null;
  created_at: string;
  payment_status: Generated<PaymentStatus>;
  paid_at: string | null;
}

export type PaymentStatus = 'cod' | 'awaiting' | 'failed' | 'paid' | 'expired';
export type AttemptStatus = 'created' | 'paid' | 'failed' | 'refund_due' | 'refunded';

export interface PaymentAttemptsTable {
  id: Generated<number>;
  order_number: string;
  provider: string;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  amount: number;
  currency: string;
  status: AttemptStatus;
  method: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  event_type: string;
  created_at: string;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: string | null;
  status: string;
  changed_by: string;
  note: string | null;
  created_at: string;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  customer_id: number;
  checkout_ref: string;
  created_at: string;
}
