/**
 * The checkout's order summary (SPEC §3, §9): each line with its image,
 * name, size and price × quantity, then Subtotal, Discount (when a coupon is
 * applied), Shipping 'Free' and Total, in rupees with Indian grouping. A line
 * the server refused (sold out, too few left) carries the server's text and
 * can be removed from the order.
 */
import type { ReactNode } from 'react';
import { linePaise, type CartLine } from '../../lib/cart.ts';
import type { OrderTotals } from '../../lib/checkout.ts';
import { SHIPPING_COST_LABEL } from '../../lib/constants.ts';
import { formatPaiseAsRupees, formatRupees } from '../../lib/money.ts';

interface Props {
  lines: readonly CartLine[];
  totals: OrderTotals;
  couponCode: string | null;
  /** Messages about lines, by index. */
  problems: ReadonlyMap<number, string>;
  onRemove?: (line: CartLine) => void;
  /** The coupon box and the place-order button. */
  children?: ReactNode;
}

function lineImage(line: CartLine): string | null {
  const first = line.product_images?.split(',')[0]?.trim();
  return first ? first : null;
}

const row = 'flex items-center justify-between gap-4 py-1.5';

export default function OrderSummary({ lines, totals, couponCode, problems, onRemove, children }: Props) {
  return (
    <div className="space-y-5">
      <ul className="divide-y divide-current/10" aria-label="Items in your order">
        {lines.map((line, index) => {
          const image = lineImage(line);
          const problem = problems.get(index);
          const problemId = `checkout-line-${index}-problem`;
          return (
            <li
              key={`${line.product_id}:${line.selected_variant?.product_variation ?? ''}`}
              aria-label={line.product_name}
              aria-describedby={problem ? problemId : undefined}
              className={`flex gap-3 py-3 ${problem ? 'rounded-md bg-red-50 px-2 outline outline-red-700' : ''}`}
            >
              <div className="w-16 shrink-0 overflow-hidden rounded-md bg-current/5">
                {image && <img src={image} alt={line.product_name} width={64} height={80} loading="lazy" className="aspect-[4/5] w-full object-cover" />}
              </div>
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium">{line.product_name}</p>
                {line.selected_variant && <p className="opacity-75">Size: {line.selected_variant.product_variation}</p>}
                <p className="tabular-nums opacity-75">
                  {formatRupees(line.final_price)} x {line.quantity}
                </p>
                {problem && (
                  <p id={problemId} className="mt-1 font-semibold text-red-700">
                    {problem}
                    {onRemove && (
                      <button type="button" className="ml-2 underline underline-offset-2" onClick={() => onRemove(line)}>
                        Remove {line.product_name}
                      </button>
                    )}
                  </p>
                )}
              </div>
              <p className="text-sm font-semibold tabular-nums">{formatPaiseAsRupees(linePaise(line))}</p>
            </li>
          );
        })}
      </ul>
      {children}
      <dl className="text-sm">
        <div className={row}>
          <dt>Subtotal</dt>
          <dd className="font-semibold tabular-nums">{formatPaiseAsRupees(totals.subtotal)}</dd>
        </div>
        {couponCode && totals.discount > 0 && (
          <div className={row}>
            <dt>Discount ({couponCode})</dt>
            <dd className="font-semibold tabular-nums text-green-800">-{formatPaiseAsRupees(totals.discount)}</dd>
          </div>
        )}
        <div className={row}>
          <dt>Shipping</dt>
          <dd className="font-semibold">{SHIPPING_COST_LABEL}</dd>
        </div>
        <div className={`${row} mt-1 border-t border-current/15 pt-3 text-base`}>
          <dt className="font-semibold">Total</dt>
          <dd className="font-bold tabular-nums">{formatPaiseAsRupees(totals.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
