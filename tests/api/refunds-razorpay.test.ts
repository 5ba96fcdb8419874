import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPaymentConfig } from '../../api/config.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { findGroupLines } from '../../api/orders/order.repository.ts';
import { setLinesStatus } from '../../api/orders/order.service.ts';
import { createRefundQueue, REFUND_RETRY_DELAYS_MS } from '../../api/refunds/refund-queue.ts';
import { insertRefund } from '../../api/refunds/refund.repository.ts';
import { refundProviders } from '../../api/refunds/refund.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { startRazorpayStandIn, type RazorpayStandIn } from '../helpers/razorpay-stand-in.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createCoupon, createProduct, createShopper, orderLine, stockOf, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * Refunds through Razorpay (decision 065; SECURITY 37): a cancelled paid line
 * is refunded once, for what it was charged, through the payments API; a
 * refund Razorpay refuses or fails is made again; its webhooks settle it once.
 */
describe('refunds through Razorpay', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let razorpay: RazorpayStandIn;
  let kurta: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    razorpay = await startRazorpayStandIn();
    api = createTestApi(store, { payment: readPaymentConfig(razorpay.storeEnv) });
    [kurta] = (await createProduct(store.db, { M: { price: 629_10, stock: 500 } }, { name: 'Block Print Kurta' })) as [TestVariant];
  });
  afterAll(async () => {
    razorpay.setRefundMode('processed');
    await store.close();
    await razorpay.close();
  });

  /** A prepaid order paid through Razorpay Checkout: its number, its lines' ids and the payment. */
  async function paidOrder(shopper: TestShopper, lines: unknown[], extra: Record<string, unknown> = {}) {
    const placed = await api.post('/checkout', checkoutBody(shopper, lines, { payment_method: 'prepaid', ...extra }), shopper.headers);
    expect(placed.status).toBe(200);
    const reference = placed.body.data.order_number as string;
    const started = await api.post('/payment/retry', { reference }, shopper.headers);
    const { payment, proof } = razorpay.pay(started.body.data.payment.provider_order_id);
    const paid = await api.post('/payment/confirm', { reference, ...proof }, shopper.headers);
    expect(paid.status).toBe(200);
    return { reference, lineIds: placed.body.data.order_id as number[], payment, providerOrderId: started.body.data.payment.provider_order_id as string };
  }
  const cancel = (shopper: TestShopper, orderId: number) =>
    api.post('/customer/cancel-order', { order_id: orderId, reject_reason_select: 'Changed My Mind' }, shopper.headers);
  const refundsAt = (paymentId: string) => razorpay.refunds.filter((r) => r.payment_id === paymentId);
  const refundCalls = (paymentId: string) => razorpay.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${paymentId}/refund`);
  const lineOf = async (shopper: TestShopper, orderId: number) => {
    const orders = (await api.get('/customer/orders', shopper.headers)).body.data.orders as Array<Record<string, any>>;
    return orders.find((o) => o.order_id === orderId)!;
  };
  const paymentRow = (providerPaymentId: string) =>
    store.db.selectFrom('payments').selectAll().where('provider_payment_id', '=', providerPaymentId).executeTakeFirstOrThrow();
  const webhook = (hook: { body: string; signature: string; eventId: string }) =>
    api.call('POST', '/payment/razorpay/webhook', {
      body: hook.body,
      headers: { 'API-KEY': '', 'Content-Type': 'application/json', 'X-Razorpay-Signature': hook.signature, 'X-Razorpay-Event-Id': hook.eventId },
    });
  /** The refund queue of a process whose clock reads `ms` later (a retry's delay passed). */
  const later = (ms: number) => createRefundQueue({ db: store.db, providers: refundProviders(api.config.payment), now: () => new Date(Date.now() + ms) });
  function quietErrors() {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    return { lines: () => spy.mock.calls.map((args) => args.map(String).join(' ')), restore: () => spy.mockRestore() };
  }

  it('ten cancels of one paid line at once make one refund at Razorpay, for the line in paise, at optimum speed, with our order and line in its notes', async () => {
    const shopper = await createShopper(store.db);
    const { reference, lineIds, payment } = await paidOrder(shopper, [orderLine(kurta, 2)]);
    const before = await stockOf(store.db, kurta.variantId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(shopper, lineIds[0]!)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    await api.refundQueue.idle();
    expect(refundsAt(payment.id)).toEqual([
      {
        id: expect.any(String),
        payment_id: payment.id,
        amount: 1258_20,
        idempotencyKey: `line:${lineIds[0]}`,
        speed: 'optimum',
        notes: { order_number: reference, order_line: String(lineIds[0]), refund_key: `line:${lineIds[0]}` },
        status: 'processed',
      },
    ]);
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(await stockOf(store.db, kurta.variantId)).toBe(before + 2);
    expect((await lineOf(shopper, lineIds[0]!)).refund).toEqual({
      amount: '1258.20',
      status: 'processed',
      initiated_at: expect.any(String),
      processed_at: expect.any(String),
      test_mode: false,
    });
    const mails = (await api.mailTo(shopper.email)).map((m) => m.subject);
    expect(mails.filter((s) => s.endsWith('item cancelled'))).toHaveLength(1);
    expect(mails.filter((s) => s.endsWith('refund made'))).toHaveLength(1);
  });

  it('a line of a three-line order with a coupon is refunded what it was charged to the paisa, and cancelling every line refunds exactly the capture', async () => {
    const shopper = await createShopper(store.db);
    const [cap] = (await createProduct(store.db, { price: 333_33, stock: 50 }, { name: 'Cotton Cap' })) as [TestVariant];
    const [saree] = (await createProduct(store.db, { price: 2499_99, stock: 50 }, { name: 'Silk Saree' })) as [TestVariant];
    const code = await createCoupon(store.db, { kind: 'percent', value: 17, max_discount: null });
    const { lineIds, payment } = await paidOrder(shopper, [orderLine(kurta, 1), orderLine(cap, 3), orderLine(saree, 1)], { coupon_code: code });
    const lines = await store.db.selectFrom('orders').select(['id', 'final_amount', 'quantity']).where('id', 'in', lineIds).orderBy('id').execute();
    const charged = lines.map((l) => Number(l.final_amount) * Number(l.quantity));
    expect(charged.reduce((a, b) => a + b, 0)).toBe(payment.amount);

    expect((await cancel(shopper, lineIds[1]!)).status).toBe(200);
    await api.refundQueue.idle();
    expect(refundsAt(payment.id).map((r) => r.amount)).toEqual([charged[1]]);
    expect((await lineOf(shopper, lineIds[1]!)).refund.amount).toBe((charged[1]! / 100).toFixed(2));
    expect((await lineOf(shopper, lineIds[0]!)).refund).toBeNull();

    for (const id of [lineIds[0]!, lineIds[2]!]) expect((await cancel(shopper, id)).status).toBe(200);
    await api.refundQueue.idle();
    expect(refundsAt(payment.id).map((r) => r.amount).sort()).toEqual([...charged].sort());
    expect(refundsAt(payment.id).reduce((sum, r) => sum + r.amount, 0)).toBe(payment.amount);
    expect(razorpay.payments.get(payment.id)).toMatchObject({ amount_refunded: payment.amount, status: 'refunded' });
    expect(await paymentRow(payment.id)).toMatchObject({ amount: payment.amount, refunded: payment.amount, purpose: 'order' });
  });

  it('the database refuses a refund beyond what the payment captured, whole: no refund row, the payment’s refunded sum unchanged', async () => {
    const shopper = await createShopper(store.db);
    const { reference, lineIds, payment } = await paidOrder(shopper, [orderLine(kurta, 1)]);
    expect((await cancel(shopper, lineIds[0]!)).status).toBe(200);
    await api.refundQueue.idle();
    const row = await paymentRow(payment.id);
    expect(row.refunded).toBe(629_10);
    const beyond = store.db.transaction().execute((trx) =>
      insertRefund(trx, {
        refund_key: `test:beyond:${reference}`,
        order_number: reference,
        order_id: null,
        payment_id: Number(row.id),
        provider: 'razorpay',
        amount: 1,
        reason: 'extra payment',
        now: new Date().toISOString(),
      }),
    );
    await expect(beyond).rejects.toThrow(/check|constraint/i);
    expect(await paymentRow(payment.id)).toMatchObject({ refunded: 629_10 });
    expect(await store.db.selectFrom('refunds').select('id').where('refund_key', '=', `test:beyond:${reference}`).execute()).toEqual([]);
  });

  it('a refund Razorpay refuses shows as failed and retrying, is called again after its delay with the same key, and is then processed', async () => {
    const shopper = await createShopper(store.db);
    const { lineIds, payment } = await paidOrder(shopper, [orderLine(kurta, 1)]);
    razorpay.setRefundMode('refuse');
    const errors = quietErrors();
    try {
      expect((await cancel(shopper, lineIds[0]!)).status).toBe(200);
      await api.refundQueue.idle();
      expect(errors.lines()).toEqual([expect.stringMatching(/^Refund \d+ \(line:\d+\) not made, retrying in 30 s: Razorpay answered 400: The refund could not be made now$/)]);
    } finally {
      errors.restore();
      razorpay.setRefundMode('processed');
    }
    expect((await lineOf(shopper, lineIds[0]!)).refund).toMatchObject({ amount: '629.10', status: 'failed', processed_at: null });
    expect(await later(0).runOnce()).toBe(0);
    expect(await later(REFUND_RETRY_DELAYS_MS[0]! + 1000).runOnce()).toBe(1);
    expect(refundCalls(payment.id).map((c) => c.body)).toEqual([
      expect.objectContaining({ amount: 629_10 }),
      expect.objectContaining({ amount: 629_10 }),
    ]);
    expect(refundsAt(payment.id)).toEqual([expect.objectContaining({ amount: 629_10, idempotencyKey: `line:${lineIds[0]}`, status: 'processed' })]);
    expect((await lineOf(shopper, lineIds[0]!)).refund).toMatchObject({ status: 'processed', processed_at: expect.any(String) });
  });

  it('a pending refund is settled by refund.processed once; the same signed event sent again with a new event id changes nothing', async () => {
    const shopper = await createShopper(store.db);
    const { lineIds, payment } = await paidOrder(shopper, [orderLine(kurta, 1)]);
    razorpay.setRefundMode('pending');
    try {
      expect((await cancel(shopper, lineIds[0]!)).status).toBe(200);
      await api.refundQueue.idle();
    } finally {
      razorpay.setRefundMode('processed');
    }
    expect((await lineOf(shopper, lineIds[0]!)).refund).toMatchObject({ status: 'initiated', processed_at: null });
    const [made] = refundsAt(payment.id);
    const hook = razorpay.refundWebhook('refund.processed', made!);
    expect((await webhook(hook)).body).toEqual({ success: true, message: 'refund processed' });
    expect((await webhook({ ...hook, eventId: 'evt_another_label' })).body).toEqual({ success: true, message: 'already applied' });
    expect((await lineOf(shopper, lineIds[0]!)).refund).toMatchObject({ status: 'processed', processed_at: expect.any(String) });
    const processedMails = (await api.mailTo(shopper.email)).filter((m) => m.subject.endsWith('refund made'));
    expect(processedMails).toHaveLength(1);
  });

  it('refund.failed puts the refund back to be made again at once with a new key; it is then processed, and a repeated failure event changes nothing', async () => {
    const shopper = await createShopper(store.db);
    const { lineIds, payment } = await paidOrder(shopper, [orderLine(kurta, 1)]);
    razorpay.setRefundMode('pending');
    try {
      expect((await cancel(shopper, lineIds[0]!)).status).toBe(200);
      await api.refundQueue.idle();
    } finally {
      razorpay.setRefundMode('processed');
    }
    const [first] = refundsAt(payment.id);
    expect((await webhook(razorpay.refundWebhook('refund.failed', first!))).body.message).toBe('refund failed; it will be made again');
    // The webhook's answer kicked the queue: the refund is made again at once.
    await api.refundQueue.idle();
    // A second failure of the same refund is the same signed event: applied once.
    expect((await webhook(razorpay.refundWebhook('refund.failed', first!))).body.message).toBe('already applied');
    await api.refundQueue.idle();
    const made = refundsAt(payment.id);
    expect(made).toHaveLength(2);
    expect(made[1]).toMatchObject({ amount: 629_10, idempotencyKey: `line:${lineIds[0]}:after-${first!.id}`, status: 'processed' });
    expect((await lineOf(shopper, lineIds[0]!)).refund).toMatchObject({ status: 'processed' });
    // Only the one that went through counts at Razorpay.
    expect(razorpay.payments.get(payment.id)).toMatchObject({ amount_refunded: 629_10 });
  });

  it('a second payment on a paid order is refunded once, by confirm (409, said so) and by a payment.captured webhook for a third; repeats change nothing', async () => {
    const shopper = await createShopper(store.db);
    const { reference, providerOrderId, payment: first } = await paidOrder(shopper, [orderLine(kurta, 1)]);
    const second = razorpay.pay(providerOrderId);
    const confirmed = await api.post('/payment/confirm', { reference, ...second.proof }, shopper.headers);
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.message).toBe('This order was already paid; this payment will be refunded');
    const third = razorpay.pay(providerOrderId);
    expect((await webhook(razorpay.webhook('payment.captured', third.payment))).body.message).toBe(
      'order already paid by another payment; this one is refunded',
    );
    // The second again: by confirm and by its own webhook.
    expect((await api.post('/payment/confirm', { reference, ...second.proof }, shopper.headers)).status).toBe(409);
    expect((await webhook(razorpay.webhook('payment.captured', second.payment))).body.message).toBe(
      'order already paid by another payment; this one is refunded',
    );
    await api.refundQueue.idle();
    expect(refundsAt(first.id)).toEqual([]);
    expect(refundsAt(second.payment.id)).toEqual([expect.objectContaining({ amount: 629_10, status: 'processed' })]);
    expect(refundsAt(third.payment.id)).toEqual([expect.objectContaining({ amount: 629_10, status: 'processed' })]);
    const rows = await store.db.selectFrom('payments').select(['provider_payment_id', 'purpose', 'refunded']).where('order_number', '=', reference).orderBy('id').execute();
    expect(rows).toEqual([
      { provider_payment_id: first.id, purpose: 'order', refunded: 0 },
      { provider_payment_id: second.payment.id, purpose: 'extra', refunded: 629_10 },
      { provider_payment_id: third.payment.id, purpose: 'extra', refunded: 629_10 },
    ]);
    const orders = (await api.get(`/orders/${reference}`, shopper.headers)).body.data;
    expect(orders.payment_status).toBe('paid');
    expect(orders.lines.map((l: { status: string }) => l.status)).toEqual(['order has been placed']);
  });

  it('ten confirms of one authorized payment at once: one capture at Razorpay, every answer 200 and paid, one payment recorded', async () => {
    const shopper = await createShopper(store.db);
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta, 1)], { payment_method: 'prepaid' }), shopper.headers);
    const reference = placed.body.data.order_number as string;
    const started = await api.post('/payment/retry', { reference }, shopper.headers);
    const { payment, proof } = razorpay.pay(started.body.data.payment.provider_order_id, { status: 'authorized' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.post('/payment/confirm', { reference, ...proof }, shopper.headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.data.status)).toEqual(Array(10).fill('paid'));
    expect(razorpay.payments.get(payment.id)).toMatchObject({ status: 'captured' });
    expect(await store.db.selectFrom('payments').select('purpose').where('order_number', '=', reference).execute()).toEqual([{ purpose: 'order' }]);
    await api.refundQueue.idle();
    expect(refundsAt(payment.id)).toEqual([]);
  });

  it('two processes sending the refunds owed at once make each refund once', async () => {
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => createShopper(store.db)));
    const orders = await Promise.all(shoppers.map((s) => paidOrder(s, [orderLine(kurta, 1)])));
    // Cancelled by the store with no queue running (as by a process that stopped right after its commits): the refunds wait in the table.
    for (const o of orders) {
      const [outcome] = await setLinesStatus(store.db, await findGroupLines(store.db, o.reference), 'order has been cancelled', 'Out of stock');
      expect(outcome).toMatchObject({ changed: true });
    }
    const sent = await Promise.all([later(0).runOnce(), later(0).runOnce()]);
    expect(sent[0] + sent[1]).toBe(4);
    for (const o of orders) expect(refundsAt(o.payment.id)).toEqual([expect.objectContaining({ amount: 629_10, status: 'processed' })]);
  });

  it('a cancelled cash on delivery line owes nothing: no refund, and the answer says none', async () => {
    const shopper = await createShopper(store.db);
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta, 1)]), shopper.headers);
    const [id] = placed.body.data.order_id as number[];
    expect((await cancel(shopper, id!)).status).toBe(200);
    await api.refundQueue.idle();
    expect((await lineOf(shopper, id!)).refund).toBeNull();
    expect(await store.db.selectFrom('refunds').select('id').where('order_id', '=', id!).execute()).toEqual([]);
    const [notice] = await api.mailTo(shopper.email);
    expect(notice!.text).not.toMatch(/refund/i);
  });
});
