import { describe, expect, it } from 'vitest';
import { CANCELLABLE_STATUSES, ORDER_STATUS } from '../../src/lib/constants.ts';
import { canMove, nextStatuses, shopperMayCancel, statusesBefore } from '../../api/orders/order-status.ts';

describe('order statuses', () => {
  it('lets a shopper cancel from SPEC’s five statuses only', () => {
    for (const status of Object.values(ORDER_STATUS)) {
      expect(shopperMayCancel(status)).toBe((CANCELLABLE_STATUSES as readonly string[]).includes(status));
    }
    expect(CANCELLABLE_STATUSES).toEqual([
      'order has been placed',
      'order is confirmed',
      'order has been dispatched from retailer',
      'order is processed by wholesaler',
      'order is ready for pickup',
    ]);
  });

  it('moves forward only: nothing follows delivered or cancelled, and nothing shipped is cancelled', () => {
    expect(nextStatuses(ORDER_STATUS.delivered)).toEqual([]);
    expect(nextStatuses(ORDER_STATUS.cancelled)).toEqual([]);
    expect(canMove(ORDER_STATUS.shipped, ORDER_STATUS.cancelled)).toBe(false);
    expect(canMove(ORDER_STATUS.placed, ORDER_STATUS.delivered)).toBe(false);
    expect(canMove(ORDER_STATUS.confirmed, ORDER_STATUS.shipped)).toBe(true);
    expect(canMove('not a status', ORDER_STATUS.placed)).toBe(false);
  });

  it('lets the store only cancel a line that waits for its payment, never place it', () => {
    expect(nextStatuses(ORDER_STATUS.awaitingPayment)).toEqual([ORDER_STATUS.cancelled]);
    expect(nextStatuses(ORDER_STATUS.paymentFailed)).toEqual([ORDER_STATUS.cancelled]);
  });

  it('names every status a cancellation may start from', () => {
    expect(statusesBefore(ORDER_STATUS.cancelled).sort()).toEqual(
      [ORDER_STATUS.awaitingPayment, ORDER_STATUS.paymentFailed, ...CANCELLABLE_STATUSES].sort(),
    );
  });
});
