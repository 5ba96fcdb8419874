/**
 * 'Remove' on a row of the server-rendered wishlist (/my-account/wishlist).
 * The store removes the product (toasting the server's message, refetching);
 * once the API confirms, the row leaves the page, and the empty state shows
 * when it was the last one. Focus moves to the list's heading so keyboard
 * users are not dropped at the top of the page.
 */
import { useRef, useState } from 'react';
import { browserApi } from '../../stores/api-client.ts';
import { removeFromWishlist } from '../../stores/wishlist.ts';

interface Props {
  productId: number;
  name: string;
}

/** Hides the row holding `button`; shows the empty state when no row is left. */
function dropRow(button: HTMLElement): void {
  const row = button.closest<HTMLElement>('[data-wishlist-item]');
  if (!row) return;
  row.hidden = true;
  const list = row.closest<HTMLElement>('[data-wishlist-list]');
  const left = list?.querySelectorAll('[data-wishlist-item]:not([hidden])').length ?? 0;
  const section = row.closest('section');
  if (list && left === 0) {
    list.hidden = true;
    const empty = section?.querySelector<HTMLElement>('[data-wishlist-empty]');
    if (empty) empty.hidden = false;
  }
  section?.querySelector<HTMLElement>('[data-wishlist-heading]')?.focus();
}

export default function RemoveFromWishlist({ productId, name }: Props) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    const removed = await removeFromWishlist(browserApi(), productId);
    setBusy(false);
    if (removed && buttonRef.current) dropRow(buttonRef.current);
  };

  return (
    <button
      ref={buttonRef}
      type="button"
      aria-busy={busy}
      aria-label={`Remove ${name} from wishlist`}
      onClick={() => void remove()}
      className="inline-flex items-center justify-center rounded-full border border-current/30 px-4 py-2 text-xs font-semibold transition-colors hover:bg-current/10 aria-busy:cursor-progress aria-busy:opacity-60"
    >
      Remove
    </button>
  );
}
