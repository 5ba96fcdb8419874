/**
 * The header's cart control (SPEC §2 Header, Cart popup). The server renders
 * the plain link to /cart, the same for every visitor (pages stay cacheable
 * and work without JavaScript). Once hydrated it is a button that opens the
 * drawer, with the number of lines as a badge ('Cart(count)' counts lines).
 */
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { cartCount } from '../../lib/cart.ts';
import { ROUTES } from '../../lib/routes.ts';
import { $cart, openCart } from '../../stores/cart.ts';
import { useEnhanced } from '../ui/use-enhanced.ts';
import { markPureIsland } from '../../lib/pure-island.ts';

export const CART_DRAWER_ID = 'cart-drawer';

// The same classes as the header's other icon links (Header.astro).
const iconLink =
  'relative inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-current/10';

function BagIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 7h12l-1 13H7L6 7Z"></path>
      <path d="M9 7V6a3 3 0 0 1 6 0v1"></path>
    </svg>
  );
}

export function cartButtonLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export default function CartButton() {
  const { cartItems, isCartOpen } = useStore($cart);
  // The first render matches the server's link; the stored cart shows only after hydration.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const hydrated = useEnhanced(() => buttonRef.current ?? linkRef.current);

  if (!hydrated) {
    return (
      <a ref={linkRef} href={ROUTES.cart} className={iconLink} aria-label="Cart" data-reach="cart">
        <BagIcon />
      </a>
    );
  }

  const count = cartCount(cartItems);
  return (
    <button
      ref={buttonRef}
      type="button"
      data-cart-button
      data-reach="cart"
      className={iconLink}
      aria-label={cartButtonLabel(count)}
      aria-haspopup="dialog"
      aria-expanded={isCartOpen}
      aria-controls={CART_DRAWER_ID}
      onClick={openCart}
    >
      <BagIcon />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-button px-1 text-[0.7rem] leading-5 font-semibold text-on-button tabular-nums"
        >
          {count}
        </span>
      )}
    </button>
  );
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(CartButton, 'cb');
