/**
 * The cart state group of SPEC §3 (Cart state): the store, its persisted
 * copy (SPEC §3 Persisted client state; the drawer and a sync error are not
 * restored), other tabs' changes (SPEC §4 Cross-tab sync), and reading the
 * signed-in cart from the server. The helpers exported here are for the
 * cart's own modules: cart.ts (the shopper's actions) and cart-sync.ts (the
 * guest cart after sign-in). Islands import src/stores/cart.ts.
 */
import { atom } from 'nanostores';
import { getCart } from '../lib/api/cart.ts';
import type { ApiClient } from '../lib/api/client.ts';
import type { CartLine, GuestSyncKey } from '../lib/cart.ts';
import { MESSAGES } from '../lib/messages.ts';
import { isRupeeAmount } from '../lib/money.ts';
import { $auth } from './auth.ts';
import { onPersistedStateChange, persistGroup } from './persist.ts';
import { showToast } from './toast.ts';

export interface CartState {
  cartItems: CartLine[];
  loading: boolean;
  addLoading: boolean;
  error: string | null;
  isCartOpen: boolean;
  syncError: string | null;
  /** The guest-cart sync's key, kept (and restored) until its lines are in the server's cart. */
  syncKey: GuestSyncKey | null;
}

export const INITIAL_CART: CartState = Object.freeze({
  cartItems: [],
  loading: false,
  addLoading: false,
  error: null,
  isCartOpen: false,
  syncError: null,
  syncKey: null,
});

export const $cart = atom<CartState>(INITIAL_CART);

const isSyncKey = (value: unknown): value is GuestSyncKey =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as GuestSyncKey).key === 'string' &&
  typeof (value as GuestSyncKey).lines === 'string';

/** A stored line's price is checked as the seam checks an answer's, so the cart reads its paise without a fallback (decision 052). */
const isStoredVariant = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'object' && isRupeeAmount((value as { final_price?: unknown }).final_price));

const isLine = (value: unknown): value is CartLine =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as CartLine).product_id) &&
  Number.isSafeInteger((value as CartLine).quantity) &&
  (value as CartLine).quantity >= 1 &&
  isRupeeAmount((value as CartLine).final_price) &&
  isStoredVariant((value as CartLine).selected_variant);

/** A stored cart group made whole: valid lines only; the drawer closed and no sync error after a reload. */
export function restoreCart(stored: unknown): CartState {
  if (typeof stored !== 'object' || stored === null) return INITIAL_CART;
  const { cartItems, error, syncKey } = stored as Partial<CartState>;
  return {
    ...INITIAL_CART,
    cartItems: Array.isArray(cartItems) ? cartItems.filter(isLine).map((line) => ({ ...line, selected_variant: line.selected_variant ?? null })) : [],
    error: typeof error === 'string' ? error : null,
    syncKey: isSyncKey(syncKey) ? { key: syncKey.key, lines: syncKey.lines } : null,
  };
}

persistGroup('cart', $cart, (stored) => restoreCart(stored));

export const updateCart = (patch: Partial<CartState>) => $cart.set({ ...$cart.get(), ...patch });
/** Cart and wishlist toasts belong to SPEC §9's notification flow (2 s). */
export const notifyCart = (kind: 'success' | 'error', message: string) => showToast(kind, message, 'notification');
export const signedInToken = () => ($auth.get().isAuthenticated ? ($auth.get().user?.token ?? null) : null);
/** A line without cart_id: a guest's, sent once with add-to-cart-guest after sign-in. */
export const isGuestLine = (line: CartLine) => line.cart_id === undefined || line.cart_id === null;

/** Another tab's cart (SPEC §4 Cross-tab sync) replaces the lines here; this tab's drawer and flags stay. */
export function adoptStoredCart(stored: unknown): void {
  if (stored === undefined) return; // a cleared state is a logout, which auth.ts applies
  const { cartItems, error, syncKey } = restoreCart(stored);
  const current = $cart.get();
  // Unchanged lines are not set again, so tabs writing back to each other settle.
  const same = JSON.stringify([cartItems, error, syncKey]) === JSON.stringify([current.cartItems, current.error, current.syncKey]);
  if (same) return;
  // The sync key comes along: this tab may retry the sync another tab sent.
  updateCart({ cartItems, error, syncKey });
}

onPersistedStateChange((state) => adoptStoredCart(state.cart));

/** A failure: error set to its texts (comma-joined) and one error toast per text. */
export function failCart(messages: readonly string[], patch: Partial<CartState> = {}): void {
  updateCart({ ...patch, error: messages.join(', ') });
  for (const message of messages) notifyCart('error', message);
}

/**
 * The cart's bookkeeping of calls in flight, in one place (never shown, never
 * persisted): fetches and syncs running, the round of the latest fetch, the
 * signed-in changes started and still out, and a fetch owed once they are done.
 */
export const cartCalls = {
  loads: 0,
  fetchRound: 0,
  changesStarted: 0,
  changesRunning: 0,
  /** A fetch that overlapped a change reads again once the changes are done. */
  refetchAfterChanges: null as ApiClient | null,
};

/** `loading` stays on while any fetch or sync runs. */
export async function whileLoading<T>(work: () => Promise<T>): Promise<T> {
  cartCalls.loads += 1;
  updateCart({ loading: true });
  try {
    return await work();
  } finally {
    cartCalls.loads -= 1;
    updateCart({ loading: cartCalls.loads > 0 });
  }
}

/**
 * Runs a call that changes the server's cart. A fetch whose read overlapped it
 * may predate the change, so that fetch's answer is dropped and the cart is
 * read again once no change is out (a quick plus while the page's first
 * fetch is out must not be undone by that fetch's older answer).
 */
export async function changingServerCart<T>(call: () => Promise<T>): Promise<T> {
  cartCalls.changesStarted += 1;
  cartCalls.changesRunning += 1;
  try {
    return await call();
  } finally {
    cartCalls.changesRunning -= 1;
    const api = cartCalls.refetchAfterChanges;
    if (cartCalls.changesRunning === 0 && api && signedInToken()) {
      cartCalls.refetchAfterChanges = null;
      void fetchCart(api);
    }
  }
}

/** Signed in: the server's lines, plus guest lines not yet synced. Signed out: refused, no call. */
export async function fetchCart(api: ApiClient): Promise<void> {
  const token = signedInToken();
  if (!token) {
    updateCart({ error: MESSAGES.cart.notAuthenticated });
    return;
  }
  const round = ++cartCalls.fetchRound;
  const overlapped = cartCalls.changesRunning > 0;
  const startedBefore = cartCalls.changesStarted;
  await whileLoading(async () => {
    const result = await getCart(api);
    // A later fetch, a cancelled call or a sign-out meanwhile makes this answer stale.
    if (round !== cartCalls.fetchRound || (!result.ok && result.cancelled) || signedInToken() !== token) return;
    if (overlapped || cartCalls.changesStarted !== startedBefore) {
      if (cartCalls.changesRunning > 0) cartCalls.refetchAfterChanges = api;
      else void fetchCart(api);
      return;
    }
    if (!result.ok) return failCart(result.messages);
    updateCart({ cartItems: [...result.value, ...$cart.get().cartItems.filter(isGuestLine)], error: null });
  });
}
