/**
 * The order details drawer (SPEC §2 Order details drawer, §3 Order popup
 * state, §9): a native <dialog> shown modal, so the page behind is inert, and
 * Tab wraps around inside it while it is open. It slides in once `open` turns
 * true (10 ms after the order was chosen) and out when it turns false; the
 * store clears the order 300 ms later, which removes it. Escape and a click
 * outside close it; focus then goes back to the order that opened it.
 * The line's refund and return show under it; a delivered line within its
 * window offers Return, whose dialog loads when pressed.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { SHIPPING_COST_LABEL } from '../../lib/constants.ts';
import { REFUND_TEXTS } from '../../lib/messages.ts';
import { formatPaiseAsRupees } from '../../lib/money.ts';
import { canCancel, orderDateLabel, orderSummary, paymentLabel, statusLabel, type OrderCustomer } from '../../lib/orders.ts';
import { refundSentence, returnSummary, returnWindowText } from '../../lib/refunds.ts';
import { closeOrderPopup, type OrderPopupState } from '../../stores/order-popup.ts';
import { CloseIcon } from '../ui/Icons.tsx';
import { useCopied } from '../ui/use-copied.ts';
import CancelOrderDialog from './CancelOrderDialog.tsx';
import OrderImage from './OrderImage.tsx';
import { wrapTab } from '../ui/wrap-tab.ts';

// Few lines can be returned at any time, so its code comes only when Return is pressed.
const ReturnOrderDialog = lazy(() => import('./ReturnOrderDialog.tsx'));

interface Props {
  popup: OrderPopupState;
  customer: OrderCustomer | null;
  returnFocus: RefObject<HTMLElement | null>;
}

const heading = 'text-xs font-semibold tracking-wider opacity-70';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="opacity-80">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

export default function OrderDrawer({ popup, customer, returnFocus }: Props) {
  const order = popup.order!;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const { copied, copy: copyText } = useCopied();
  const [cancelling, setCancelling] = useState(false);
  const [returning, setReturning] = useState(false);
  const summary = orderSummary(order);
  const returned = returnSummary(order);
  const returnWindow = returnWindowText(order);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      returnFocus.current?.focus();
    };
  }, [returnFocus]);

  const copy = async () => {
    if (await copyText(order.orderNumber)) return;
    // No clipboard here: select the number so the shopper can copy it.
    const number = document.getElementById(`${titleId}-number`);
    if (number) window.getSelection()?.selectAllChildren(number);
  };

  // The cancel dialog leaves the page before it closes, so the browser gives focus back to nothing: focus
  // goes back to Cancel Order, or, after a cancel has removed that button, to the drawer's close button.
  const endCancelling = () => {
    setCancelling(false);
    requestAnimationFrame(() => (cancelRef.current ?? closeRef.current)?.focus());
  };

  // The same for the return dialog: back to Return, or to the close button once the return is asked for.
  const endReturning = () => {
    setReturning(false);
    requestAnimationFrame(() => (returnRef.current ?? closeRef.current)?.focus());
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      // Escape: the store closes it (with the slide), not the browser at once.
      onCancel={(event) => {
        // React passes the cancel dialog's own Escape up the tree: that one is not ours.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        if (!cancelling && !returning) closeOrderPopup();
      }}
      onKeyDown={wrapTab}
      // A click on the backdrop lands on the <dialog> itself; its content fills the panel.
      onClick={(event) => {
        if (event.target === event.currentTarget) closeOrderPopup();
      }}
      className={`fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[min(28rem,100%)] max-w-none bg-page p-0 text-on-page shadow-2xl transition-transform duration-300 backdrop:bg-black/40 ${
        popup.open ? 'translate-x-0' : 'translate-x-full'
      }`}
    >
      <div className="flex h-full flex-col overflow-y-auto p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-semibold">
            Order Details
          </h2>
          <button ref={closeRef} type="button" onClick={closeOrderPopup} aria-label="Close order details" className="rounded-md p-1 hover:bg-current/10">
            <CloseIcon />
          </button>
        </div>

        <div className="mt-4 flex flex-wrap items-center gap-2">
          <span id={`${titleId}-number`} className="font-mono text-sm font-semibold">
            {order.orderNumber}
          </span>
          <button type="button" onClick={() => void copy()} className="rounded-md border border-current/25 px-2 py-0.5 text-xs font-medium hover:bg-current/5">
            Copy<span className="sr-only"> order number</span>
          </button>
          <span role="status" className="text-xs font-medium text-green-800">
            {copied ? 'Copied!' : ''}
          </span>
        </div>

        <dl className="mt-4 grid grid-cols-3 gap-3 rounded-lg bg-current/5 p-3 text-sm">
          <div>
            <dt className={heading}>Order Date</dt>
            <dd className="font-medium">{orderDateLabel(order.orderDate)}</dd>
          </div>
          <div>
            <dt className={heading}>TOTAL</dt>
            <dd className="font-medium tabular-nums">{formatPaiseAsRupees(summary.totalPaise)}</dd>
          </div>
          <div>
            <dt className={heading}>STATUS</dt>
            <dd className="font-medium">{statusLabel(order.status)}</dd>
          </div>
        </dl>

        <div className="mt-5 flex gap-3">
          <OrderImage order={order} className="w-16" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold">{order.productName}</p>
            {order.productVariation && <p className="opacity-80">Size: {order.productVariation}</p>}
          </div>
        </div>

        {(returned || order.refund) && (
          <section aria-labelledby={`${titleId}-after-sale`} className="mt-5">
            <h3 id={`${titleId}-after-sale`} className={heading}>
              RETURN AND REFUND
            </h3>
            {returned && (
              <div className="mt-1 text-sm">
                <p className="font-medium">{returned.label}</p>
                {returned.note && <p className="opacity-80">{returned.note}</p>}
              </div>
            )}
            {order.refund && (
              <div className="mt-1 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
                <p>{refundSentence(order.refund)}</p>
                {order.refund.testMode && (
                  <span className="rounded border border-amber-700/50 bg-amber-50 px-1.5 py-0.5 text-xs font-semibold tracking-wide text-amber-900">
                    {REFUND_TEXTS.testMode}
                  </span>
                )}
              </div>
            )}
          </section>
        )}

        <section aria-labelledby={`${titleId}-ship`} className="mt-5">
          <h3 id={`${titleId}-ship`} className={heading}>
            SHIP TO
          </h3>
          <p className="mt-1 text-sm font-medium">{customer?.fullName}</p>
          <p className="text-sm break-all">{customer?.email}</p>
          <p className="text-sm">{customer?.phoneNumber}</p>
        </section>

        <section aria-labelledby={`${titleId}-payment`} className="mt-5">
          <h3 id={`${titleId}-payment`} className={heading}>
            PAYMENT
          </h3>
          <p className="mt-1 text-sm">{paymentLabel(order.paymentMethod)}</p>
        </section>

        <section aria-labelledby={`${titleId}-summary`} className="mt-5">
          <h3 id={`${titleId}-summary`} className={heading}>
            ORDER SUMMARY
          </h3>
          <dl className="mt-1 divide-y divide-current/10">
            <Row label="Amount" value={formatPaiseAsRupees(summary.amountPaise)} />
            <Row label="Quantity" value={String(summary.quantity)} />
            {summary.discountPaise !== null && <Row label="Discount" value={`-${formatPaiseAsRupees(summary.discountPaise)}`} />}
            <Row label="Subtotal" value={formatPaiseAsRupees(summary.subtotalPaise)} />
            <Row label="Shipping Cost" value={SHIPPING_COST_LABEL} />
            <Row label="Total" value={formatPaiseAsRupees(summary.totalPaise)} />
          </dl>
        </section>

        {canCancel(order.status) && (
          <button
            ref={cancelRef}
            type="button"
            onClick={() => setCancelling(true)}
            className="mt-6 w-full rounded-md bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800"
          >
            Cancel Order
          </button>
        )}

        {returnWindow && (
          <div className="mt-6 space-y-2">
            <p className="text-sm opacity-80">{returnWindow}</p>
            <button
              ref={returnRef}
              type="button"
              onClick={() => setReturning(true)}
              className="w-full rounded-md border border-current/30 px-5 py-2.5 text-sm font-semibold hover:bg-current/5"
            >
              Return
            </button>
          </div>
        )}
      </div>
      {cancelling && <CancelOrderDialog orderId={order.orderId} onClose={endCancelling} />}
      {returning && (
        <Suspense fallback={null}>
          <ReturnOrderDialog orderId={order.orderId} cashOnDelivery={order.paymentMethod === 'cod'} onClose={endReturning} />
        </Suspense>
      )}
    </dialog>
  );
}
