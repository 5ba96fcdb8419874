/**
 * My Orders (SPEC §2 My account, §3 Customer orders state, §4 Orders): the
 * list the server rendered, then the store's. Each order opens the details
 * drawer; focus goes back to it when the drawer closes. Paging is plain links
 * (?page=N), so it works before and without JavaScript.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatPaiseAsRupees } from '../../lib/money.ts';
import { orderDateLabel, orderSummary, statusLabel, type CustomerOrder, type OrdersPage } from '../../lib/orders.ts';
import { refundHint, returnSummary } from '../../lib/refunds.ts';
import { ROUTES } from '../../lib/routes.ts';
import { $orderPopup, openOrderPopup, refreshPopupOrder } from '../../stores/order-popup.ts';
import { $orders, adoptOrders } from '../../stores/orders.ts';
import OrderDrawer from './OrderDrawer.tsx';
import OrderImage from './OrderImage.tsx';

interface Props {
  initial: { page: OrdersPage } | { error: string };
}

const pageHref = (page: number) => (page > 1 ? `${ROUTES.myOrders}?page=${page}` : ROUTES.myOrders);

/** A row's word on its return, else its refund; the drawer says the rest. */
function AfterSaleHint({ order }: { order: CustomerOrder }) {
  const hint = returnSummary(order)?.label ?? (order.refund ? refundHint(order.refund) : null);
  return hint && <span className="text-sm opacity-80">{hint}</span>;
}

export default function MyOrders({ initial }: Props) {
  const state = useStore($orders);
  const popup = useStore($orderPopup);
  const [hydrated, setHydrated] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    adoptOrders(initial);
    setHydrated(true);
    // Only the page the server rendered is adopted (once); later changes come from the store.
  }, []);

  // A cancel reloads the list: the open drawer shows the order's new status.
  useEffect(() => refreshPopupOrder(state.orders), [state.orders]);

  // Until the store holds the rendered page, render what the server did (same HTML at hydration).
  const view = hydrated && state.loaded ? state : 'page' in initial ? { ...initial.page, error: null } : { orders: [], currentPage: 1, lastPage: 1, error: initial.error };

  const open = (order: CustomerOrder, button: HTMLButtonElement) => {
    opener.current = button;
    openOrderPopup(order);
  };

  const failure = view.error && (
    <p role="alert" className="mb-4 rounded-xl border border-red-700/40 bg-red-50 px-4 py-6 text-red-800">
      {view.error}
    </p>
  );

  // A failed reload keeps the orders already shown under its message.
  if (failure && view.orders.length === 0) return failure;

  // A page past the last (an old link): the orders are on the first page.
  if (view.orders.length === 0 && view.currentPage > 1) {
    return (
      <div className="rounded-xl border border-dashed border-current/20 px-4 py-10 text-center">
        <p>There are no orders on this page.</p>
        <a href={pageHref(1)} className="mt-4 inline-flex font-medium underline underline-offset-4">
          Go to page 1
        </a>
      </div>
    );
  }

  if (view.orders.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-current/20 px-4 py-10 text-center">
        <p>You have no orders yet.</p>
        <a href={ROUTES.shop} className="mt-4 inline-flex rounded-md bg-button px-5 py-2.5 text-sm font-semibold text-on-button hover:opacity-90">
          Start shopping
        </a>
      </div>
    );
  }

  return (
    <>
      {failure}
      <ul role="list" aria-label="Your orders" className="space-y-3">
        {view.orders.map((order) => (
          <li key={order.orderId}>
            <button
              type="button"
              aria-haspopup="dialog"
              disabled={!hydrated}
              onClick={(event) => open(order, event.currentTarget)}
              className="flex w-full items-center gap-4 rounded-xl border border-current/15 p-3 text-left transition-colors hover:bg-current/5 disabled:cursor-default"
            >
              <OrderImage order={order} className="w-16 sm:w-20" />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-semibold">{order.productName}</span>
                {order.productVariation && <span className="text-sm opacity-80">Size: {order.productVariation}</span>}
                <span className="text-sm opacity-80">
                  Order {order.orderNumber} · {orderDateLabel(order.orderDate)}
                </span>
                <span className="text-sm font-medium">{statusLabel(order.status)}</span>
                <AfterSaleHint order={order} />
              </span>
              <span className="shrink-0 font-semibold tabular-nums">{formatPaiseAsRupees(orderSummary(order).totalPaise)}</span>
            </button>
          </li>
        ))}
      </ul>
      {view.lastPage > 1 && (
        <nav aria-label="Pagination" className="mt-6 flex flex-wrap gap-2">
          {Array.from({ length: view.lastPage }, (_, index) => index + 1).map((page) => (
            <a
              key={page}
              href={pageHref(page)}
              aria-current={page === view.currentPage ? 'page' : undefined}
              aria-label={`Page ${page}`}
              className="inline-flex size-9 items-center justify-center rounded-md border border-current/20 text-sm aria-[current=page]:bg-button aria-[current=page]:text-on-button"
            >
              {page}
            </a>
          ))}
        </nav>
      )}
      {popup.order && <OrderDrawer popup={popup} customer={state.customer} returnFocus={opener} />}
    </>
  );
}
