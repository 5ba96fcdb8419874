/**
 * The gateway part of /payment (decision 020). With the test gateway: a
 * panel marked TEST MODE where the shopper picks UPI or card and presses pay
 * or fail (no card data). With Razorpay: Pay opens Razorpay Checkout and its
 * proof goes to the server. Either way the server decides: paid goes to
 * /order-success, declined to /order-failure, history replaced (SPEC §4).
 */
import { useEffect, useState } from 'react';
import { confirmPayment, startPayment, type PaymentResult, type PaymentProviderName } from '../../lib/api/orders.ts';
import type { Failed, Outcome } from '../../lib/api/parsed.ts';
import { formatPaiseAsRupees } from '../../lib/money.ts';
import { orderFailurePath, orderSuccessPath } from '../../lib/order-pages.ts';
import { browserApi } from '../../stores/api-client.ts';
import { showToast } from '../../stores/toast.ts';
import { useHydrated } from '../forms/form-behaviour.ts';
import { followRefusal } from './follow-order.ts';
import { loadRazorpay, openRazorpayCheckout } from './razorpay-checkout.ts';

export const CHECKOUT_NOT_LOADED = 'Razorpay Checkout could not be loaded. Check your connection and try again.';

interface Props {
  reference: string;
  provider: PaymentProviderName;
  amountPaise: number;
  /** Razorpay's public key id (Razorpay mode). */
  keyId: string | null;
  storeName: string;
  prefill: { name?: string; email?: string; contact?: string };
}

type Method = 'upi' | 'card';
type Busy = null | 'success' | 'failure';

const primary =
  'inline-flex w-full items-center justify-center rounded-md bg-button px-5 py-3 text-base font-semibold text-on-button hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';
const secondary =
  'inline-flex w-full items-center justify-center rounded-md border border-current/30 px-5 py-3 text-base font-medium hover:bg-current/10 disabled:cursor-not-allowed disabled:opacity-60';

/** A refused step: the reason, on this page or on the one the order now belongs on. */
async function showFailure(outcome: Outcome<unknown>, reference: string): Promise<void> {
  if (outcome.ok || outcome.cancelled) return;
  await followRefusal(reference, 'payment', (outcome as Failed).messages);
}

/** Where a settled payment leads; the address replaces this page in history. */
function follow(outcome: Outcome<PaymentResult>, reference: string): boolean {
  if (!outcome.ok) return false;
  location.replace(outcome.value.status === 'paid' ? orderSuccessPath(reference) : orderFailurePath(reference));
  return true;
}

export default function PaymentGateway({ reference, provider, amountPaise, keyId, storeName, prefill }: Props) {
  const hydrated = useHydrated();
  const [method, setMethod] = useState<Method>('upi');
  const [busy, setBusy] = useState<Busy>(null);
  const amount = formatPaiseAsRupees(amountPaise);

  // Razorpay asks for its script early, so Checkout opens at once on Pay.
  useEffect(() => {
    if (provider === 'razorpay') loadRazorpay().catch(() => {});
  }, [provider]);

  const run = async (outcome: 'success' | 'failure') => {
    if (busy) return;
    setBusy(outcome);
    const api = browserApi();
    const attempt = await startPayment(api, reference);
    if (!attempt.ok) {
      await showFailure(attempt, reference);
      setBusy(null);
      return;
    }
    let result: Outcome<PaymentResult>;
    if (provider === 'test') {
      result = await confirmPayment(api, reference, { outcome, method });
    } else {
      const ending = await openRazorpayCheckout({
        key: attempt.value.keyId ?? keyId ?? '',
        amount: attempt.value.amountPaise,
        currency: 'INR',
        order_id: attempt.value.providerOrderId ?? '',
        name: storeName,
        description: `Order ${reference}`,
        prefill,
      }).catch(() => null);
      if (ending === null) showToast('error', CHECKOUT_NOT_LOADED);
      if (ending?.kind === 'failed') {
        location.replace(orderFailurePath(reference));
        return;
      }
      if (ending?.kind !== 'paid') {
        setBusy(null);
        return;
      }
      result = await confirmPayment(api, reference, ending.proof);
    }
    if (follow(result, reference)) return;
    await showFailure(result, reference);
    setBusy(null);
  };

  const disabled = !hydrated || busy !== null;

  if (provider === 'razorpay') {
    return (
      <div className="space-y-4" data-payment-gateway="razorpay">
        <p className="text-sm opacity-80">Pay securely with Razorpay: UPI, cards or netbanking.</p>
        <button type="button" className={primary} disabled={disabled} aria-busy={busy !== null || undefined} onClick={() => void run('success')}>
          {busy ? 'Opening Razorpay…' : `Pay ${amount}`}
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-4" data-payment-gateway="test">
      <p className="rounded-md border-2 border-dashed border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
        <strong className="block text-base tracking-wide">TEST MODE</strong>
        This store uses the built-in test gateway: no money moves and no card details are asked for. Choose how the payment
        ends.
      </p>
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">Payment method</legend>
        {(
          [
            ['upi', 'UPI'],
            ['card', 'Card'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-3 rounded-md border border-current/20 px-4 py-3 has-checked:border-current">
            {/* Disabled until hydrated, like the buttons: a pick made before would be undone by hydration. */}
            <input
              type="radio"
              name="test-method"
              value={value}
              checked={method === value}
              disabled={!hydrated}
              onChange={() => setMethod(value)}
              className="size-4"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <button type="button" className={primary} disabled={disabled} aria-busy={busy === 'success' || undefined} onClick={() => void run('success')}>
          {busy === 'success' ? 'Paying…' : `Pay ${amount}`}
        </button>
        <button type="button" className={secondary} disabled={disabled} aria-busy={busy === 'failure' || undefined} onClick={() => void run('failure')}>
          {busy === 'failure' ? 'Failing…' : 'Fail the payment'}
        </button>
      </div>
    </div>
  );
}
