/**
 * The cart's lines (SPEC §2 Cart popup, §4 Cart, §5 Cart rules), shared by the
 * drawer and the /cart page. Each line: image, name (a link when the slug is
 * known), 'Size: M', line price (final price × quantity), minus / plus and
 * REMOVE. Plus is offered only while `canIncrease`; minus at 1 removes.
 *
 * Until `interactive` (the island has hydrated and the lines are the store's)
 * the controls are shown but disabled: the server's HTML cannot change a
 * cart, and a line the store does not hold yet has nothing to act on. While a line's own call
 * runs its controls wait, so a double click cannot race itself.
 */
import { useState } from 'react';
import { canIncrease, decreaseRemoves, linePaise, type CartLine } from '../../lib/cart.ts';
import { formatPaiseAsRupees, formatRupees } from '../../lib/money.ts';
import { productPath } from '../../lib/routes.ts';
import { browserApi } from '../../stores/api-client.ts';
import { changeQuantity, removeFromCart } from '../../stores/cart.ts';

interface Props {
  lines: readonly CartLine[];
  interactive: boolean;
  /** 'drawer' is compact; 'page' gives the image more room. */
  variant?: 'drawer' | 'page';
}

/**
 * A line's identity for React and the pending set: the server's line id, or
 * 'guest', with product and size (SPEC §4). Before a sync, or after a failed
 * one, a guest line and a server line of the same product and size sit side by side.
 */
export function lineKey(line: Pick<CartLine, 'cart_id' | 'product_id' | 'selected_variant'>): string {
  return `${line.cart_id ?? 'guest'}:${line.product_id}:${line.selected_variant?.product_variation ?? ''}`;
}

/** The first image of a line (the API sends the cover; older data may be a comma-separated list). */
function lineImage(line: CartLine): string | null {
  const first = line.product_images?.split(',')[0]?.trim();
  return first ? first : null;
}

const stepButton =
  'inline-flex size-8 items-center justify-center rounded-md text-lg leading-none transition-colors hover:bg-current/10 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent';

export default function CartLines({ lines, interactive, variant = 'drawer' }: Props) {
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const run = async (line: CartLine, action: () => Promise<void>) => {
    const key = lineKey(line);
    setPending((current) => new Set(current).add(key));
    try {
      await action();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  };

  const imageBox = variant === 'page' ? 'w-24 sm:w-28' : 'w-20';

  return (
    <ul className="divide-y divide-current/10">
      {lines.map((line) => {
        const key = lineKey(line);
        const busy = !interactive || pending.has(key);
        const image = lineImage(line);
        const size = line.selected_variant?.product_variation;
        return (
          <li key={key} aria-label={line.product_name} className="flex gap-4 py-4">
            <LineImage src={image} alt={line.product_name} className={imageBox} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex items-start justify-between gap-3">
                <p className="min-w-0 text-sm font-semibold">
                  {line.product_slug ? (
                    <a href={productPath(line.product_slug)} className="hover:underline">
                      {line.product_name}
                    </a>
                  ) : (
                    line.product_name
                  )}
                </p>
                <p className="shrink-0 text-sm font-semibold tabular-nums">{formatPaiseAsRupees(linePaise(line))}</p>
              </div>
              {size && <p className="text-xs opacity-80">Size: {size}</p>}
              {line.quantity > 1 && (
                <p className="text-xs tabular-nums opacity-70">{formatRupees(line.final_price)} each</p>
              )}
              <div className="mt-auto flex items-center justify-between gap-3 pt-2">
                <div
                  role="group"
                  aria-label={`Quantity of ${line.product_name}`}
                  className="inline-flex items-center gap-1 rounded-lg border border-current/20 p-0.5"
                >
                  <button
                    type="button"
                    className={stepButton}
                    disabled={busy}
                    aria-label={`Decrease quantity of ${line.product_name}`}
                    title={decreaseRemoves(line) ? 'Removes the item' : undefined}
                    onClick={() => void run(line, () => changeQuantity(browserApi(), line, -1))}
                  >
                    <span aria-hidden="true">−</span>
                  </button>
                  <span className="min-w-6 text-center text-sm font-medium tabular-nums" aria-live="polite" aria-atomic="true">
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    className={stepButton}
                    disabled={busy || !canIncrease(line, lines)}
                    aria-label={`Increase quantity of ${line.product_name}`}
                    onClick={() => void run(line, () => changeQuantity(browserApi(), line, 1))}
                  >
                    <span aria-hidden="true">+</span>
                  </button>
                </div>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(line, () => removeFromCart(browserApi(), line))}
                  className="rounded-md px-2 py-1 text-xs font-semibold tracking-wide underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-40"
                >
                  REMOVE<span className="sr-only"> {line.product_name}</span>
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A 4:5 thumbnail that loads lazily and shows its alt text if it fails (SPEC §2 images). */
function LineImage({ src, alt, className }: { src: string | null; alt: string; className: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`relative block aspect-[4/5] shrink-0 overflow-hidden rounded-lg bg-current/5 ${className}`}>
      {src && !failed ? (
        <img
          src={src}
          alt={alt}
          width={160}
          height={200}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center p-1 text-center text-[0.65rem] leading-tight opacity-70">
          {alt}
        </span>
      )}
    </span>
  );
}
