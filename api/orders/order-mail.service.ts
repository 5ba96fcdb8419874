import type { MailComposer } from '../mail/mail-queue.service.ts';
import { refundInitiatedSentence } from '../refunds/after-sale-mail.service.ts';
import { findLineRefund } from '../refunds/refund.repository.ts';
import { orderCancelledMail, orderConfirmationMail, type OrderMailLine } from '../mail/order-mail.templates.ts';
import { findGroupLines, findOrderGroup, findOrderLine, type OrderLineRow } from './order.repository.ts';

/**
 * The order mails of the queue (decision 015): the confirmation after a
 * checkout and the notice of a cancelled line, composed from the committed
 * order when the queue sends them (SECURITY 27: never inside the order's transaction).
 */
export const ORDER_MAIL = {
  confirmation: 'order_confirmation',
  cancelled: 'order_cancelled',
} as const;

const mailLine = (row: OrderLineRow): OrderMailLine => ({
  name: row.product_name,
  variation: row.product_variation,
  quantity: Number(row.quantity),
  unitPrice: Number(row.price),
  discount: Number(row.discount_amount),
});

export function orderMailComposers(siteOrigin: string): Record<string, MailComposer> {
  return {
    [ORDER_MAIL.confirmation]: async (trx, job) => {
      const orderNumber = typeof job.details.orderNumber === 'string' ? job.details.orderNumber : '';
      const [group, lines] = await Promise.all([findOrderGroup(trx, orderNumber), findGroupLines(trx, orderNumber)]);
      const first = lines[0];
      if (!group || !first) return null;
      return (store) =>
        orderConfirmationMail(siteOrigin, store, {
          orderNumber,
          paymentMethod: group.payment_method,
          lines: lines.map(mailLine),
          subtotal: Number(group.subtotal),
          discount: Number(group.discount),
          total: Number(group.total),
          fullName: first.full_name,
          address: first.address,
          city: first.city,
          state: first.state,
          pincode: first.pincode,
          phone: first.phone_number,
        });
    },
    [ORDER_MAIL.cancelled]: async (trx, job) => {
      const line = typeof job.details.orderId === 'number' ? await findOrderLine(trx, job.details.orderId) : undefined;
      if (!line) return null;
      // What the cancellation owes, as written with it: a paid line's refund; COD and unpaid lines owe nothing.
      const refund = await findLineRefund(trx, Number(line.id));
      const refundNote = refund ? refundInitiatedSentence(Number(refund.amount), false) : null;
      // The reason as recorded: the shopper's choice (with their words for Other), or the store's with its note.
      const reason = [line.cancel_reason, line.cancel_reason_text].filter(Boolean).join(': ') || null;
      return (store) => orderCancelledMail(siteOrigin, store, { orderNumber: line.checkout_ref, line: mailLine(line), reason, refundNote });
    },
  };
}
