/**
 * Which of the payment, order-success and order-failure pages an order
 * group belongs on (decision 020), their addresses, and the texts they derive
 * from its state. Pure: the pages and islands decide nothing of their own.
 */
import type { OrderGroup, OrderGroupLine } from './api/orders.ts';
import { ROUTES } from './routes.ts';

export type OrderPage = 'payment' | 'success' | 'failure';

const withOrder = (path: string, orderNumber: string) => `${path}?${new URLSearchParams({ order: orderNumber })}`;

export const paymentPath = (orderNumber: string) => withOrder(ROUTES.payment, orderNumber);
export const orderSuccessPath = (orderNumber: string) => withOrder(ROUTES.orderSuccess, orderNumber);
export const orderFailurePath = (orderNumber: string) => withOrder(ROUTES.orderFailure, orderNumber);

export function orderPagePath(page: OrderPage, orderNumber: string): string {
  if (page === 'payment') return paymentPath(orderNumber);
  return page === 'success' ? orderSuccessPath(orderNumber) : orderFailurePath(orderNumber);
}

/**
 * True while the order still waits for its money and holds its stock:
 * awaiting or declined, before the hold ends. Retry payment and Pay on
 * delivery instead are offered only then (the server decides again).
 */
export function canStillPay(group: OrderGroup, now: Date): boolean {
  if (group.paymentStatus !== 'awaiting' && group.paymentStatus !== 'failed') return false;
  const until = group.payment?.holdExpiresAt ? Date.parse(group.payment.holdExpiresAt) : NaN;
  return Number.isFinite(until) && until > now.getTime();
}

/**
 * Where an order belongs: placed orders (paid, or cash on delivery) on the
 * success page; one that waits for a first payment on the payment page; a
 * declined one, or one whose time ran out, on the failure page.
 */
export function pageForOrder(group: OrderGroup, now: Date): OrderPage {
  if (group.paymentStatus === 'paid' || group.paymentStatus === 'cod') return 'success';
  if (group.paymentStatus === 'awaiting' && canStillPay(group, now)) return 'payment';
  return 'failure';
}

/**
 * Where a page showing `page` sends the shopper instead, or null to stay. The
 * failure page also keeps an order that waits (the shopper closed Razorpay
 * Checkout, or its failure reached us only by webhook): Retry payment serves it.
 */
export function redirectFor(page: OrderPage, group: OrderGroup, now: Date): string | null {
  const belongs = pageForOrder(group, now);
  if (belongs === page) return null;
  if (page === 'failure' && belongs === 'payment') return null;
  return orderPagePath(belongs, group.orderNumber);
}

export type FailureKind = 'declined' | 'not-completed' | 'expired';

/** What happened to an order on the failure page. */
export function failureKind(group: OrderGroup, now: Date): FailureKind {
  if (!canStillPay(group, now)) return 'expired';
  return group.paymentStatus === 'failed' ? 'declined' : 'not-completed';
}

export const FAILURE_TEXTS: Record<FailureKind, { title: string; detail: string }> = {
  declined: {
    title: 'Your payment did not go through',
    detail: 'The payment was declined, so your order is not placed yet. Try the payment again, or pay on delivery instead.',
  },
  'not-completed': {
    title: 'Your payment was not completed',
    detail: 'We have not received the payment for this order yet, so it is not placed. Try the payment again, or pay on delivery instead.',
  },
  expired: {
    title: 'The time to pay for this order has passed',
    detail: 'The items held for this order went back to the store. A payment that reached us too late is refunded automatically. You can order the items again.',
  },
};

/** How the order is paid, as the success page says it. */
export function paymentMethodLabel(group: OrderGroup): string {
  if (group.paymentMethod === 'cod' || group.paymentStatus === 'cod') return 'Cash on delivery';
  return group.paymentStatus === 'paid' ? 'Paid online' : 'Online payment (not paid yet)';
}

/** A line's total: the unit price after the discount times the quantity (SPEC §9). */
export function lineTotalPaise(line: OrderGroupLine): number {
  return line.unitFinalPaise * line.quantity;
}


/** The store is in India: times on its pages are India's. */
export const STORE_TIME_ZONE = 'Asia/Kolkata';

/** When the held stock goes back, as a time of day in India ('10:30 am'); null without a valid time. */
export function holdDeadlineLabel(group: OrderGroup): string | null {
  const until = group.payment?.holdExpiresAt ? Date.parse(group.payment.holdExpiresAt) : NaN;
  if (!Number.isFinite(until)) return null;
  return new Intl.DateTimeFormat('en-IN', { timeZone: STORE_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true }).format(until);
}
