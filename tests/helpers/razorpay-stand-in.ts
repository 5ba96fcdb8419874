import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in for the parts of Razorpay's REST API the store uses, with
 * the request and answer shapes of Razorpay's published docs (Orders:
 * POST /v1/orders; Payments: GET /v1/payments/:id, POST .../capture; Refunds:
 * POST /v1/payments/:id/refund with X-Refund-Idempotency). Tests point the
 * store's real Razorpay client at it through RAZORPAY_API_URL, and play the
 * shopper's side with `pay` (what Checkout would do) and Razorpay's side with
 * `webhook` (a signed event).
 */
export interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: unknown;
  created_at: number;
}

export interface StandInPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  error_description: string | null;
  created_at: number;
}

export interface StandInRefund {
  id: string;
  payment_id: string;
  amount: number;
  idempotencyKey: string | undefined;
  speed?: unknown;
  notes?: unknown;
  status?: 'pending' | 'processed' | 'failed';
}

/**
 * How the stand-in answers a refund call: `processed` at once (the default),
 * `pending` (Razorpay's answer until its refund.processed webhook), `refuse`
 * (a 400, as for a payment it will not refund now), `hold` (the refund is
 * made and the answer never leaves, as when the caller dies mid-call), or
 * `stall` (the call is taken and never acted on or answered: as if it had
 * never arrived).
 */
export type RefundMode = 'processed' | 'pending' | 'refuse' | 'hold' | 'stall';

export interface RazorpayStandIn {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The settings a store would give to take payments through this stand-in (README: Payments). */
  storeEnv: Record<'PAYMENT_PROVIDER' | 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET' | 'RAZORPAY_API_URL', string>;
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment>;
  refunds: StandInRefund[];
  /** Every call received: method, path, body. */
  calls: Array<{ method: string; path: string; body: unknown }>;
  /** The shopper pays in Checkout: a payment of the order (its amount unless given), and the handler's signature. */
  pay(orderId: string, options?: { status?: StandInPayment['status']; amount?: number; method?: string }): {
    payment: StandInPayment;
    proof: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  };
  /** A webhook Razorpay would send: the raw body, its signature and its event id. */
  webhook(event: 'payment.captured' | 'order.paid' | 'payment.failed', payment: StandInPayment): { body: string; signature: string; eventId: string };
  /** A refund webhook (refund.processed or refund.failed) for a refund the stand-in made; the refund takes that status. */
  refundWebhook(event: 'refund.processed' | 'refund.failed', refund: StandInRefund): { body: string; signature: string; eventId: string };
  /** How refund calls are answered from now on. */
  setRefundMode(mode: RefundMode): void;
  /** Refund calls held unanswered (modes `hold` and `stall`). */
  held: number;
  /** Answer every call with 503 until set back (a provider outage). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);
const hmac = (payload: string, secret: string) => createHmac('sha256', secret).update(payload).digest('hex');

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const keyId = `rzp_test_${randomBytes(6).toString('hex')}`;
  const keySecret = randomBytes(18).toString('base64url');
  const webhookSecret = randomBytes(18).toString('base64url');
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const refunds: RazorpayStandIn['refunds'] = [];
  const calls: RazorpayStandIn['calls'] = [];
  let down = false;
  let refundMode: RefundMode = 'processed';
  let held = 0;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const error = (res: ServerResponse, status: number, description: string, field?: string) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) } }));
  };
  const answer = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body: Record<string, unknown> = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = req.url ?? '';
    calls.push({ method: req.method ?? '', path, body });
    if (down) return error(res, 503, 'Service unavailable');
    if (req.headers.authorization !== authorization) return error(res, 401, 'Authentication failed');

    if (req.method === 'POST' && path === '/v1/orders') {
      const { amount, currency, receipt } = body;
      if (!Number.isInteger(amount) || (amount as number) < 100) return error(res, 400, 'The amount must be at least INR 1.00', 'amount');
      if (currency !== 'INR') return error(res, 400, 'Currency is not supported', 'currency');
      if (typeof receipt !== 'string' || receipt.length > 40) return error(res, 400, 'The receipt may not be greater than 40 characters.', 'receipt');
      const order: StandInOrder = {
        id: id('order'),
        entity: 'order',
        amount: amount as number,
        amount_paid: 0,
        amount_due: amount as number,
        currency,
        receipt,
        status: 'created',
        attempts: 0,
        notes: body.notes ?? [],
        created_at: now(),
      };
      orders.set(order.id, order);
      return answer(res, order);
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)(\/capture|\/refund)?$/.exec(path);
    const payment = paymentPath ? payments.get(decodeURIComponent(paymentPath[1]!)) : undefined;
    if (paymentPath && !payment) return error(res, 400, 'The id provided does not exist');
    if (req.method === 'GET' && payment && !paymentPath![2]) return answer(res, payment);
    if (req.method === 'POST' && payment && paymentPath![2] === '/capture') {
      if (payment.status !== 'authorized') return error(res, 400, 'This payment has already been captured');
      if (body.amount !== payment.amount || body.currency !== payment.currency) return error(res, 400, 'Capture amount must be equal to the amount authorized', 'amount');
      Object.assign(payment, { status: 'captured', captured: true });
      return answer(res, payment);
    }
    if (req.method === 'POST' && payment && paymentPath![2] === '/refund') {
      const key = req.headers['x-refund-idempotency'] as string | undefined;
      const refundOf = (r: StandInRefund) => ({ id: r.id, entity: 'refund', amount: r.amount, currency: payment.currency, payment_id: payment.id, notes: r.notes, speed_requested: r.speed, status: r.status });
      if (refundMode === 'refuse') return error(res, 400, 'The refund could not be made now');
      if (refundMode === 'stall') {
        held += 1;
        return;
      }
      // Razorpay makes a refund once per idempotency key and answers a repeated call with the same refund.
      const earlier = key ? refunds.find((r) => r.idempotencyKey === key) : undefined;
      if (earlier && refundMode !== 'hold') return answer(res, refundOf(earlier));
      if (!earlier) {
        if (payment.status !== 'captured' && payment.status !== 'refunded') return error(res, 400, 'The payment has not been captured');
        const amount = (body.amount as number | undefined) ?? payment.amount;
        if (amount > payment.amount - payment.amount_refunded) return error(res, 400, 'The refund amount provided is greater than amount captured', 'amount');
        const refund: StandInRefund = { id: id('rfnd'), payment_id: payment.id, amount, idempotencyKey: key, speed: body.speed, notes: body.notes, status: refundMode === 'pending' ? 'pending' : 'processed' };
        refunds.push(refund);
        payment.amount_refunded += amount;
        if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
        if (refundMode !== 'hold') return answer(res, refundOf(refund));
      }
      // Made, but the answer never leaves: the caller cannot know.
      held += 1;
      return;
    }
    return error(res, 400, 'The requested URL was not found on the server.');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The Razorpay stand-in has no port');

  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    storeEnv: {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_URL: url,
    },
    orders,
    payments,
    refunds,
    calls,
    pay(orderId, options = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`No stand-in order ${orderId}`);
      const status = options.status ?? 'captured';
      const payment: StandInPayment = {
        id: id('pay'),
        entity: 'payment',
        amount: options.amount ?? order.amount,
        currency: order.currency,
        status,
        order_id: orderId,
        method: options.method ?? 'upi',
        captured: status === 'captured',
        amount_refunded: 0,
        error_description: status === 'failed' ? 'Payment was declined by the bank' : null,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      order.attempts += 1;
      if (status === 'captured') Object.assign(order, { status: 'paid', amount_paid: payment.amount, amount_due: 0 });
      return {
        payment,
        proof: { razorpay_order_id: orderId, razorpay_payment_id: payment.id, razorpay_signature: hmac(`${orderId}|${payment.id}`, keySecret) },
      };
    },
    webhook(event, payment) {
      const payload = { payment: { entity: payment }, ...(event === 'order.paid' ? { order: { entity: orders.get(payment.order_id) } } : {}) };
      const body = JSON.stringify({ entity: 'event', account_id: 'acc_standin', event, contains: Object.keys(payload), payload, created_at: now() });
      return { body, signature: hmac(body, webhookSecret), eventId: id('evt') };
    },
    refundWebhook(event, refund) {
      const wasFailed = refund.status === 'failed';
      refund.status = event === 'refund.processed' ? 'processed' : 'failed';
      if (event === 'refund.failed' && !wasFailed) {
        const payment = payments.get(refund.payment_id);
        if (payment) Object.assign(payment, { amount_refunded: payment.amount_refunded - refund.amount, status: 'captured' });
      }
      const payload = { refund: { entity: { id: refund.id, entity: 'refund', amount: refund.amount, currency: 'INR', payment_id: refund.payment_id, notes: refund.notes, status: refund.status } } };
      const body = JSON.stringify({ entity: 'event', account_id: 'acc_standin', event, contains: ['refund'], payload, created_at: now() });
      return { body, signature: hmac(body, webhookSecret), eventId: id('evt') };
    },
    setRefundMode(mode) {
      refundMode = mode;
    },
    get held() {
      return held;
    },
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Held refund calls keep their connections open.
        server.closeAllConnections();
      }),
  };
}
