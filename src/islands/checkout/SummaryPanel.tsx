/**
 * The checkout's order summary column: the lines and totals, the coupon box
 * and the Place order button (which submits the details form by its id), once
 * the shopper's mobile is confirmed.
 */
import type { RefObject } from 'react';
import type { CartLine } from '../../lib/cart.ts';
import type { OrderTotals } from '../../lib/checkout.ts';
import { submitButtonClass } from '../forms/form-styles.ts';
import CouponForm from './CouponForm.tsx';
import OrderSummary from './OrderSummary.tsx';

interface Props {
  lines: readonly CartLine[];
  totals: OrderTotals;
  couponCode: string | null;
  problems: ReadonlyMap<number, string>;
  onRemove: (line: CartLine) => void;
  verified: boolean;
  hydrated: boolean;
  busy: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The details form's id, which the button submits. */
  formId: string;
  className: string;
  headingClassName: string;
}

export default function SummaryPanel(props: Props) {
  const { lines, totals, couponCode, problems, onRemove, verified, hydrated, busy, headingRef, formId } = props;
  return (
    <section aria-labelledby="checkout-summary-title" className={`${props.className} lg:sticky lg:top-[calc(var(--header-h)+1rem)]`}>
      <h2 id="checkout-summary-title" ref={headingRef} tabIndex={-1} className={props.headingClassName}>
        Order summary
      </h2>
      <OrderSummary lines={lines} totals={totals} couponCode={couponCode} problems={problems} onRemove={busy ? undefined : onRemove}>
        {verified && <CouponForm lines={lines} hydrated={hydrated} disabled={busy} />}
      </OrderSummary>
      {verified && (
        <button type="submit" form={formId} className={submitButtonClass} disabled={!hydrated || busy} aria-busy={busy || undefined}>
          {busy ? 'Placing order…' : 'Place order'}
        </button>
      )}
    </section>
  );
}
