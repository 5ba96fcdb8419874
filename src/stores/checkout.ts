/**
 * The checkout state of SPEC §3 (checkoutLoading, checkoutError, success,
 * message, order_id, discount, discountLoading, discountError), persisted
 * under `checkout` (loading flags stripped by persist.ts), and its
 * transitions of SPEC §4 (Checkout, Coupon). The shopper's draft (typed
 * fields, payment method, the attempt's Idempotency-Key) lives in this tab's
 * session storage instead (checkout-draft.ts).
 */
import { atom } from 'nanostores';
import { removeFromCartCall, removeFromCartPayload } from '../lib/api/cart.ts';
import { applyCouponCall, freshPricesOf, placeOrderCall, type AppliedCoupon, type PlacedOrder } from '../lib/api/checkout.ts';
import type { ApiClient } from '../lib/api/client.ts';
import { failed, type Failed, type Outcome } from '../lib/api/parsed.ts';
import type { Customer } from '../lib/api/account.ts';
import type { FieldErrors } from '../lib/api/client.ts';
import type { CartLine } from '../lib/cart.ts';
import { attemptFor, couponProductsOf, linesSignature, withFreshPrices, type CheckoutDetails, type CheckoutPayload } from '../lib/checkout.ts';
import { MESSAGES } from '../lib/messages.ts';
import { $auth, saveGuestDetails, withAltPhone } from './auth.ts';
import { $cart, fetchCart, isGuestLine, signedInToken, updateCart } from './cart-state.ts';
import { clearDraft, loadDraft, saveDraft } from './checkout-draft.ts';
import { persistGroup } from './persist.ts';
import { openSession } from './session.ts';
import { showToast, toastOutcome } from './toast.ts';

export interface CheckoutState {
  checkoutLoading: boolean;
  checkoutError: string | null;
  success: boolean;
  message: string | null;
  order_id: number[] | null;
  /** The applied coupon (SPEC §3: the response's data.coupon). */
  discount: AppliedCoupon | null;
  discountLoading: boolean;
  discountError: string | null;
}

export const INITIAL_CHECKOUT: CheckoutState = Object.freeze({
  checkoutLoading: false,
  checkoutError: null,
  success: false,
  message: null,
  order_id: null,
  discount: null,
  discountLoading: false,
  discountError: null,
});

export const $checkout = atom<CheckoutState>(INITIAL_CHECKOUT);

const isCoupon = (value: unknown): value is AppliedCoupon =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AppliedCoupon).code === 'string' &&
  ['discountPaise', 'subtotalPaise', 'totalPaise'].every((name) => Number.isSafeInteger((value as unknown as Record<string, unknown>)[name]));

/** A stored checkout group made whole: loading flags off, a coupon only when it reads as one. */
export function restoreCheckout(stored: unknown): CheckoutState {
  if (typeof stored !== 'object' || stored === null) return INITIAL_CHECKOUT;
  const value = stored as Partial<CheckoutState>;
  return {
    ...INITIAL_CHECKOUT,
    checkoutError: typeof value.checkoutError === 'string' ? value.checkoutError : null,
    success: typeof value.success === 'boolean' && value.success,
    message: typeof value.message === 'string' ? value.message : null,
    order_id: Array.isArray(value.order_id) && value.order_id.every(Number.isSafeInteger) ? value.order_id : null,
    discount: isCoupon(value.discount) ? value.discount : null,
    discountError: typeof value.discountError === 'string' ? value.discountError : null,
  };
}

persistGroup('checkout', $checkout, (stored) => restoreCheckout(stored));

const update = (patch: Partial<CheckoutState>) => $checkout.set({ ...$checkout.get(), ...patch });

// ------------------------------------------------------------------ coupon

/**
 * The code and lines the shown discount was last priced on, so the same are
 * not priced again (a coupon just applied, a slow phone's second call). Kept
 * in memory only: after a reload the coupon is priced again.
 */
let pricedOn: string | null = null;
const pricing = (code: string, lines: readonly CartLine[]) => `${code} ${linesSignature(lines)}`;

/** SPEC §4 Coupon: the preview's coupon is kept as the discount; an invalid one is a field error on coupon_code. */
export async function applyCoupon(api: ApiClient, code: string, lines: readonly CartLine[]): Promise<Outcome<AppliedCoupon>> {
  update({ discountLoading: true, discountError: null });
  const outcome = await applyCouponCall(api, { coupon_code: code.trim(), products: couponProductsOf(lines) });
  if (outcome.ok) {
    pricedOn = pricing(outcome.value.code, lines);
    update({ discountLoading: false, discount: outcome.value });
    for (const message of outcome.messages) showToast('success', message);
  } else if (outcome.cancelled) {
    update({ discountLoading: false });
  } else {
    const invalid = outcome.fieldErrors.coupon_code?.[0];
    update({ discountLoading: false, discountError: invalid ?? outcome.messages.join(', ') });
    // An invalid code is told under its field; anything else in toasts (SPEC §8).
    if (!invalid) for (const message of outcome.messages) showToast('error', message);
  }
  return outcome;
}

/**
 * The applied coupon priced again on the order's lines as they are now (a
 * line removed, a price changed, a reload), without toasts: the summary must
 * show the discount the order will get. One that no longer applies goes.
 */
export async function repriceCoupon(api: ApiClient, lines: readonly CartLine[]): Promise<void> {
  const applied = $checkout.get().discount;
  if (!applied) return;
  if (lines.length === 0) return removeCoupon();
  if (pricedOn === pricing(applied.code, lines)) return;
  const outcome = await applyCouponCall(api, { coupon_code: applied.code, products: couponProductsOf(lines) }, { key: 'reprice-coupon' });
  if ($checkout.get().discount?.code !== applied.code) return;
  if (outcome.ok) {
    pricedOn = pricing(applied.code, lines);
    update({ discount: outcome.value });
  } else if (!outcome.cancelled && outcome.fieldErrors.coupon_code) update({ discount: null, discountError: null });
}

export function removeCoupon(): void {
  pricedOn = null;
  update({ discount: null, discountError: null });
}

// ------------------------------------------------------------------ a new guest's details

/**
 * A guest who is not yet a customer completes names, email and an optional
 * alternate phone (SPEC §7 update-user-details) before the order. A refusal is
 * toasted and its field errors handed back for the form.
 */
export async function saveNewGuestDetails(api: ApiClient, details: CheckoutDetails): Promise<{ ok: boolean; fieldErrors: FieldErrors }> {
  const alt = details.alt_phone_number.trim();
  const saved = await saveGuestDetails(api, {
    firstname: details.firstname.trim(),
    lastname: details.lastname.trim(),
    email: details.email.trim(),
    ...(alt ? { alt_phone_number: alt } : {}),
  });
  if (saved.ok) return { ok: true, fieldErrors: {} };
  if (saved.cancelled) return { ok: false, fieldErrors: {} };
  toastOutcome(saved);
  return { ok: false, fieldErrors: saved.fieldErrors };
}

// ------------------------------------------------------------------ placing the order

/** 128 random bits in hex; getRandomValues works on plain-HTTP pages too, where randomUUID does not. */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SPEC §4 Checkout: the customer joins the auth state; the shopper is signed in (the order pages need it). */
async function saveCustomer(customer: Customer): Promise<void> {
  const auth = $auth.get();
  const token = auth.user?.token;
  if (token && !auth.isAuthenticated) await openSession(token);
  $auth.set({
    ...auth,
    user: { ...auth.user, customer: withAltPhone({ ...auth.user?.customer, ...customer }) },
    isAuthenticated: Boolean(token),
  });
}

let placing: Promise<Outcome<PlacedOrder>> | null = null;

/**
 * Places the order once. The attempt's key is stored with the draft before
 * the call goes out, so a second press, a retry or a reload meanwhile sends
 * the same key and the server answers the one order again. A call while one
 * is out joins it.
 */
export function placeOrder(api: ApiClient, payload: CheckoutPayload): Promise<Outcome<PlacedOrder>> {
  placing ??= placeOrderNow(api, payload).finally(() => {
    placing = null;
  });
  return placing;
}

async function placeOrderNow(api: ApiClient, payload: CheckoutPayload): Promise<Outcome<PlacedOrder>> {
  update({ checkoutLoading: true, checkoutError: null, success: false, message: null });
  try {
    const attempt = attemptFor(loadDraft().attempt, payload, randomKey);
    saveDraft({ attempt });
    const outcome = await placeOrderCall(api, payload, attempt.key);
    if (outcome.ok) {
      // The customer first: should it fail, the cart and the attempt stay, and confirming again replays this order.
      await saveCustomer(outcome.value.customer);
      const message = outcome.messages[0] ?? MESSAGES.checkout.orderPlaced;
      updateCart({ cartItems: [], error: null, syncKey: null });
      clearDraft();
      update({ success: true, order_id: outcome.value.orderIds, message, discount: null, discountError: null });
      return outcome;
    }
    if (outcome.cancelled) return outcome;
    refused(outcome);
    return outcome;
  } catch (error) {
    // Anything thrown on the way (storage, the session, a bug): the shopper is told, and may try again.
    console.error(error);
    const outcome = failed([MESSAGES.checkout.checkoutError]);
    refused(outcome);
    return outcome;
  } finally {
    update({ checkoutLoading: false });
  }
}

/** A refused order: the server's texts, one toast each (SPEC §8), and what the refusal changes before the next try. */
function refused(outcome: Failed): void {
  // A 409 'Prices have changed': the cart takes the fresh prices, so the next payload (and key) are new.
  const fresh = freshPricesOf(outcome.data);
  if (fresh) updateCart({ cartItems: withFreshPrices($cart.get().cartItems, fresh).lines });
  // A coupon that lapsed since its preview (expired, used up): it goes, and its field says so; the order may go without it.
  const coupon = outcome.fieldErrors.coupon_code;
  if (coupon) update({ discount: null, discountError: coupon[0] ?? MESSAGES.coupon.invalidCode });
  update({ checkoutError: outcome.messages.join(', ') || MESSAGES.checkout.checkoutFailed });
  for (const message of outcome.messages) showToast('error', message);
}

/** The confirmation dialog's cancel (SPEC §2): the cart is emptied, here and on the server. */
export async function emptyCart(api: ApiClient): Promise<void> {
  const lines = $cart.get().cartItems;
  updateCart({ cartItems: [], error: null });
  removeCoupon();
  const token = signedInToken();
  const server = lines.filter((line) => !isGuestLine(line));
  if (token && server.length > 0) {
    await Promise.all(server.map((line) => removeFromCartCall(api, removeFromCartPayload(line))));
    await fetchCart(api);
  }
  showToast('success', MESSAGES.cart.cartUpdated);
}

/**
 * The order a reload (or a closed tab's restore) interrupted: the draft's
 * attempt sent again with its own key. If the first request was placed, the
 * server answers that order again; if it never arrived, this places the order
 * the shopper confirmed. Null when no attempt is pending.
 */
export function resumeAttempt(api: ApiClient): Promise<Outcome<PlacedOrder>> | null {
  const attempt = loadDraft().attempt;
  if (!attempt) return null;
  let payload: CheckoutPayload;
  try {
    payload = JSON.parse(attempt.payload) as CheckoutPayload;
  } catch {
    saveDraft({ attempt: null });
    return null;
  }
  return placeOrder(api, payload);
}
