/**
 * What the payment page's CSP adds in Razorpay mode, and nowhere else
 * (decision 020): Razorpay Checkout's script from checkout.razorpay.com and
 * the Checkout frame it opens from api.razorpay.com. 'self' is named again
 * because a page's own script source replaces Astro's default one.
 */
export const RAZORPAY_CSP = {
  scriptSources: ["'self'", 'https://checkout.razorpay.com'],
  directives: ['frame-src https://api.razorpay.com'],
} as const;
