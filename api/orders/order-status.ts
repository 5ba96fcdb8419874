import { CANCELLABLE_STATUSES, ORDER_STATUS, type OrderStatus } from '../../src/lib/constants.ts';

/**
 * An order line's way through its statuses (SECURITY 18): which status may
 * follow which, for the store. Shoppers cancel only from SPEC's five; the
 * store may also cancel an order still waiting for its payment, but never
 * place one: a payment (or the shopper's switch to cash on delivery) places
 * it, under the group's hold, whose end gives back the stock of every line
 * not cancelled (decision 051). Stock comes back with a cancellation, so
 * nothing already shipped can be cancelled.
 */
const S = ORDER_STATUS;

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  [S.awaitingPayment]: [S.cancelled],
  [S.paymentFailed]: [S.cancelled],
  [S.placed]: [S.confirmed, S.dispatchedFromRetailer, S.processedByWholesaler, S.readyForPickup, S.shipped, S.cancelled],
  [S.confirmed]: [S.dispatchedFromRetailer, S.processedByWholesaler, S.readyForPickup, S.shipped, S.cancelled],
  [S.dispatchedFromRetailer]: [S.readyForPickup, S.shipped, S.outForDelivery, S.cancelled],
  [S.processedByWholesaler]: [S.readyForPickup, S.shipped, S.outForDelivery, S.cancelled],
  [S.readyForPickup]: [S.shipped, S.outForDelivery, S.delivered, S.cancelled],
  [S.shipped]: [S.outForDelivery, S.delivered],
  [S.outForDelivery]: [S.delivered],
  [S.delivered]: [],
  [S.cancelled]: [],
};

export const ALL_STATUSES = Object.values(S) as OrderStatus[];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ALL_STATUSES as string[]).includes(value);
}

/** The statuses that may follow `from` (none for an unknown one). */
export function nextStatuses(from: string): readonly OrderStatus[] {
  return isOrderStatus(from) ? NEXT[from] : [];
}

export function canMove(from: string, to: string): boolean {
  return nextStatuses(from).includes(to as OrderStatus);
}

/** The statuses a move to `to` may start from: the one statement's guard. */
export function statusesBefore(to: OrderStatus): OrderStatus[] {
  return ALL_STATUSES.filter((from) => NEXT[from].includes(to));
}

export function shopperMayCancel(status: string): boolean {
  return (CANCELLABLE_STATUSES as readonly string[]).includes(status);
}
