/**
 * Order popup state (SPEC §3): open and the selected order. SPEC §2, §9: the
 * drawer opens 10 ms after an order is chosen (so it can slide in) and closes
 * by clearing the order 300 ms after it is told to (so it can slide out).
 */
import { atom } from 'nanostores';
import { ORDER_POPUP_CLOSE_DELAY_MS, ORDER_POPUP_OPEN_DELAY_MS } from '../lib/constants.ts';
import type { CustomerOrder } from '../lib/orders.ts';

export interface OrderPopupState {
  open: boolean;
  order: CustomerOrder | null;
}

export const INITIAL_ORDER_POPUP: OrderPopupState = Object.freeze({ open: false, order: null });

export const $orderPopup = atom<OrderPopupState>(INITIAL_ORDER_POPUP);

let timer: ReturnType<typeof setTimeout> | undefined;

export function openOrderPopup(order: CustomerOrder): void {
  clearTimeout(timer);
  $orderPopup.set({ open: false, order });
  timer = setTimeout(() => $orderPopup.set({ open: true, order }), ORDER_POPUP_OPEN_DELAY_MS);
}

export function closeOrderPopup(): void {
  clearTimeout(timer);
  const { order } = $orderPopup.get();
  if (!order) return;
  $orderPopup.set({ open: false, order });
  timer = setTimeout(() => $orderPopup.set(INITIAL_ORDER_POPUP), ORDER_POPUP_CLOSE_DELAY_MS);
}

/** The drawer shows the order's fresh copy after the list is reloaded (a cancel changes its status). */
export function refreshPopupOrder(orders: readonly CustomerOrder[]): void {
  const { open, order } = $orderPopup.get();
  if (!order) return;
  const fresh = orders.find((candidate) => candidate.orderId === order.orderId);
  if (fresh && fresh !== order) $orderPopup.set({ open, order: fresh });
}
