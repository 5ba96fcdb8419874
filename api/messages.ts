/**
 * Every message the store API writes itself, in one place (field rules' messages
 * live with their schemas in src/lib/schemas; SPEC §8 texts in src/lib/messages.ts).
 */
import { MAX_CART_LINE_QUANTITY, MAX_PRODUCT_PAGE } from '../src/lib/constants.ts';
import { MESSAGES } from '../src/lib/messages.ts';

/** A refused try (SECURITY 4, 24, 35). */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.';

/** GET /pincode/{pin} (API-NOTES "Shipping and PIN codes"): the city (district) and state that fill the address. */
export const PINCODE_MESSAGES = { unknown: 'We could not find this pincode' } as const;

export const ACCOUNT_MESSAGES = {
  registered: 'Registration successful. Please check your email to verify your account.',
  emailTaken: 'This email is already registered',
  emailVerified: 'Your email address is verified. You can now sign in.',
  verificationInvalid: 'The email verification link is not valid',
  verificationResent: 'If this email is waiting to be confirmed, a new link is on its way.',
  invalidLogin: 'Invalid email or password',
  tooManyAttempts: TOO_MANY_ATTEMPTS,
  resetLinkSent: 'If an account exists for this email, a reset link has been sent.',
  resetLinkInvalid: 'The password reset link is not valid',
  passwordReset: 'Your password has been reset. Please sign in.',
  oldPasswordIncorrect: 'Old password is incorrect',
  passwordIncorrect: 'Password is incorrect',
  passwordChanged: 'Password changed successfully',
  detailsUpdated: 'Account details updated successfully',
  guestDetailsUpdated: 'Details updated',
  useChangePassword: 'Use change password to change an existing password',
  setPasswordByReset: 'Use forgot password to set a password for this account',
  emailChangeNeedsPassword: 'To change your email, use My Account with your password',
  emailChangeRequested: 'We sent a link to your new email address. Your email changes once you open it.',
  sameEmail: 'This is already your email address',
} as const;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  notCancellable: 'This order can no longer be cancelled',
  cancelled: 'Order cancelled successfully',
  pageInvalid: `Page must be a whole number from 1 to ${MAX_PRODUCT_PAGE}`,
  storeCancelReason: 'Cancelled by the store',
} as const;

/** POST /customer/return-order and the store's return steps (decision 065). */
export const RETURN_MESSAGES = {
  requested: 'Return requested. We will email you once the store has looked at it.',
  notDelivered: 'Only a delivered item can be returned',
  windowPassed: 'The time to return this item has passed',
  alreadyRequested: 'A return has already been requested for this item',
} as const;

export const REQUEST_MESSAGES = {
  bodyTooLarge: 'The request body is too large',
  methodNotAllowed: 'Method not allowed',
  jsonRequired: 'Send the request body as JSON (Content-Type: application/json)',
  apiKeyRequired: 'A valid API-KEY header is required',
  notFound: 'Not found',
  formUnreadable: 'The form body could not be read',
  jsonInvalid: 'The body is not valid JSON',
  invalid: 'The request is not valid',
  nulCharacter: 'Contains a character that is not allowed',
  /** An unexpected error: SPEC §8's text, with the request id to find it in the log. */
  unexpected: MESSAGES.general.somethingWentWrong,
} as const;

export const OTP_MESSAGES = { sent: 'OTP sent successfully' } as const;

export const CHECKOUT_MESSAGES = {
  pricesChanged: 'Prices have changed',
  outOfStock: 'Some items are no longer in stock',
} as const;

export const ORDER_LINE_MESSAGES = {
  productUnavailable: 'This product is no longer available',
  sizeUnavailable: 'This size is no longer available',
  sizeRequired: 'Please select a size',
  tooMany: `At most ${MAX_CART_LINE_QUANTITY} of an item can be ordered`,
  soldOut: (label: string) => `${label} is sold out`,
  lowStock: (label: string, stock: number) => `Only ${stock} left of ${label}`,
} as const;

/**
 * The customer's shipping address (SPEC §3, §4, §7): one per customer,
 * replaced on save. POST answers the saved address in `data`; GET answers it
 * in `data.data` (null when there is none yet), as SPEC's client reads them.
 */
export const SHIPPING_MESSAGES = { saved: 'Shipping address saved successfully' } as const;

export const CART_SERVICE_MESSAGES = {
  productNotFound: 'Product not found',
  variantNotFound: 'Product variant not found',
  sizeRequired: 'Please select a size',
  soldOut: 'This item is out of stock',
  notInCart: 'This item is not in your cart',
  maxQuantity: `At most ${MAX_CART_LINE_QUANTITY} of an item can be in the cart`,
  lowStock: (stock: number) => `Only ${stock} in stock: the cart holds ${stock}`,
  nothingMerged: 'No items could be added to the cart',
} as const;

export const COUPON_MESSAGES = {
  applied: 'Coupon applied',
  noLines: 'Add items to your cart to apply a coupon',
} as const;

export const PAYMENT_MESSAGES = {
  notFound: 'Order not found',
  alreadyPaid: 'This order is already paid',
  cashOnDelivery: 'This order is paid on delivery',
  expired: 'The time to pay for this order has passed. Please order again.',
  notVerified: 'The payment could not be verified',
  providerDown: 'The payment service could not be reached. Please try again.',
  paid: 'Payment received',
  declined: 'The payment did not go through',
  switched: 'Your order will be paid on delivery',
  attemptStarted: 'Ready to pay',
  late: 'The payment came after the order stopped waiting for it; it will be refunded',
  extra: 'This order was already paid; this payment will be refunded',
  badSignature: 'Invalid signature',
} as const;

/** What a Razorpay webhook did, in its answer (the dashboard shows it beside the event). */
export const WEBHOOK_OUTCOMES = {
  replayed: 'already applied',
  notOurs: 'not an order of this store',
  declined: 'payment failure recorded',
  ignored: 'event not used',
  mismatch: 'amount or currency does not match the order; nothing changed',
  paid: 'order paid',
  'already-paid': 'order already paid by this payment',
  extra: 'order already paid by another payment; this one is refunded',
  late: 'order no longer waiting for payment; this payment is refunded',
  refundProcessed: 'refund processed',
  refundFailed: 'refund failed; it will be made again',
  refundUnknown: 'not a refund of this store',
  refundUnchanged: 'refund already settled',
} as const;

export const WISHLIST_MESSAGES = {
  added: 'Product added to wishlist',
  alreadyAdded: 'Product is already in your wishlist',
  removed: 'Product removed from wishlist',
  notInWishlist: 'Product is not in your wishlist',
  productNotFound: 'Product not found',
} as const;
