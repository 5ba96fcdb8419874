import { formatPaiseAsRupees } from '../../src/lib/money.ts';
import { escapeHtml, htmlMail, oneLine, origin, type MailContent } from './mail.templates.ts';

/**
 * Order mails: the confirmation after checkout and the notice of a
 * cancellation. Amounts arrive in paise and are written in rupees with Indian
 * digit grouping (SPEC §9); links come from the configured origin.
 */
export interface OrderMailLine {
  name: string;
  variation: string | null;
  quantity: number;
  /** Paise per unit before the discount. */
  unitPrice: number;
  /** Paise: the line's whole discount. */
  discount: number;
}

export interface OrderMailSummary {
  orderNumber: string;
  paymentMethod: 'cod' | 'prepaid';
  lines: OrderMailLine[];
  subtotal: number;
  discount: number;
  total: number;
  fullName: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

const PAYMENT_LABELS = { cod: 'Cash on Delivery (COD)', prepaid: 'Prepaid' } as const;

export function orderConfirmationMail(siteOrigin: string, storeName: string, order: OrderMailSummary): MailContent {
  const name = oneLine(storeName);
  const link = `${origin(siteOrigin)}/my-account/orders`;
  // The order page reads the order by number from the server, so the link shows it at any later time (decision 020).
  const orderLink = `${origin(siteOrigin)}/order-success?${new URLSearchParams({ order: order.orderNumber })}`;
  const lineText = (l: OrderMailLine) =>
    `${l.name}${l.variation ? ` (size ${l.variation})` : ''}: ${l.quantity} x ${formatPaiseAsRupees(l.unitPrice)} = ${formatPaiseAsRupees(l.unitPrice * l.quantity)}`;
  const totals: Array<[string, string]> = [
    ['Subtotal', formatPaiseAsRupees(order.subtotal)],
    ...(order.discount > 0 ? ([['Discount', `-${formatPaiseAsRupees(order.discount)}`]] as Array<[string, string]>) : []),
    ['Shipping', 'Free'],
    ['Total', formatPaiseAsRupees(order.total)],
  ];
  const address = [order.fullName, order.address, `${order.city}, ${order.state} ${order.pincode}`, `Phone: ${order.phone}`];
  const text = [
    name,
    '',
    `Thank you for your order ${order.orderNumber}.`,
    '',
    ...order.lines.map(lineText),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    `Payment: ${PAYMENT_LABELS[order.paymentMethod]}`,
    '',
    'Shipping to:',
    ...address,
    '',
    `Your order: ${orderLink}`,
    `All your orders: ${link}`,
    '',
  ].join('\n');
  const html = htmlMail(name, [
    `<p>Thank you for your order <strong>${escapeHtml(order.orderNumber)}</strong>.</p>`,
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...order.lines.map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}${l.variation ? ` (size ${escapeHtml(l.variation)})` : ''}</td><td>${l.quantity} x ${escapeHtml(formatPaiseAsRupees(l.unitPrice))}</td><td align="right">${escapeHtml(formatPaiseAsRupees(l.unitPrice * l.quantity))}</td></tr>`,
    ),
    ...totals.map(([label, value]) => `<tr><td colspan="2">${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>Payment: ${escapeHtml(PAYMENT_LABELS[order.paymentMethod])}</p>`,
    `<p>Shipping to:<br>${address.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(orderLink)}">View your order</a> &middot; <a href="${escapeHtml(link)}">All your orders</a></p>`,
  ]);
  return { subject: `${name}: Order ${order.orderNumber} confirmed`, text, html };
}

export function orderCancelledMail(
  siteOrigin: string,
  storeName: string,
  cancelled: { orderNumber: string; line: OrderMailLine; reason: string | null; refundNote: string | null },
): MailContent {
  const name = oneLine(storeName);
  const link = `${origin(siteOrigin)}/my-account/orders`;
  const l = cancelled.line;
  const item = `${l.name}${l.variation ? ` (size ${l.variation})` : ''} x ${l.quantity}`;
  const text = [
    name,
    '',
    `This item of your order ${cancelled.orderNumber} has been cancelled:`,
    item,
    ...(cancelled.reason ? [`Reason: ${cancelled.reason}`] : []),
    ...(cancelled.refundNote ? ['', cancelled.refundNote] : []),
    '',
    `Your orders: ${link}`,
    '',
  ].join('\n');
  const html = htmlMail(name, [
    `<p>This item of your order <strong>${escapeHtml(cancelled.orderNumber)}</strong> has been cancelled:</p>`,
    `<p>${escapeHtml(item)}</p>`,
    ...(cancelled.reason ? [`<p>Reason: ${escapeHtml(cancelled.reason)}</p>`] : []),
    ...(cancelled.refundNote ? [`<p>${escapeHtml(cancelled.refundNote)}</p>`] : []),
    `<p><a href="${escapeHtml(link)}">Your orders</a></p>`,
  ]);
  return { subject: `${name}: Order ${cancelled.orderNumber}: item cancelled`, text, html };
}
