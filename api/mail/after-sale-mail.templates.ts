import { escapeHtml, htmlMail, oneLine, origin, type MailContent } from './mail.templates.ts';

/**
 * Mails about a line after its sale (decision 065): a return's steps and a
 * refund made. Each names the order and the item and links to My Orders;
 * what a shopper typed never goes into one (SECURITY 42), the store's own
 * note on a rejected return does, as text.
 */
export interface AfterSaleNotice {
  subject: string;
  orderNumber: string;
  item: string;
  paragraphs: string[];
}

export function afterSaleMail(siteOrigin: string, storeName: string, notice: AfterSaleNotice): MailContent {
  const name = oneLine(storeName);
  const link = `${origin(siteOrigin)}/my-account/orders`;
  const text = [name, '', `Order ${notice.orderNumber}: ${notice.item}`, '', ...notice.paragraphs.flatMap((p) => [p, '']), `Your orders: ${link}`, ''].join('\n');
  const html = htmlMail(name, [
    `<p>Order <strong>${escapeHtml(notice.orderNumber)}</strong>: ${escapeHtml(notice.item)}</p>`,
    ...notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">Your orders</a></p>`,
  ]);
  return { subject: `${name}: Order ${notice.orderNumber}: ${notice.subject}`, text, html };
}
