/**
 * Cart state of SPEC §3 and its transitions of SPEC §4 (Cart), §5 (Cart and
 * sync rules) and §6: a guest's cart lives only here (persisted), a signed-in
 * shopper's on the server. Lines follow the pure rules of src/lib/cart.ts.
 * A line without cart_id is a guest line: after sign-in it is sent once with
 * add-to-cart-guest and then dropped for the server's copy.
 */
import { atom } from 'nanostores';
import {
  addToCartCall,
  addToCartPayload,
  addedLineOf,
  cartLinesOf,
  getCart,
  guestCartItem,
  removeFromCartCall,
  removeFromCartPayload,
  syncGuestCartCall,
  updateCartQuantityCall,
} from '../lib/api/cart.ts';
import { failureMessages, isFailure, type ApiClient } from '../lib/api/client.ts';
import type { ApiFailure } from '../lib/api/types.ts';
import {
  addGuestLine,
  canIncrease,
  decreaseRemoves,
  lineFor,
  lineLimit,
  removeLine,
  sameLine,
  setLineQuantity,
  type AddableProduct,
  type CartLine,
  type SelectedVariant,
} from '../lib/cart.ts';
import { DEFAULT_ADD_QUANTITY, MIN_SIGNED_IN_LINE_QUANTITY } from '../lib/constants.ts';
import { GUEST_CART_COOKIE, guestCartFromCookieHeader } from '../lib/guest-cart-cookie.ts';
import { MESSAGES } from '../lib/messages.ts';
import { browserApi } from './api-client.ts';
import { $auth, isAuthActionRunning } from './auth.ts';
import { onPersistedStateChange, persistGroup, readPersistedState } from './persist.ts';
import { showToast, toastResult } from './toast.ts';

export interface CartState {
  cartItems: CartLine[];
  loading: boolean;
  addLoading: boolean;
  error: string | null;
  isCartOpen: boolean;
  syncError: string | null;
}

export const INITIAL_CART: CartState = Object.freeze({
  cartItems: [],
  loading: false,
  addLoading: false,
  error: null,
  isCartOpen: false,
  syncError: null,
});

export const $cart = atom<CartState>(INITIAL_CART);

const isLine = (value: unknown): value is CartLine =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as CartLine).product_id) &&
  Number.isSafeInteger((value as CartLine).quantity) &&
  (value as CartLine).quantity >= 1;

/** A stored cart group made whole: valid lines only; the drawer closed and no sync error after a reload. */
export function restoreCart(stored: unknown): CartState {
  if (typeof stored !== 'object' || stored === null) return INITIAL_CART;
  const { cartItems, error } = stored as Partial<CartState>;
  return {
    ...INITIAL_CART,
    cartItems: Array.isArray(cartItems) ? cartItems.filter(isLine).map((line) => ({ ...line, selected_variant: line.selected_variant ?? null })) : [],
    error: typeof error === 'string' ? error : null,
  };
}

persistGroup('cart', $cart, (stored) => restoreCart(stored));

const update = (patch: Partial<CartState>) => $cart.set({ ...$cart.get(), ...patch });
const notify = (kind: 'success' | 'error', message: string) => showToast(kind, message, 'notification');
const signedInToken = () => ($auth.get().isAuthenticated ? ($auth.get().user?.token ?? null) : null);
const isGuestLine = (line: CartLine) => line.cart_id === undefined || line.cart_id === null;

/** Another tab's cart (SPEC §4 Cross-tab sync) replaces the lines here; this tab's drawer and flags stay. */
function adoptStoredCart(stored: unknown): void {
  if (stored === undefined) return; // a cleared state is a logout, which auth.ts applies
  const { cartItems, error } = restoreCart(stored);
  const current = $cart.get();
  // Unchanged lines are not set again, so tabs writing back to each other settle.
  if (JSON.stringify(cartItems) === JSON.stringify(current.cartItems) && error === current.error) return;
  update({ cartItems, error });
}

onPersistedStateChange((state) => adoptStoredCart(state.cart));

/** A failure: error set to its texts (comma-joined) and one error toast per text. */
function fail(result: ApiFailure, fallback: string, patch: Partial<CartState> = {}): void {
  const messages = failureMessages(result, fallback);
  update({ ...patch, error: messages.join(', ') });
  for (const message of messages) notify('error', message);
}

/** The line of the cart that `line` stands for: the same object, else the same cart_id, else the same kind of line. */
function findLine(lines: readonly CartLine[], line: CartLine): CartLine | undefined {
  return (
    lines.find((candidate) => candidate === line) ??
    (isGuestLine(line)
      ? lines.find((candidate) => isGuestLine(candidate) && sameLine(candidate, line))
      : lines.find((candidate) => candidate.cart_id === line.cart_id))
  );
}

/** The line's new total from an add-to-cart answer (`data.results[0].quantity`). */
function answeredQuantity(result: Parameters<typeof addedLineOf>[0]): number | undefined {
  const quantity = addedLineOf(result)?.quantity;
  return Number.isSafeInteger(quantity) ? quantity : undefined;
}

export function openCart(): void {
  update({ isCartOpen: true });
}

export function closeCart(): void {
  update({ isCartOpen: false });
}

let loads = 0;
/** `loading` stays on while any fetch or sync runs. */
async function loadingWhile<T>(work: () => Promise<T>): Promise<T> {
  loads += 1;
  update({ loading: true });
  try {
    return await work();
  } finally {
    loads -= 1;
    update({ loading: loads > 0 });
  }
}

let fetchRound = 0;
let provisional = 0;

/** Signed in: the server's lines, plus guest lines not yet synced. Signed out: refused, no call. */
export async function fetchCart(api: ApiClient): Promise<void> {
  const token = signedInToken();
  if (!token) {
    update({ error: MESSAGES.cart.notAuthenticated });
    return;
  }
  const round = ++fetchRound;
  await loadingWhile(async () => {
    const result = await getCart(api);
    // A later fetch, a cancelled call or a sign-out meanwhile makes this answer stale.
    if (round !== fetchRound || result === null || signedInToken() !== token) return;
    if (isFailure(result) || result.success !== true) return fail(result as ApiFailure, MESSAGES.cart.fetchFailed);
    const server = cartLinesOf(result).map((line) => ({ ...line, selected_variant: line.selected_variant ?? null }));
    update({ cartItems: [...server, ...$cart.get().cartItems.filter(isGuestLine)], error: null });
  });
}

/** Guest: local add. Signed in: the server adds, the line takes its quantity. Opens the drawer after a successful add. */
export async function addToCart(
  api: ApiClient,
  product: AddableProduct,
  variant: SelectedVariant | null,
  quantity: number = DEFAULT_ADD_QUANTITY,
): Promise<boolean> {
  const line = lineFor(product, variant, Math.trunc(quantity));
  // Out of stock (or a bad quantity): the rules would append an empty line.
  if (line.quantity < 1 || lineLimit(line) < 1) {
    fail({ success: false }, MESSAGES.cart.addFailed);
    return false;
  }
  const token = signedInToken();
  if (!token) {
    update({ cartItems: addGuestLine($cart.get().cartItems, line), error: null, isCartOpen: true });
    notify('success', MESSAGES.cart.itemAdded);
    return true;
  }
  update({ addLoading: true, error: null });
  const result = await addToCartCall(api, addToCartPayload(line, line.quantity));
  if (result === null || signedInToken() !== token) {
    update({ addLoading: false });
    return false;
  }
  if (isFailure(result) || result.success !== true) {
    fail(result as ApiFailure, MESSAGES.cart.addFailed, { addLoading: false });
    return false;
  }
  const items = $cart.get().cartItems;
  const server = items.filter((existing) => !isGuestLine(existing));
  const before = server.find((existing) => sameLine(existing, line));
  const stock = addedLineOf(result)?.product_stock;
  const total = answeredQuantity(result) ?? Math.min((before?.quantity ?? 0) + line.quantity, lineLimit(line));
  // A new line's cart_id comes with the refetch; until then a provisional (negative) one keeps it a server line, never a guest line to sync.
  const stocked = { ...line, cart_id: before?.cart_id ?? -(Date.now() + ++provisional), product_stock: Number.isSafeInteger(stock) ? (stock as number) : line.product_stock };
  update({
    cartItems: [...setLineQuantity(server, stocked, total), ...items.filter(isGuestLine)],
    addLoading: false,
    isCartOpen: true,
  });
  toastResult(result, { failure: MESSAGES.cart.addFailed }, 'notification');
  // A new line needs its cart_id; the drawer already shows it meanwhile.
  if (!before) void fetchCart(api);
  return true;
}

const changing = new Set<string>();
const lineKey = (line: CartLine) => `${line.cart_id ?? 'guest'}:${line.product_id}:${line.selected_variant?.product_variation ?? ''}`;

/** The plus and minus controls (SPEC §5): +1 only while canIncrease; -1 at quantity 1 removes the line. */
export async function changeQuantity(api: ApiClient, line: CartLine, delta: 1 | -1): Promise<void> {
  const items = $cart.get().cartItems;
  const current = findLine(items, line);
  if (!current) return;
  if (delta < 0 && decreaseRemoves(current)) return removeFromCart(api, current);
  if (delta > 0 && !canIncrease(current, items)) return;
  const token = signedInToken();
  // A guest line stays local until it is synced, even after sign-in.
  if (!token || isGuestLine(current)) {
    // SPEC §4 Guest update: the delta is added to the line, kept within its limit.
    const changed = addGuestLine([current], { ...current, quantity: delta })[0] ?? current;
    update({ cartItems: items.map((other) => (other === current ? changed : other)), error: null });
    notify('success', MESSAGES.cart.quantityUpdated);
    return;
  }
  const key = lineKey(current);
  if (changing.has(key)) return; // one change per line at a time: answers carry the line's total
  changing.add(key);
  try {
    const result = await updateCartQuantityCall(api, addToCartPayload(current, delta));
    if (result === null || signedInToken() !== token) return;
    if (isFailure(result) || result.success !== true) return fail(result as ApiFailure, MESSAGES.cart.updateItemFailed);
    const total = Math.max(MIN_SIGNED_IN_LINE_QUANTITY, answeredQuantity(result) ?? current.quantity + delta);
    const now = $cart.get().cartItems;
    const server = now.filter((other) => !isGuestLine(other));
    update({ cartItems: [...setLineQuantity(server, current, total), ...now.filter(isGuestLine)], error: null });
    toastResult(result, { failure: MESSAGES.cart.updateItemFailed }, 'notification');
  } finally {
    changing.delete(key);
  }
}

/** Guest (or a guest line): local. Signed in: removed at once, put back in its place if the call fails. */
export async function removeFromCart(api: ApiClient, line: CartLine): Promise<void> {
  const items = $cart.get().cartItems;
  const current = findLine(items, line);
  if (!current) return;
  const token = signedInToken();
  if (!token || isGuestLine(current)) {
    const kept = token ? items.filter((other) => other !== current) : removeLine(items, current);
    update({ cartItems: kept, error: null });
    notify('success', MESSAGES.cart.itemRemoved);
    return;
  }
  const index = items.indexOf(current);
  update({ cartItems: items.filter((other) => other !== current), error: null });
  const result = await removeFromCartCall(api, removeFromCartPayload(current));
  if (signedInToken() !== token) return;
  if (result === null || isFailure(result) || result.success !== true) {
    const now = $cart.get().cartItems;
    const restored = now.some((other) => other.cart_id === current.cart_id)
      ? now
      : [...now.slice(0, index), current, ...now.slice(index)];
    update({ cartItems: restored });
    if (result !== null) fail(result as ApiFailure, MESSAGES.cart.removeFailed);
    return;
  }
  toastResult(result, { failure: MESSAGES.cart.removeFailed, success: MESSAGES.cart.itemRemoved }, 'notification');
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
    update({ error: MESSAGES.cart.nothingToSync, syncError: null });
    return false;
  }
  return loadingWhile(async () => {
    const result = await syncGuestCartCall(api, guest.map(guestCartItem));
    if (result === null || signedInToken() !== token) return false;
    if (isFailure(result) || result.success !== true) {
      const messages = failureMessages(result as ApiFailure, MESSAGES.cart.syncFailed);
      fail(result as ApiFailure, MESSAGES.cart.syncFailed, { syncError: messages.join(', ') });
      return false;
    }
    // Dropped before the refetch, so a reload meanwhile cannot send them twice.
    const sent = (line: CartLine) => isGuestLine(line) && guest.some((other) => sameLine(other, line));
    update({ cartItems: $cart.get().cartItems.filter((line) => !sent(line)), syncError: null, error: null });
    toastResult({ success: true, message: result.message }, { failure: MESSAGES.cart.syncFailed }, 'notification');
    for (const message of Object.values(result.errors ?? {}).flat()) notify('error', message);
    await fetchCart(api);
    return true;
  });
}

let syncing: Promise<boolean> | null = null;

/** After sign-in: the guest lines go to the server once, then the cart is refetched. A call meanwhile joins the running one. */
export function syncGuestCart(api: ApiClient): Promise<boolean> {
  syncing ??= exclusively(() => syncNow(api)).finally(() => {
    syncing = null;
  });
  return syncing;
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
  update({ cartItems: [...items.filter((line) => !isGuestLine(line)), ...guest] });
}

/** Set once this document starts leaving, so a sign-in's sync waits for the next page's start. */
let leaving = false;
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
    if (!event.destination.sameDocument && !event.downloadRequest) leaving = true;
  });
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
  let wasSignedIn = $auth.get().isAuthenticated;
  $auth.listen(({ isAuthenticated }) => {
    const justSignedIn = isAuthenticated && !wasSignedIn;
    wasSignedIn = isAuthenticated;
    if (!justSignedIn || !isAuthActionRunning()) return;
    void (async () => {
      do await nextTask();
      while (isAuthActionRunning());
      await nextTask();
      if (!leaving) await refreshSignedIn(browserApi());
    })();
  });
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  watchSignIn();
  takeCookieLines();
  void refreshSignedIn(browserApi());
}
