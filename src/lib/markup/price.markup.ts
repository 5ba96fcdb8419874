/** A price in rupees (Indian grouping), with the old price struck through when it is higher. */
import { formatPaiseHtml, paiseOf, type RupeeAmount } from '../money.ts';
import { classNames, escapeHtml } from './html.ts';

export interface PriceProps {
  /** The price paid: the API's final_price ("1299.00"), checked at the seam. */
  price: RupeeAmount;
  /** Shown struck through only when higher than `price`. */
  oldPrice?: RupeeAmount | null | undefined;
  class?: string | undefined;
}

export function priceMarkup({ price, oldPrice, class: className }: PriceProps): string {
  const pricePaise = paiseOf(price);
  const oldPaise = oldPrice === null || oldPrice === undefined ? null : paiseOf(oldPrice);
  const reduced = oldPaise !== null && oldPaise > pricePaise;
  const percentOff = reduced && oldPaise > 0 ? Math.floor(((oldPaise - pricePaise) * 100) / oldPaise) : 0;
  const struck = reduced
    ? '<s class="text-sm tabular-nums opacity-60"><span class="sr-only">Original price: </span>' +
      `${formatPaiseHtml(oldPaise)}</s>` +
      (percentOff > 0 ? `<span class="rounded bg-emerald-100 px-1.5 text-xs font-medium text-emerald-800">${percentOff}% off</span>` : '')
    : '';
  return (
    `<p class="${escapeHtml(classNames('flex flex-wrap items-baseline gap-x-2 gap-y-0.5', className))}">` +
    `<span class="font-semibold tabular-nums"><span class="sr-only">Price: </span>${formatPaiseHtml(pricePaise)}</span>` +
    struck +
    '</p>'
  );
}
