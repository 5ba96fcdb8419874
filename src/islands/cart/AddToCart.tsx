/**
 * The "Add to cart" button of a server-rendered add-to-cart form (product
 * page, product cards, wishlist rows). The form posts to /cart/add and works
 * before hydration and without JavaScript; once hydrated this island takes
 * the form's submit, reads the chosen size from it (the SizePicker radios,
 * or a hidden variant_id) and calls the cart store, which adds the line,
 * toasts and opens the drawer (SPEC §2 Cart popup, §4 Cart). A product with
 * sizes needs one chosen: 'Please select a size' shows otherwise.
 * `compact` is the small button of cards and lists.
 */
import { useEffect, useRef, useState } from 'react';
import { CART_ERROR_PARAM, CART_ERRORS, checkAdd } from '../../lib/add-to-cart.ts';
import type { AddableProduct, SelectedVariant } from '../../lib/cart.ts';
import { DEFAULT_ADD_QUANTITY, MAX_CART_LINE_QUANTITY } from '../../lib/constants.ts';
import { browserApi } from '../../stores/api-client.ts';
import { addToCart } from '../../stores/cart.ts';

interface Props {
  product: AddableProduct;
  /** The product's sizes (sold-out ones too); [] when it is sold without sizes. */
  variants: SelectedVariant[];
  compact?: boolean;
  /** A message the server sent back with the page (`?cart_error=`). */
  initialError?: string | null;
}

function formNumber(form: HTMLFormElement, name: string): number | null {
  const value = new FormData(form).get(name);
  const number = typeof value === 'string' && value !== '' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

export default function AddToCart({ product, variants, compact = false, initialError = null }: Props) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(initialError);

  useEffect(() => {
    const form = buttonRef.current?.form;
    if (!form) return;
    // The server's message has been read; a reload should not show it again.
    if (initialError && new URLSearchParams(location.search).has(CART_ERROR_PARAM)) {
      const url = new URL(location.href);
      url.searchParams.delete(CART_ERROR_PARAM);
      history.replaceState(history.state, '', url);
    }

    const onSubmit = async (event: SubmitEvent) => {
      event.preventDefault();
      if (busyRef.current) return;
      const check = checkAdd(variants, product.quantity, formNumber(form, 'variant_id'));
      if (!check.ok) {
        setMessage(CART_ERRORS[check.code]);
        if (check.code === 'size') form.querySelector<HTMLElement>('[name="variant_id"]:not(:disabled)')?.focus();
        return;
      }
      setMessage(null);
      const quantity = Math.min(formNumber(form, 'quantity') ?? DEFAULT_ADD_QUANTITY, MAX_CART_LINE_QUANTITY);
      busyRef.current = true;
      setBusy(true);
      try {
        await addToCart(browserApi(), product, check.variant, quantity);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    };
    const onChange = () => setMessage(null);
    const submitListener = (event: Event) => void onSubmit(event as SubmitEvent);
    form.addEventListener('submit', submitListener);
    form.addEventListener('change', onChange);
    return () => {
      form.removeEventListener('submit', submitListener);
      form.removeEventListener('change', onChange);
    };
  }, [product, variants, initialError]);

  const size = compact ? 'px-4 py-2 text-xs' : 'w-full px-6 py-3 text-sm sm:w-auto sm:min-w-48';
  return (
    <div className={compact ? 'flex flex-col gap-1' : 'flex flex-col gap-2'}>
      <button
        ref={buttonRef}
        type="submit"
        aria-busy={busy}
        // Cards and lists have one per product; the visible words lead the name.
        aria-label={compact ? `Add to cart: ${product.name}` : undefined}
        className={`inline-flex items-center justify-center rounded-full bg-button font-semibold text-on-button transition-opacity hover:opacity-90 aria-busy:cursor-progress aria-busy:opacity-60 ${size}`}
      >
        Add to cart
      </button>
      <p role="alert" className={message ? 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800' : 'sr-only'}>
        {message}
      </p>
    </div>
  );
}
