/**
 * /checkout with nothing to order. When this tab's draft still holds an
 * order attempt (a reload while it was being placed: the server may have
 * placed it and emptied the cart), the shopper can check it: the attempt is
 * sent again with its own Idempotency-Key, so a placed order is answered
 * again rather than doubled.
 */
import { ROUTES } from '../../lib/routes.ts';
import { submitButtonClass } from '../forms/form-styles.ts';

interface Props {
  pendingAttempt: boolean;
  busy: boolean;
  onResume: () => void;
  onDrop: () => void;
}

const link = 'inline-flex items-center justify-center rounded-md bg-button px-8 py-3 text-sm font-semibold text-on-button hover:opacity-90';

export default function EmptyCheckout({ pendingAttempt, busy, onResume, onDrop }: Props) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 lg:py-12">
      <h1 className="text-2xl font-semibold sm:text-3xl">Checkout</h1>
      {pendingAttempt ? (
        <section aria-labelledby="checkout-pending-title" className="mt-10 space-y-4 rounded-xl border-2 border-button px-6 py-8">
          <h2 id="checkout-pending-title" className="text-lg font-semibold">
            Your order may already have been placed
          </h2>
          <p className="text-sm opacity-85">
            The page was reloaded while your order was being placed. Check it: if it was placed you will see it, and it is never placed twice.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={`${submitButtonClass} w-auto`} disabled={busy} aria-busy={busy || undefined} onClick={onResume}>
              {busy ? 'Checking your order…' : 'Check my order'}
            </button>
            <button type="button" className="rounded-md border border-current/30 px-4 py-2 text-sm font-medium" disabled={busy} onClick={onDrop}>
              Start again
            </button>
          </div>
        </section>
      ) : (
        <div className="mt-10 flex flex-col items-center gap-5 rounded-xl border border-current/10 px-6 py-16 text-center">
          <p className="text-lg">Your cart is empty</p>
          <a href={ROUTES.shop} className={link}>
            CONTINUE SHOPPING
          </a>
        </div>
      )}
    </div>
  );
}
