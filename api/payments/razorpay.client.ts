import { PaymentProviderError } from './payment-provider.ts';

/**
 * Razorpay's REST API as this store uses it (Orders, Payments, Refunds;
 * https://razorpay.com/docs/api/): basic auth with the key id and secret,
 * JSON, amounts in paise. RAZORPAY_API_URL points tests at a local stand-in.
 * The secret goes only into the Authorization header, never into a log.
 */
export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

export interface RazorpayPayment {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  /** created | authorized | captured | refunded | failed */
  status: string;
  method: string | null;
}

export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  /** pending | processed | failed */
  status: string;
}

const TIMEOUT_MS = 15_000;

export interface RazorpayClient {
  createOrder(order: { amount: number; currency: string; receipt: string }): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  capturePayment(paymentId: string, amount: number, currency: string): Promise<RazorpayPayment>;
  refundPayment(paymentId: string, refund: { amount: number; notes: Record<string, string> }, idempotencyKey: string): Promise<RazorpayRefund>;
}

export function createRazorpayClient(apiUrl: string, keyId: string, keySecret: string): RazorpayClient {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { Authorization: authorization, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Razorpay ${method} ${path.split('/').slice(0, 3).join('/')} failed: ${error instanceof Error ? error.name : 'error'}`);
    }
    const text = await response.text();
    if (!response.ok) {
      // Razorpay's error: { error: { code, description } }; the description is safe to log.
      let description = '';
      try {
        description = (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? '';
      } catch {
        // not JSON
      }
      throw new PaymentProviderError(`Razorpay answered ${response.status}${description ? `: ${description}` : ''}`);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new PaymentProviderError('Razorpay answered something that is not JSON');
    }
  }

  return {
    createOrder: (order) => call<RazorpayOrder>('POST', '/v1/orders', order),
    fetchPayment: (paymentId) => call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
    capturePayment: (paymentId, amount, currency) =>
      call<RazorpayPayment>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/capture`, { amount, currency }),
    // X-Refund-Idempotency: a retried refund (a lost answer) is not made twice. `optimum`: instantly where
    // the shopper's bank can take it, else the normal 5-7 working days, at no extra fee.
    refundPayment: (paymentId, refund, idempotencyKey) =>
      call<RazorpayRefund>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, { amount: refund.amount, speed: 'optimum', notes: refund.notes }, {
        'X-Refund-Idempotency': idempotencyKey,
      }),
  };
}
