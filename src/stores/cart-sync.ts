/**
 * The guest cart after sign-in (SPEC §4 Cart, §5 Cart and sync rules): guest
 * lines go to the server once with add-to-cart-guest, then the cart is
 * refetched; a failure keeps them and sets syncError for a retry. Also the
 * cart's start on each page: lines a no-JavaScript post left in the
 * guest_cart cookie join the cart, and a signed-in cart is synced or fetched.
 */
import { atom } from 'nanostores';
import { guestCartItem, syncGuestCartCall } from '../lib/api/cart.ts';
import type { ApiClient } from '../lib/api/client.ts';
import { addGuestLine, guestSyncKeyFor, lineLimit, sameLine, type CartLine } from '../lib/cart.ts';
import { GUEST_CART_COOKIE, guestCartFromCookieHeader } from '../lib/guest-cart-cookie.ts';
import { MESSAGES } from '../lib/messages.ts';
import { browserApi } from './api-client.ts';
import { $auth, isAuthActionRunning } from './auth.ts';
import {
  $cart,
  adoptStoredCart,
  changingServerCart,
  failCart,
  fetchCart,
  isGuestLine,
  notifyCart,
  signedInToken,
  updateCart,
  whileLoading,
} from './cart-state.ts';
import { readPersistedState } from './persist.ts';
import { toastOutcome } from './toast.ts';

/** 128 random bits in hex; getRandomValues works on plain-HTTP pages too, where randomUUID does not. */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Runs `work` alone across this browser's tabs when the browser offers locks. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('store-cart-sync', work) : work();
}

async function syncNow(api: ApiClient): Promise<boolean> {
  // Another tab may have sent the same stored guest lines while this one waited.
  adoptStoredCart(readPersistedState().cart);
  const token = signedInToken();
  const guest = $cart.get().cartItems.filter(isGuestLine);
  if (!token || guest.length === 0) {
    updateCart({ error: MESSAGES.cart.nothingToSync, syncError: null });
    return false;
  }
  const items = guest.map(guestCartItem);
  // Stored before the call goes out, so a retry or a reload meanwhile sends the same key.
  const syncKey = guestSyncKeyFor($cart.get().syncKey, items, randomKey);
  updateCart({ syncKey });
  return whileLoading(async () => {
    const result = await changingServerCart(() => syncGuestCartCall(api, items, syncKey.key));
    if ((!result.ok && result.cancelled) || signedInToken() !== token) return false;
    if (!result.ok) {
      failCart(result.messages, { syncError: result.messages.join(', ') });
      return false;
    }
    // Dropped before the refetch, so a reload meanwhile cannot send them twice.
    const sent = (line: CartLine) => isGuestLine(line) && guest.some((other) => sameLine(other, line));
    updateCart({ cartItems: $cart.get().cartItems.filter((line) => !sent(line)), syncKey: null, syncError: null, error: null });
    toastOutcome(result, {}, 'notification');
    for (const message of Object.values(result.value.skipped).flat()) notifyCart('error', message);
    await fetchCart(api);
    return true;
  });
}

/** This document's part in the guest-cart sync: the sync running, whether the page is leaving, whether the cart has started. */
const page = { syncing: null as Promise<boolean> | null, leaving: false, started: false };

/** After sign-in: the guest lines go to the server once, then the cart is refetched. A call meanwhile joins the running one. */
export function syncGuestCart(api: ApiClient): Promise<boolean> {
  page.syncing ??= exclusively(() => syncNow(api)).finally(() => {
    page.syncing = null;
  });
  return page.syncing;
}

/** The signed-in page start: guest lines are synced (which refetches), else the cart is fetched. */
async function refreshSignedIn(api: ApiClient): Promise<void> {
  if (!signedInToken()) return;
  if ($cart.get().cartItems.some(isGuestLine)) {
    if (await syncGuestCart(api)) return;
  }
  await fetchCart(api);
}

/** Lines a no-JavaScript add-to-cart post left in the cookie join the guest lines; the cookie goes. */
function takeCookieLines(): void {
  if (!document.cookie.split(';').some((part) => part.trim().startsWith(`${GUEST_CART_COOKIE}=`))) return;
  // Lines the rules would leave empty (no stock) are not taken.
  const lines = guestCartFromCookieHeader(document.cookie).filter((line) => line.quantity >= 1 && lineLimit(line) >= 1);
  document.cookie = `${GUEST_CART_COOKIE}=; Max-Age=0; Path=/`;
  if (lines.length === 0) return;
  const items = $cart.get().cartItems;
  const guest = lines.reduce(addGuestLine, items.filter(isGuestLine));
  updateCart({ cartItems: [...items.filter((line) => !isGuestLine(line)), ...guest] });
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * This tab's sign-in (an auth action is running): its caller usually
 * navigates when it resolves, and a sync cut off by that navigation could
 * reach the server without the answer reaching us, sending the lines twice.
 * So the sync waits for the action and its caller, and runs only if the page
 * stays (a sign-in in a dialog); otherwise the next page's start runs it.
 * Another tab's sign-in is left to that tab: its lines arrive here through storage.
 */
function watchSignIn(): void {
  const navigation = 'navigation' in window ? window.navigation : undefined;
  navigation?.addEventListener('navigate', (event) => {
    if (!event.destination.sameDocument && !event.downloadRequest) page.leaving = true;
  });
  window.addEventListener('pagehide', () => (page.leaving = true));
  window.addEventListener('pageshow', () => (page.leaving = false));
  let wasSignedIn = $auth.get().isAuthenticated;
  $auth.listen(({ isAuthenticated }) => {
    const justSignedIn = isAuthenticated && !wasSignedIn;
    wasSignedIn = isAuthenticated;
    if (!justSignedIn || !isAuthActionRunning()) return;
    void (async () => {
      do await nextTask();
      while (isAuthActionRunning());
      await nextTask();
      if (!page.leaving) await refreshSignedIn(browserApi());
    })();
  });
}

/**
 * The cart's start on each page, called once by the page's start script
 * (src/scripts/cart-start.ts): lines a no-JavaScript add left in the cookie
 * join the cart, a signed-in cart is read (or the guest lines synced), and
 * this tab's sign-ins are watched from then on.
 */
export function startCart(): void {
  if (page.started || typeof window === 'undefined' || typeof document === 'undefined') return;
  page.started = true;
  watchSignIn();
  takeCookieLines();
  void refreshSignedIn(browserApi()).finally(() => $cartReady.set(true));
}

/**
 * True once this page's start has read the cart (or had nothing to read).
 * Islands may hydrate before the page's start script runs, so one that must
 * show the server's lines (cart page, checkout) waits for this, not only for
 * `loading` to be off.
 */
export const $cartReady = atom(false);
