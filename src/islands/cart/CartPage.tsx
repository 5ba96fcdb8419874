/**
 * The /cart page's body (SPEC §2 /cart, §4 Cart, §6). The server renders it
 * with the lines it knows (the signed-in cart, or the guest_cart cookie), so
 * the page reads without JavaScript; once hydrated the cart store takes over
 * (it has merged the cookie's lines into the persisted guest cart). For a
 * signed-in shopper the store fetches the cart as the page starts; the
 * server's lines stay on screen until that answer is in, so a new browser
 * never flashes an empty cart.
 *
 * Signed out, Checkout shows the sign-in prompt (SPEC §6: signed-out checkout
 * goes to /cart with a login prompt); /cart?login=1 opens with it shown. It
 * is a panel, not a modal, so it also works without JavaScript.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { cartCount, type CartLine } from '../../lib/cart.ts';
import { ROUTES } from '../../lib/routes.ts';
import { $auth } from '../../stores/auth.ts';
import { $cart, $cartReady } from '../../stores/cart.ts';
import CartLines from './CartLines.tsx';
import SyncRetry from './SyncRetry.tsx';
import CartSummary, { checkoutHref, primaryButton, primaryInline, secondaryButton } from './CartSummary.tsx';

interface Props {
  /** The lines the server rendered. */
  initialLines: CartLine[];
  /** The request carried a session cookie: the server's guess at "signed in". */
  signedInHint: boolean;
  /** /cart?login=1: show the sign-in prompt. */
  loginPrompt: boolean;
}

const PROMPT_TITLE_ID = 'cart-signin-title';

export default function CartPage({ initialLines, signedInHint, loginPrompt }: Props) {
  const { cartItems, syncError, loading } = useStore($cart);
  const ready = useStore($cartReady);
  const { isAuthenticated } = useStore($auth);
  const [hydrated, setHydrated] = useState(false);
  // Signed in: the server's lines until the store's start-up fetch has answered.
  const [settled, setSettled] = useState(false);
  const [promptShown, setPromptShown] = useState(loginPrompt);
  const promptRef = useRef<HTMLElement>(null);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (hydrated && ready && !loading) setSettled(true);
  }, [hydrated, ready, loading]);

  const signedIn = hydrated ? isAuthenticated : signedInHint;
  const showingServerLines = !hydrated || (isAuthenticated && !settled);
  const lines: readonly CartLine[] = showingServerLines ? initialLines : cartItems;
  const count = cartCount(lines);

  const onCheckout = (event: MouseEvent<HTMLAnchorElement>) => {
    if (signedIn) return;
    event.preventDefault();
    setPromptShown(true);
    // After the panel has rendered: bring it into view and move focus to it.
    requestAnimationFrame(() => {
      promptRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      promptRef.current?.focus();
    });
  };


  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 lg:py-12">
      <h1 className="text-2xl font-semibold sm:text-3xl">Cart{count > 0 ? ` (${count})` : ''}</h1>

      {promptShown && !signedIn && (
        <section
          ref={promptRef}
          tabIndex={-1}
          aria-labelledby={PROMPT_TITLE_ID}
          className="mt-6 rounded-xl border-2 border-button bg-current/[0.03] p-5 sm:flex sm:items-center sm:justify-between sm:gap-6"
        >
          <div>
            <h2 id={PROMPT_TITLE_ID} className="text-lg font-semibold">
              Sign in to check out
            </h2>
            <p className="mt-1 text-sm opacity-85">Your cart is kept: its items will still be here after you sign in.</p>
          </div>
          <div className="mt-4 flex shrink-0 flex-wrap gap-3 sm:mt-0">
            <a href={ROUTES.signIn} className={primaryInline}>
              Sign in
            </a>
            {/* SPEC §2: /checkout is open to guests too, who confirm their mobile by OTP there. */}
            <a href={ROUTES.checkout} className={`${primaryInline} border border-button bg-transparent text-on-page`}>
              Continue as guest
            </a>
          </div>
        </section>
      )}

      {hydrated && syncError && <SyncRetry message={syncError} className="mt-6 px-4 py-3" />}

      {count === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-5 rounded-xl border border-current/10 px-6 py-16 text-center">
          <p className="text-lg">Your cart is empty</p>
          <a href={ROUTES.shop} className={primaryInline}>
            CONTINUE SHOPPING
          </a>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
          <section aria-label="Items in your cart">
            {/* The server's lines are not in the store yet: their controls wait for the store's own. */}
            <CartLines lines={lines} interactive={!showingServerLines} variant="page" />
          </section>
          <section aria-labelledby="cart-summary-title" className="rounded-xl border border-current/10 p-5 lg:sticky lg:top-[calc(var(--header-h)+1rem)]">
            <h2 id="cart-summary-title" className="mb-3 text-lg font-semibold">
              Order summary
            </h2>
            <CartSummary lines={lines} full />
            <div className="mt-5 space-y-3">
              <a href={checkoutHref(signedIn)} onClick={onCheckout} className={primaryButton}>
                Checkout
              </a>
              <a href={ROUTES.shop} className={secondaryButton}>
                CONTINUE SHOPPING
              </a>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
