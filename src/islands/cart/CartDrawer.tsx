/**
 * The cart popup (SPEC §2 Cart popup): a right-side drawer titled
 * 'Cart(count)' with the lines, the subtotal and Checkout / View Cart /
 * CONTINUE SHOPPING. It mirrors `$cart.isCartOpen`, which the header button
 * and every successful add to cart set (SPEC: it opens after any add).
 *
 * A native <dialog> opened with showModal(): the browser keeps focus inside
 * and makes the page inert. Page scrolling is locked while it is open; Escape,
 * the close button and a click on the backdrop close it, and focus goes back
 * to where it was (the header button, an add-to-cart button).
 * A signed-in shopper's lines come from the server: the cart store fetches
 * them when a page starts.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import { cartCount } from '../../lib/cart.ts';
import { ROUTES } from '../../lib/routes.ts';
import { $auth } from '../../stores/auth.ts';
import { $cart, closeCart } from '../../stores/cart.ts';
import { CloseIcon } from '../ui/Icons.tsx';
import { useEnhanced } from '../ui/use-enhanced.ts';
import { CART_DRAWER_ID } from './CartButton.tsx';
import CartLines from './CartLines.tsx';
import SyncRetry from './SyncRetry.tsx';
import CartSummary, { checkoutHref, primaryButton, primaryInline, secondaryButton } from './CartSummary.tsx';
import { markPureIsland } from '../../lib/pure-island.ts';

export default function CartDrawer() {
  const { cartItems, isCartOpen, syncError } = useStore($cart);
  const { isAuthenticated } = useStore($auth);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const hydrated = useEnhanced(() => dialogRef.current);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const open = hydrated && isCartOpen;

  // The store's flag drives the dialog; while open the page does not scroll.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) return;
    const root = document.documentElement;
    root.classList.add('overflow-hidden');
    return () => root.classList.remove('overflow-hidden');
  }, [open]);

  const onClosed = () => {
    // Escape may close the dialog without asking (no user activation): keep the store in step.
    if ($cart.get().isCartOpen) closeCart();
    const target = returnFocus.current?.isConnected ? returnFocus.current : document.querySelector<HTMLElement>('[data-cart-button]');
    returnFocus.current = null;
    target?.focus();
  };

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    closeCart();
  };

  // The panel fills the dialog, so a click whose target is the dialog itself landed on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) closeCart();
  };


  const count = hydrated ? cartCount(cartItems) : 0;
  const signedIn = hydrated && isAuthenticated;

  return (
    <dialog
      ref={dialogRef}
      id={CART_DRAWER_ID}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onClosed}
      onClick={onClick}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[26rem] max-w-[92vw] translate-x-0 bg-page p-0 text-on-page shadow-2xl transition-[translate,overlay,display] transition-discrete duration-300 backdrop:bg-black/40 starting:open:translate-x-full not-open:translate-x-full"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-current/10 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold">
            Cart({count})
          </h2>
          <button
            ref={closeRef}
            type="button"
            aria-label="Close cart"
            onClick={closeCart}
            className="inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-current/10"
          >
            <CloseIcon />
          </button>
        </div>

        {syncError && <SyncRetry message={syncError} className="mx-5 mt-4 px-3 py-2" />}

        {count === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-5 px-5 text-center">
            <p className="text-base">Your cart is empty</p>
            <a href={ROUTES.shop} className={primaryInline}>
              CONTINUE SHOPPING
            </a>
          </div>
        ) : (
          <>
            <div className="flex-1 overflow-y-auto px-5">
              <CartLines lines={cartItems} interactive={hydrated} />
            </div>
            <div className="space-y-3 border-t border-current/10 px-5 py-4">
              <CartSummary lines={cartItems} />
              <a href={checkoutHref(signedIn)} className={primaryButton}>
                Checkout
              </a>
              <div className="grid grid-cols-2 gap-3">
                <a href={ROUTES.cart} className={secondaryButton}>
                  View Cart
                </a>
                <a href={ROUTES.shop} className={secondaryButton}>
                  CONTINUE SHOPPING
                </a>
              </div>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(CartDrawer, 'cd');
