/**
 * The cart's money (SPEC §9: price × quantity, shipping shown as 'Free') and
 * the links both cart screens share. All amounts are summed in paise
 * (src/lib/cart.ts) and shown with Indian grouping.
 */
import { cartSubtotalPaise, type CartLine } from '../../lib/cart.ts';
import { SHIPPING_COST_LABEL } from '../../lib/constants.ts';
import { formatPaiseAsRupees } from '../../lib/money.ts';
import { ROUTES } from '../../lib/routes.ts';

/** /cart with the sign-in prompt (SPEC §2, §6: signed-out checkout from the cart). */
export const CART_LOGIN_PATH = `${ROUTES.cart}?login=1`;

/** SPEC §2 Cart popup: Checkout goes to /checkout when signed in, else to /cart with a login prompt. */
export function checkoutHref(signedIn: boolean): string {
  return signedIn ? ROUTES.checkout : CART_LOGIN_PATH;
}

/** A button-styled link of its own width (prompts, empty states). */
export const primaryInline =
  'inline-flex items-center justify-center rounded-md bg-button px-8 py-3 text-center text-sm font-semibold text-on-button transition-opacity hover:opacity-90';
export const primaryButton = `${primaryInline} w-full`;
export const secondaryButton =
  'inline-flex w-full items-center justify-center rounded-md border border-current/25 px-3 py-3 text-center text-sm font-semibold transition-colors hover:bg-current/5';

interface Props {
  lines: readonly CartLine[];
  /** The page also lists shipping and the total; the drawer shows the subtotal only. */
  full?: boolean;
}

export default function CartSummary({ lines, full = false }: Props) {
  const subtotal = formatPaiseAsRupees(cartSubtotalPaise(lines));
  const row = 'flex items-center justify-between gap-4 py-1.5';
  return (
    <dl className="text-sm">
      <div className={row}>
        <dt>Subtotal</dt>
        <dd className="font-semibold tabular-nums">{subtotal}</dd>
      </div>
      {full && (
        <>
          <div className={row}>
            <dt>Shipping</dt>
            <dd className="font-semibold">{SHIPPING_COST_LABEL}</dd>
          </div>
          <div className={`${row} mt-1 border-t border-current/15 pt-3 text-base`}>
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold tabular-nums">{subtotal}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
