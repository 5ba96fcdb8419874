/**
 * Cart state of SPEC §3 and its transitions of SPEC §4 (Cart), §5 (Cart and
 * sync rules) and §6: a guest's cart lives only in the browser (persisted), a
 * signed-in shopper's on the server. Lines follow the pure rules of
 * src/lib/cart.ts. This file holds the shopper's actions (open, add, change,
 * remove) and is what islands import; the state and the fetch are in
 * cart-state.ts, the guest cart's sync after sign-in in cart-sync.ts (which
 * importing this file starts).
 */
import {
  addToCartCall,
  addToCartPayload,
  removeFromCartCall,
  removeFromCartPayload,
  updateCartQuantityCall,
} from '../lib/api/cart.ts';
import type { ApiClient } from '../lib/api/client.ts';
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
import { MESSAGES } from '../lib/messages.ts';
import {
  $cart,
  changingServerCart,
  failCart,
  isGuestLine,
  notifyCart,
  signedInToken,
  updateCart,
} from './cart-state.ts';
import { toastOutcome } from './toast.ts';

export { $cart, INITIAL_CART, fetchCart, restoreCart } from './cart-state.ts';
export { $cartReady, syncGuestCart } from './cart-sync.ts';

/** The line of the cart that `line` stands for: the same object, else the same cart_id, else the same kind of line. */
function findLine(lines: readonly CartLine[], line: CartLine): CartLine | undefined {
  return (
    lines.find((candidate) => candidate === line) ??
    (isGuestLine(line)
      ? lines.find((candidate) => isGuestLine(candidate) && sameLine(candidate, line))
      : lines.find((candidate) => candidate.cart_id === line.cart_id))
  );
}


export function openCart(): void {
  updateCart({ isCartOpen: true });
}

export function closeCart(): void {
  updateCart({ isCartOpen: false });
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
    failCart([MESSAGES.cart.addFailed]);
    return false;
  }
  const token = signedInToken();
  if (!token) {
    updateCart({ cartItems: addGuestLine($cart.get().cartItems, line), error: null, isCartOpen: true });
    notifyCart('success', MESSAGES.cart.itemAdded);
    return true;
  }
  updateCart({ addLoading: true, error: null });
  const result = await changingServerCart(() => addToCartCall(api, addToCartPayload(line, line.quantity)));
  if ((!result.ok && result.cancelled) || signedInToken() !== token) {
    updateCart({ addLoading: false });
    return false;
  }
  if (!result.ok) {
    failCart(result.messages, { addLoading: false });
    return false;
  }
  const items = $cart.get().cartItems;
  const server = items.filter((existing) => !isGuestLine(existing));
  const added = result.value;
  // The answer names the line (cart_id) and its new total, so a new line is a server line at once, with no cart read.
  const stocked = { ...line, cart_id: added.cart_id, product_stock: added.product_stock ?? line.product_stock };
  updateCart({
    cartItems: [...setLineQuantity(server, stocked, added.quantity), ...items.filter(isGuestLine)],
    addLoading: false,
    isCartOpen: true,
  });
  toastOutcome(result, {}, 'notification');
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
    updateCart({ cartItems: items.map((other) => (other === current ? changed : other)), error: null });
    notifyCart('success', MESSAGES.cart.quantityUpdated);
    return;
  }
  const key = lineKey(current);
  if (changing.has(key)) return; // one change per line at a time: answers carry the line's total
  changing.add(key);
  try {
    const result = await changingServerCart(() => updateCartQuantityCall(api, addToCartPayload(current, delta)));
    if ((!result.ok && result.cancelled) || signedInToken() !== token) return;
    if (!result.ok) return failCart(result.messages);
    const total = Math.max(MIN_SIGNED_IN_LINE_QUANTITY, result.value.quantity);
    const now = $cart.get().cartItems;
    const server = now.filter((other) => !isGuestLine(other));
    updateCart({ cartItems: [...setLineQuantity(server, current, total), ...now.filter(isGuestLine)], error: null });
    toastOutcome(result, {}, 'notification');
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
    updateCart({ cartItems: kept, error: null });
    notifyCart('success', MESSAGES.cart.itemRemoved);
    return;
  }
  const index = items.indexOf(current);
  updateCart({ cartItems: items.filter((other) => other !== current), error: null });
  const result = await changingServerCart(() => removeFromCartCall(api, removeFromCartPayload(current)));
  if (signedInToken() !== token) return;
  if (!result.ok) {
    const now = $cart.get().cartItems;
    const restored = now.some((other) => other.cart_id === current.cart_id)
      ? now
      : [...now.slice(0, index), current, ...now.slice(index)];
    updateCart({ cartItems: restored });
    if (!result.cancelled) failCart(result.messages);
    return;
  }
  toastOutcome(result, { success: MESSAGES.cart.itemRemoved }, 'notification');
}
