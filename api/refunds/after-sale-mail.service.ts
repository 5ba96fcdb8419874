import type { Transaction } from 'kysely';
import { REFUND_WORKING_DAYS, RETURN_STATUS } from '../../src/lib/constants.ts';
import { formatPaiseAsRupees } from '../../src/lib/money.ts';
import type { Database } from '../db/schema.ts';
import { afterSaleMail, type AfterSaleNotice } from '../mail/after-sale-mail.templates.ts';
import type { MailComposer } from '../mail/mail-queue.service.ts';
import { findOrderLine, type OrderLineRow } from '../orders/order.repository.ts';
import { findReturn, type ReturnRow } from '../returns/return.repository.ts';
import { RETURN_MAIL } from '../returns/return.service.ts';
import { findRefund } from './refund.repository.ts';
import { REFUND_MAIL } from './refund.service.ts';

/**
 * The mails of the queue about lines after their sale (decision 065),
 * composed from the committed rows when the queue sends them: each step of a
 * return, and a refund made.
 */
type Trx = Transaction<Database>;

export const itemOf = (line: Pick<OrderLineRow, 'product_name' | 'product_variation' | 'quantity'>) =>
  `${line.product_name}${line.product_variation ? ` (size ${line.product_variation})` : ''} x ${line.quantity}`;

/** The sentence a shopper reads about a refund just initiated. */
export function refundInitiatedSentence(amount: number, cashOnDelivery: boolean): string {
  const where = cashOnDelivery ? 'to the UPI ID you gave' : 'to your original payment method';
  return `A refund of ${formatPaiseAsRupees(amount)} has been initiated ${where}; it usually reaches your account in ${REFUND_WORKING_DAYS} working days.`;
}

const RETURN_NOTICES: Record<keyof typeof RETURN_MAIL, (request: ReturnRow, line: OrderLineRow) => Omit<AfterSaleNotice, 'orderNumber' | 'item'>> = {
  [RETURN_STATUS.requested]: () => ({
    subject: 'return requested',
    paragraphs: ['We have your request to return this item. We will email you once the store has looked at it.'],
  }),
  [RETURN_STATUS.approved]: () => ({
    subject: 'return approved',
    paragraphs: ['Your return is approved. Please pack the item with its tags; the store will be in touch to collect it from your delivery address.'],
  }),
  [RETURN_STATUS.rejected]: (request) => ({
    subject: 'return not accepted',
    paragraphs: ['The store could not accept the return of this item.', ...(request.store_note ? [`The store's note: ${request.store_note}`] : [])],
  }),
  [RETURN_STATUS.received]: (request, line) => ({
    subject: 'return received',
    paragraphs: ['We have received the item back.', refundInitiatedSentence(Number(line.final_amount) * Number(line.quantity), line.payment_method === 'cod')],
  }),
};

export function afterSaleMailComposers(siteOrigin: string): Record<string, MailComposer> {
  const composers: Record<string, MailComposer> = {
    [REFUND_MAIL.processed]: async (trx: Trx, job) => {
      const id = typeof job.details.refundId === 'number' ? job.details.refundId : 0;
      const refund = await findRefund(trx, id);
      if (!refund) return null;
      const line = refund.order_id === null ? undefined : await findOrderLine(trx, Number(refund.order_id));
      const amount = formatPaiseAsRupees(Number(refund.amount));
      const paragraphs =
        refund.reason === 'extra payment'
          ? [`Your order was already paid, so we have refunded the extra payment of ${amount}.`]
          : [`We have refunded ${amount}${refund.provider === 'manual' ? ` to your UPI ID${refund.reference ? ` (reference ${refund.reference})` : ''}` : ''}.`];
      paragraphs.push(
        refund.provider === 'test'
          ? 'TEST MODE: this store takes test payments, so no money moved.'
          : 'Banks usually show a refund within a few working days of it being made.',
      );
      return (store) => afterSaleMail(siteOrigin, store, { subject: 'refund made', orderNumber: refund.order_number, item: line ? itemOf(line) : 'payment', paragraphs });
    },
  };
  for (const [step, kind] of Object.entries(RETURN_MAIL) as Array<[keyof typeof RETURN_MAIL, string]>) {
    composers[kind] = async (trx: Trx, job) => {
      const orderId = typeof job.details.orderId === 'number' ? job.details.orderId : 0;
      const [line, request] = await Promise.all([findOrderLine(trx, orderId), findReturn(trx, orderId)]);
      if (!line || !request) return null;
      const notice = RETURN_NOTICES[step](request, line);
      return (store) => afterSaleMail(siteOrigin, store, { ...notice, orderNumber: line.checkout_ref, item: itemOf(line) });
    };
  }
  return composers;
}
