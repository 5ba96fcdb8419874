/**
 * The wishlist heart of the product page and product cards (SPEC §4
 * Wishlist, §6). The server renders it unpressed for everyone, so the page
 * stays the same for all and cacheable; once hydrated, a signed-in shopper's
 * heart shows whether the product is in their wishlist ($wishlistIds) and
 * toggles it (the store toasts the server's message and refetches). A
 * signed-out shopper is asked to sign in: a small note with a link to /signin.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AddableProduct } from '../../lib/cart.ts';
import { ROUTES } from '../../lib/routes.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $auth } from '../../stores/auth.ts';
import { $wishlistIds, addToWishlist, removeFromWishlist } from '../../stores/wishlist.ts';
import { useDismiss } from '../ui/use-dismiss.ts';

interface Props {
  product: Pick<AddableProduct, 'id' | 'retailer_id' | 'wholesaler_id'>;
  /** The product's name, for the button's label on cards (several hearts on a page). */
  name?: string;
  compact?: boolean;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z" />
    </svg>
  );
}

export default function WishlistButton({ product, name, compact = false }: Props) {
  const { isAuthenticated } = useStore($auth);
  const ids = useStore($wishlistIds);
  // The first render matches the server's unpressed heart; the stored sign-in shows after hydration.
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const [askSignIn, setAskSignIn] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const noteId = useId();
  const signedIn = hydrated && isAuthenticated;
  const pressed = signedIn && ids.has(product.id);

  useEffect(() => setHydrated(true), []);
  // The store reads the wishlist once per page load when signed in (src/stores/wishlist.ts).
  useEffect(() => {
    if (signedIn) setAskSignIn(false);
  }, [signedIn]);

  // The sign-in note takes focus; it closes on an outside click, or on Escape (focus back to the heart).
  useEffect(() => {
    if (askSignIn) linkRef.current?.focus();
  }, [askSignIn]);
  useDismiss(askSignIn, wrapperRef, () => setAskSignIn(false), buttonRef);

  const toggle = async () => {
    if (!signedIn) {
      setAskSignIn(true);
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      if (pressed) await removeFromWishlist(browserApi(), product.id);
      else await addToWishlist(browserApi(), product);
    } finally {
      setBusy(false);
    }
  };

  const label = name ? `Save ${name} to wishlist` : 'Save to wishlist';
  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-pressed={pressed}
        aria-busy={busy}
        aria-describedby={askSignIn ? noteId : undefined}
        onClick={() => void toggle()}
        className={`inline-flex items-center justify-center rounded-full border border-current/20 bg-page text-on-page transition-colors hover:bg-current/10 aria-busy:cursor-progress aria-pressed:text-red-600 ${compact ? 'size-9' : 'size-12'}`}
      >
        <HeartIcon filled={pressed} />
      </button>
      <div
        id={noteId}
        role="status"
        className={
          askSignIn
            ? `absolute top-full right-0 z-20 mt-2 rounded-lg border border-current/15 bg-page text-left text-on-page shadow-lg ${
                // A card clips what leaves its image, so the note stays narrow there.
                compact ? 'w-40 p-2 text-xs' : 'w-60 p-3 text-sm'
              }`
            : 'sr-only'
        }
      >
        {askSignIn && (
          <>
            <p>Sign in to save items to your wishlist.</p>
            <a ref={linkRef} href={ROUTES.signIn} className="mt-2 inline-block font-semibold underline">
              Sign in
            </a>
          </>
        )}
      </div>
    </div>
  );
}
