/**
 * Customer orders state (SPEC §3) and its transitions (SPEC §4 Orders):
 * fetch (loading on, error cleared; the orders, or the message / 'Failed to
 * fetch orders'), cancel (loading; the result; after a truthy status the
 * orders are refetched and the server's message is toasted), return (the
 * same, for a delivered line), and clear, which sign-out runs. Not persisted: the server holds the orders.
 */
import { atom } from 'nanostores';
import { cancelCustomerOrder, getCustomerOrders, returnCustomerOrder } from '../lib/api/customer-orders.ts';
import type { ApiClient } from '../lib/api/client.ts';
import type { Outcome } from '../lib/api/parsed.ts';
import { MESSAGES, REFUND_TEXTS } from '../lib/messages.ts';
import { withLineCancelled, type CustomerOrder, type OrderCustomer, type OrdersPage } from '../lib/orders.ts';
import { withReturnRequested } from '../lib/refunds.ts';
import type { CancelOrderRequest } from '../lib/schemas/order.ts';
import type { ReturnOrderRequest } from '../lib/schemas/return.ts';
import { $auth } from './auth.ts';
import { showToast } from './toast.ts';

export interface OrdersState {
  orders: CustomerOrder[];
  /** SHIP TO: the first of the answer's customerData. */
  customer: OrderCustomer | null;
  currentPage: number;
  lastPage: number;
  /** The last cancel's result: the server's messages. */
  cancelOrder: string[];
  loading: boolean;
  error: string | null;
  /** The orders came from the server (or its rendered page), so the list means something. */
  loaded: boolean;
}

export const INITIAL_ORDERS: OrdersState = Object.freeze({
  orders: [],
  customer: null,
  currentPage: 1,
  lastPage: 1,
  cancelOrder: [],
  loading: false,
  error: null,
  loaded: false,
});

export const $orders = atom<OrdersState>(INITIAL_ORDERS);

const update = (patch: Partial<OrdersState>) => $orders.set({ ...$orders.get(), ...patch });

/**
 * The page the server rendered, taken as the state so the island starts where
 * the HTML is. The island calls it once, when it hydrates: a failed read is
 * toasted then, as a failed fetch is (SPEC §8), and not on later renders.
 */
export function adoptOrders(outcome: { page: OrdersPage } | { error: string }): void {
  if ('page' in outcome) update({ ...pageState(outcome.page), error: null, loading: false, loaded: true });
  else {
    update({ ...INITIAL_ORDERS, error: outcome.error, loaded: true });
    showToast('error', outcome.error);
  }
}

function pageState(page: OrdersPage): Partial<OrdersState> {
  return { orders: page.orders, customer: page.customer, currentPage: page.currentPage, lastPage: page.lastPage };
}

let fetchRound = 0;

/** SPEC §4 Orders, fetch. Resolves to the call's outcome (null when signed out: nothing is asked). */
export async function fetchOrders(api: ApiClient, page = $orders.get().currentPage): Promise<Outcome<OrdersPage> | null> {
  if (!$auth.get().isAuthenticated) return null;
  const round = ++fetchRound;
  update({ loading: true, error: null });
  const outcome = await getCustomerOrders(api, page, { key: 'customer-orders' });
  // A newer fetch (or a sign-out) owns the state now.
  if (round !== fetchRound) return outcome;
  if (outcome.ok) update({ ...pageState(outcome.value), loading: false, loaded: true });
  else if (outcome.cancelled) update({ loading: false });
  else {
    const message = outcome.messages[0] ?? MESSAGES.orders.fetchFailed;
    update({ loading: false, error: message, loaded: true });
    // SPEC §8: errors show as toasts too.
    showToast('error', message);
  }
  return outcome;
}

/**
 * SPEC §4 Orders, cancel: nothing happens when signed out. After a truthy
 * status the orders are refetched and the server's message shows; a failure
 * shows its message, else 'Failed to cancel order'.
 */
export async function cancelOrder(api: ApiClient, payload: CancelOrderRequest): Promise<Outcome<true> | null> {
  if (!$auth.get().isAuthenticated) return null;
  update({ loading: true });
  const outcome = await cancelCustomerOrder(api, payload);
  if (outcome.ok) {
    // Cancelled at once in the list and the open drawer, also if the reload below fails.
    update({ loading: false, cancelOrder: outcome.messages, orders: withLineCancelled($orders.get().orders, payload.order_id) });
    await fetchOrders(api);
    for (const message of outcome.messages) showToast('success', message);
  } else if (outcome.cancelled) {
    update({ loading: false });
  } else {
    const messages = outcome.messages.length > 0 ? outcome.messages : [MESSAGES.orders.cancelFailed];
    update({ loading: false, error: messages[0] ?? MESSAGES.orders.cancelFailed });
    for (const message of messages) showToast('error', message);
  }
  return outcome;
}

/**
 * Asks to return a delivered line. After a yes the line reads 'return
 * requested' at once, the orders are refetched and the server's message
 * shows; a refusal shows its message, else 'Failed to request return'.
 * Nothing happens when signed out.
 */
export async function returnOrder(api: ApiClient, payload: ReturnOrderRequest): Promise<Outcome<true> | null> {
  if (!$auth.get().isAuthenticated) return null;
  update({ loading: true });
  const outcome = await returnCustomerOrder(api, payload);
  if (outcome.ok) {
    // Requested at once in the list and the open drawer, also if the reload below fails.
    update({ loading: false, orders: withReturnRequested($orders.get().orders, payload.order_id) });
    await fetchOrders(api);
    for (const message of outcome.messages) showToast('success', message);
  } else if (outcome.cancelled) {
    update({ loading: false });
  } else {
    const messages = outcome.messages.length > 0 ? outcome.messages : [REFUND_TEXTS.returnFailed];
    update({ loading: false, error: messages[0] ?? REFUND_TEXTS.returnFailed });
    for (const message of messages) showToast('error', message);
  }
  return outcome;
}

/** SPEC §4: the list cleared (orders emptied, loading false, error cleared). */
export function clearOrders(): void {
  fetchRound += 1;
  $orders.set(INITIAL_ORDERS);
}

// Cleared on sign-out (here or in another tab), so no one else's orders linger.
$auth.listen((state) => {
  if (!state.isAuthenticated && $orders.get() !== INITIAL_ORDERS) clearOrders();
});
