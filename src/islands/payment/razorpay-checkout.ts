/**
 * Razorpay Checkout (https://checkout.razorpay.com/v1/checkout.js), loaded
 * from Razorpay itself only when the shopper pays (their terms: never bundled
 * or self-hosted); the payment page's CSP allows that one script origin and
 * Razorpay's frame in Razorpay mode only (decision 020). Opening it resolves
 * with how the shopper's try ended.
 */
import type { RazorpayProof } from '../../lib/api/orders.ts';

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpayCheckoutOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
}

/**
 * UPI by intent (an app on the phone) or QR (on a computer), never collect
 * (typing a UPI ID for a request to approve): NPCI ends collect for merchant
 * payments from 28 February 2026. Checkout is never given a UPI ID to prefill,
 * and its collect flow is hidden.
 */
export const CHECKOUT_DISPLAY = { display: { hide: [{ method: 'upi', flows: ['collect'] }] } } as const;

export type RazorpayEnding = { kind: 'paid'; proof: RazorpayProof } | { kind: 'failed' } | { kind: 'dismissed' };

interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (response: unknown) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | undefined;

/** Adds Razorpay's script once; a failed load may be tried again. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay Checkout did not load')));
    script.onerror = () => reject(new Error('Razorpay Checkout did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const isProof = (value: unknown): value is RazorpayProof => {
  const v = value as Partial<Record<keyof RazorpayProof, unknown>> | null;
  return typeof v?.razorpay_order_id === 'string' && typeof v.razorpay_payment_id === 'string' && typeof v.razorpay_signature === 'string';
};

/**
 * Opens Checkout for one try. A failed payment closes it at once (Razorpay's
 * own retry is off): the order-failure page offers the retry, with pay on
 * delivery beside it.
 */
export async function openRazorpayCheckout(options: RazorpayCheckoutOptions): Promise<RazorpayEnding> {
  const Razorpay = await loadRazorpay();
  return new Promise<RazorpayEnding>((resolve) => {
    let settled = false;
    const end = (ending: RazorpayEnding) => {
      if (settled) return;
      settled = true;
      resolve(ending);
    };
    const checkout = new Razorpay({
      ...options,
      config: CHECKOUT_DISPLAY,
      retry: { enabled: false },
      handler: (response: unknown) => end(isProof(response) ? { kind: 'paid', proof: response } : { kind: 'failed' }),
      modal: { ondismiss: () => end({ kind: 'dismissed' }) },
    });
    checkout.on('payment.failed', () => {
      end({ kind: 'failed' });
      checkout.close();
    });
    checkout.open();
  });
}
