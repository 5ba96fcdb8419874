/**
 * The choices on /order-failure while the order still holds its stock
 * (decision 020): Retry payment opens a new attempt and goes back to the
 * payment page; Pay on delivery instead turns the order into cash on delivery
 * and goes to /order-success. History is replaced either way, so Back never
 * returns to a failure that no longer holds.
 */
import { useState } from 'react';
import { startPayment, switchToCashOnDelivery } from '../../lib/api/orders.ts';
import type { Outcome } from '../../lib/api/parsed.ts';
import { orderSuccessPath, paymentPath, type FailureKind } from '../../lib/order-pages.ts';
import { browserApi } from '../../stores/api-client.ts';
import { useHydrated } from '../forms/form-behaviour.ts';
import { followRefusal } from './follow-order.ts';

interface Props {
  reference: string;
  /** What the page says happened; a refusal that changed it reloads the page. */
  shownKind: FailureKind;
}

type Busy = null | 'retry' | 'cod';

const primary =
  'inline-flex items-center justify-center rounded-full bg-button px-6 py-3 text-sm font-semibold text-on-button hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';
const secondary =
  'inline-flex items-center justify-center rounded-full border border-current/30 px-6 py-3 text-sm font-semibold hover:bg-current/10 disabled:cursor-not-allowed disabled:opacity-60';

export default function OrderFailureActions({ reference, shownKind }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<Busy>(null);

  const act = async (which: Exclude<Busy, null>) => {
    if (busy) return;
    setBusy(which);
    const api = browserApi();
    const outcome: Outcome<unknown> = which === 'retry' ? await startPayment(api, reference) : await switchToCashOnDelivery(api, reference);
    if (outcome.ok) {
      location.replace(which === 'retry' ? paymentPath(reference) : orderSuccessPath(reference));
      return;
    }
    if (!outcome.cancelled) await followRefusal(reference, 'failure', outcome.messages, shownKind);
    setBusy(null);
  };

  const disabled = !hydrated || busy !== null;
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" className={primary} disabled={disabled} aria-busy={busy === 'retry' || undefined} onClick={() => void act('retry')}>
        {busy === 'retry' ? 'Starting payment…' : 'Retry payment'}
      </button>
      <button type="button" className={secondary} disabled={disabled} aria-busy={busy === 'cod' || undefined} onClick={() => void act('cod')}>
        {busy === 'cod' ? 'Switching…' : 'Pay on delivery instead'}
      </button>
    </div>
  );
}
