/** Every text of SPEC §8, named once; fallbacks used when a response carries no message. */
export const MESSAGES = {
  general: { somethingWentWrong: 'Something went wrong' },
  auth: {
    registrationFailed: 'Registration failed',
    loginFailed: 'Login failed',
    logoutFailed: 'Logout failed',
    resetPasswordFailed: 'Failed to reset password',
    verifyEmailFirst: 'Please verify your email before logging in.',
    loginSuccessful: 'Login successful.',
    logoutSuccessful: 'Logout successful',
  },
  otp: {
    sendFailed: 'Failed to send OTP',
    invalid: 'Invalid OTP',
    verificationFailed: 'OTP verification failed',
    verified: 'OTP verified successfully',
  },
  catalogue: {
    productsFailed: 'Failed to fetch products information',
    searchFailed: 'Failed to search products',
    homeSectionsFailed: 'Failed to fetch home sections',
    storeInfoFailed: 'Failed to fetch store information',
    newArrivalsFailed: 'Failed to post new arrivals',
  },
  cart: {
    fetchFailed: 'Failed to fetch cart items',
    addFailed: 'Failed to add item to cart',
    updateFailed: 'Failed to update cart',
    updateItemFailed: 'Failed to update cart item',
    removeFailed: 'Failed to remove item from cart',
    syncFailed: 'Failed to sync cart items',
    notAuthenticated: 'User not authenticated',
    nothingToSync: 'No token or cart items found',
    itemAdded: 'Item added to cart.',
    itemAddedServer: 'Item added successfully in cart.',
    quantityUpdated: 'Cart quantity updated',
    cartUpdated: 'Cart updated successfully',
    itemRemoved: 'Item removed from cart',
  },
  checkout: {
    checkoutFailed: 'Checkout failed',
    checkoutError: 'Something went wrong during checkout',
    placeOrderFailed: 'Failed to place order',
    orderPlaced: 'Order placed successfully',
  },
  coupon: { invalidCode: 'Invalid Code', applyFailed: 'Failed to apply discount' },
  orders: { fetchFailed: 'Failed to fetch orders', cancelFailed: 'Failed to cancel order' },
  account: {
    saveAddressFailed: 'Failed to save shipping address',
    fetchAddressFailed: 'Failed to fetch shipping address',
    updateDetailsFailed: 'Failed to update account details',
  },
  store: { storeInfoFailed: 'Failed to fetch store information' },
} as const;

/** The shopper's texts about refunds and returns (ours; SPEC has none). Amounts come formatted ('₹629.10'), dates as '29 Nov'. */
export const REFUND_TEXTS = {
  initiated: (amount: string, date: string) => `Refund of ${amount} initiated on ${date}; it usually reaches your account in 5-7 working days`,
  processed: (amount: string, date: string) => `Refund of ${amount} processed on ${date}`,
  failed: (amount: string) => `Refund of ${amount} failed; we are retrying it`,
  hint: { initiated: 'Refund Initiated', processed: 'Refund Processed', failed: 'Refund Failed' },
  /** Marks a refund the built-in test gateway made: no money moved. */
  testMode: 'TEST MODE',
  storeNote: (note: string) => `Note from the store: ${note}`,
  returnableUntil: (date: string) => `You can return this item until ${date}`,
  returnFailed: 'Failed to request return',
} as const;
