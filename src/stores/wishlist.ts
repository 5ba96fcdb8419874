/**
 * Wishlist of the signed-in shopper (SPEC §4 Wishlist, §7). The server holds
 * it; this store keeps the last list (persisted) so hearts show at once.
 * Adding or removing refetches the list and toasts the server's message;
 * a signed-out shopper gets false without a call (the UI asks them to sign in).
 */
import { atom, computed } from 'nanostores';
import type { ApiClient } from '../lib/api/client.ts';
import type { Outcome } from '../lib/api/parsed.ts';
import { addToWishlistCall, getWishlist, removeFromWishlistCall, type WishlistEntry } from '../lib/api/wishlist.ts';
import type { AddableProduct } from '../lib/cart.ts';
import { isRupeeAmount } from '../lib/money.ts';
import { browserApi } from './api-client.ts';
import { $auth } from './auth.ts';
import { persistGroup } from './persist.ts';
import { showToast, toastOutcome } from './toast.ts';

/** An entry of GET /customer/wishlist (the contract's name for it here). */
export type WishlistItem = WishlistEntry;

export interface WishlistState {
  items: WishlistItem[];
  loading: boolean;
  error: string | null;
}

export const INITIAL_WISHLIST: WishlistState = Object.freeze({ items: [], loading: false, error: null });

export const $wishlist = atom<WishlistState>(INITIAL_WISHLIST);

const isPriceOrNone = (value: unknown) => value === null || value === undefined || isRupeeAmount(value);

/** A stored entry: a product id, and prices checked as the seam checks an answer's (decision 052). */
const isStoredEntry = (item: unknown): item is WishlistItem =>
  typeof item === 'object' &&
  item !== null &&
  Number.isSafeInteger((item as WishlistItem).product_id) &&
  isRupeeAmount((item as WishlistItem).final_price) &&
  isPriceOrNone((item as WishlistItem).old_price) &&
  isPriceOrNone((item as WishlistItem).new_price);

/** A stored wishlist group made whole: readable entries only. */
export function restoreWishlist(stored: unknown): WishlistState {
  if (typeof stored !== 'object' || stored === null) return INITIAL_WISHLIST;
  const { items, error } = stored as Partial<WishlistState>;
  return {
    ...INITIAL_WISHLIST,
    items: Array.isArray(items) ? items.filter(isStoredEntry) : [],
    error: typeof error === 'string' ? error : null,
  };
}

persistGroup('wishlist', $wishlist, (stored) => restoreWishlist(stored));

/** The product ids in the wishlist (for the heart on each product). */
export const $wishlistIds = computed($wishlist, ({ items }) => new Set(items.map((item) => item.product_id)));

const update = (patch: Partial<WishlistState>) => $wishlist.set({ ...$wishlist.get(), ...patch });
const signedInToken = () => ($auth.get().isAuthenticated ? ($auth.get().user?.token ?? null) : null);

let fetchRound = 0;

/** Signed in: the server's list. Signed out: nothing to fetch. */
export async function fetchWishlist(api: ApiClient): Promise<void> {
  const token = signedInToken();
  if (!token) return;
  const round = ++fetchRound;
  update({ loading: true });
  const result = await getWishlist(api);
  // A later fetch, a cancelled call or a sign-out meanwhile makes this answer stale.
  if (round !== fetchRound) return;
  if ((!result.ok && result.cancelled) || signedInToken() !== token) {
    update({ loading: false });
    return;
  }
  if (!result.ok) {
    update({ loading: false, error: result.messages.join(', ') });
    for (const message of result.messages) showToast('error', message, 'notification');
    return;
  }
  update({ loading: false, error: null, items: result.value });
}

/** A change's answer: its toasts; on success the list is refetched. Resolves true on success. */
async function afterChange(api: ApiClient, result: Outcome<true>): Promise<boolean> {
  toastOutcome(result, {}, 'notification');
  if (!result.ok) {
    if (!result.cancelled) update({ error: result.messages.join(', ') });
    return false;
  }
  await fetchWishlist(api);
  return true;
}

export async function addToWishlist(
  api: ApiClient,
  product: Pick<AddableProduct, 'id' | 'retailer_id' | 'wholesaler_id'>,
): Promise<boolean> {
  if (!signedInToken()) return false;
  const result = await addToWishlistCall(api, {
    product_id: product.id,
    retailer_id: product.retailer_id ?? null,
    wholesaler_id: product.wholesaler_id ?? null,
  });
  return afterChange(api, result);
}

export async function removeFromWishlist(api: ApiClient, productId: number): Promise<boolean> {
  if (!signedInToken()) return false;
  return afterChange(api, await removeFromWishlistCall(api, { product_id: productId }));
}

// Once per page load when signed in, and again on sign-in (a GET, harmless if a navigation cuts it off).
if (typeof window !== 'undefined') {
  let wasSignedIn = $auth.get().isAuthenticated;
  if (wasSignedIn) void fetchWishlist(browserApi());
  $auth.listen(({ isAuthenticated }) => {
    if (isAuthenticated && !wasSignedIn) void fetchWishlist(browserApi());
    wasSignedIn = isAuthenticated;
  });
}
