/**
 * Wakes the islands that wait for the shopper's reach (`client:reach="name"`)
 * when the page's state needs them before any reach (src/lib/island-wake.ts):
 * - the cart drawer as soon as a store action opens it (an add to cart, the
 *   cart button), and the toaster as soon as a toast waits (this page's, or
 *   one an earlier page kept): neither the opening nor the first toast is lost,
 *   as both stay in their store until the island shows them;
 * - the /cart page's body as soon as the cart store has lines (the server
 *   rendered an empty cart: it loads on reach, decision 031), so lines the
 *   server could not see show at once;
 * - when the browser is idle, the account menu of a signed-in shopper and the
 *   cart button of a cart with lines, which must show the account and the
 *   count without being reached.
 */
import { wakeIsland } from '../lib/island-wake.ts';
import { $auth } from '../stores/auth.ts';
import { $cart } from '../stores/cart.ts';
import { $toastQueue, showQueuedToasts } from '../stores/toast.ts';

const whenIdle = (wake: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(wake, { timeout: 2000 }) : setTimeout(wake, 200);

$cart.subscribe(({ isCartOpen, cartItems }) => {
  if (isCartOpen) wakeIsland('cart-drawer');
  if (cartItems.length === 0) return;
  wakeIsland('cart-page');
  whenIdle(() => wakeIsland('cart-button'));
});
$toastQueue.subscribe((waiting) => {
  if (waiting.length > 0) wakeIsland('toaster');
});
$auth.subscribe(({ isAuthenticated }) => {
  if (isAuthenticated) whenIdle(() => wakeIsland('profile-menu'));
});
// Toasts an earlier page kept (a sign-in, a sign-out) join the queue, which wakes the toaster.
showQueuedToasts();
