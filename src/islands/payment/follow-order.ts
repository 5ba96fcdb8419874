/**
 * After the server refused a payment step (the order was paid in another
 * tab, switched, or its time ran out), the order is read again: when the page
 * no longer fits it, the shopper goes to the page that does, with the reason
 * shown there. A store that cannot be reached leaves the shopper where they are.
 */
import { getOrderGroup } from '../../lib/api/orders.ts';
import { failureKind, redirectFor, type FailureKind, type OrderPage } from '../../lib/order-pages.ts';
import { browserApi } from '../../stores/api-client.ts';
import { showToast, toastOnNextPage } from '../../stores/toast.ts';

export async function followRefusal(reference: string, here: OrderPage, messages: string[], shownKind?: FailureKind): Promise<void> {
  const outcome = await getOrderGroup(browserApi(), reference);
  const now = new Date();
  const target = outcome.ok
    ? (redirectFor(here, outcome.value, now) ?? (here === 'failure' && failureKind(outcome.value, now) !== shownKind ? location.href : null))
    : null;
  if (target === null) {
    for (const message of messages) showToast('error', message);
    return;
  }
  toastOnNextPage(messages.map((message) => ({ kind: 'error', message, flow: 'account' })));
  location.replace(target);
}
