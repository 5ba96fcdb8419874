/**
 * The first step of the payment, order-success and order-failure pages:
 * read the order named by `?order=` from the server (so a reload or a mailed
 * link shows it), then show it, send the shopper to the page it belongs on,
 * or say it is not there (404) or could not be read (503): never a 500.
 */
import type { ApiClient } from './api/client.ts';
import { getOrderGroup, isOrderNotFound, type OrderGroup } from './api/orders.ts';
import { MESSAGES } from './messages.ts';
import { redirectFor, type OrderPage } from './order-pages.ts';

export type OrderPageLoad =
  | { kind: 'show'; group: OrderGroup }
  | { kind: 'redirect'; location: string }
  | { kind: 'unavailable'; notFound: boolean; messages: string[]; status: 404 | 503 };

export async function loadOrderPage(api: ApiClient, url: URL, page: OrderPage, now: Date = new Date()): Promise<OrderPageLoad> {
  const outcome = await getOrderGroup(api, url.searchParams.get('order'));
  if (outcome.ok) {
    const location = redirectFor(page, outcome.value, now);
    return location ? { kind: 'redirect', location } : { kind: 'show', group: outcome.value };
  }
  if (isOrderNotFound(outcome)) return { kind: 'unavailable', notFound: true, messages: [], status: 404 };
  const messages = outcome.cancelled || outcome.messages.length === 0 ? [MESSAGES.general.somethingWentWrong] : outcome.messages;
  return { kind: 'unavailable', notFound: false, messages, status: 503 };
}
