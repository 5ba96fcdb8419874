import { accountMailComposers } from './customer/account-mail.service.ts';
import type { ComposeMail } from './mail/mail-queue.service.ts';
import { orderMailComposers } from './orders/order-mail.service.ts';
import { afterSaleMailComposers } from './refunds/after-sale-mail.service.ts';
import { findStoreSettings } from './store/store.repository.ts';

/**
 * Every mail the store sends, by kind, for the queue (decision 015): each
 * feature writes its own; the store's name is read once per mail.
 */
export function composeStoreMail(siteOrigin: string): ComposeMail {
  const composers = { ...accountMailComposers(siteOrigin), ...orderMailComposers(siteOrigin), ...afterSaleMailComposers(siteOrigin) };
  return async (trx, job, now) => {
    const compose = composers[job.kind];
    if (!compose) {
      console.error(`Mail job ${job.id} of unknown kind ${job.kind} dropped`);
      return null;
    }
    const content = await compose(trx, job, now);
    return content ? content((await findStoreSettings(trx))?.store_name ?? 'Store') : null;
  };
}
