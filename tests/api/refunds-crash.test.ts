import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPaymentConfig } from '../../api/config.ts';
import { createRefundQueue, REFUND_LEASE_MS } from '../../api/refunds/refund-queue.ts';
import { refundProviders } from '../../api/refunds/refund.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { startRazorpayStandIn, type RazorpayStandIn, type RefundMode } from '../helpers/razorpay-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * A process killed (SIGKILL) after a cancel committed, while its refund call
 * is out (decision 065; SECURITY 37): the refund row committed with the
 * cancel, so the next process makes the refund, and with the same
 * idempotency key, so Razorpay makes it once whether or not the first call
 * got through. The killed process is the store's orders command, which
 * cancels and then sends what it owes before it exits.
 */
describe('a refund whose process is killed mid-call', () => {
  let store: TestDatabase;
  let api: TestApi;
  let razorpay: RazorpayStandIn;
  let kurta: TestVariant;
  let outbox: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    store = await createTestDatabase({ shared: true });
    razorpay = await startRazorpayStandIn();
    api = createTestApi(store, { payment: readPaymentConfig(razorpay.storeEnv) });
    [kurta] = (await createProduct(store.db, { M: { price: 849_00, stock: 50 } })) as [TestVariant];
    outbox = mkdtempSync(join(tmpdir(), 'refund-crash-outbox-'));
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await razorpay.close();
    await store.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  async function paidLine() {
    const shopper = await createShopper(store.db);
    const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta, 2)], { payment_method: 'prepaid' }), shopper.headers);
    const reference = placed.body.data.order_number as string;
    const started = await api.post('/payment/retry', { reference }, shopper.headers);
    const { payment, proof } = razorpay.pay(started.body.data.payment.provider_order_id);
    expect((await api.post('/payment/confirm', { reference, ...proof }, shopper.headers)).status).toBe(200);
    return { line: `${reference}-1`, payment };
  }

  /** `npm run orders -- set-status LINE "order has been cancelled"` in its own process, killed once its refund call is out. */
  async function cancelAndKill(line: string, mode: RefundMode) {
    razorpay.setRefundMode(mode);
    const heldBefore = razorpay.held;
    const child = spawn(process.execPath, ['scripts/orders.ts', 'set-status', line, 'order has been cancelled'], {
      env: { ...process.env, ...razorpay.storeEnv, DATABASE_URL: store.url, OUTBOX_DIR: outbox, SEED_DEMO: '0' },
      stdio: 'ignore',
    });
    children.push(child);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await expect.poll(() => razorpay.held, { timeout: 15_000 }).toBe(heldBefore + 1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    razorpay.setRefundMode('processed');
  }

  const refundRow = (lineNumber: string) =>
    store.db
      .selectFrom('refunds')
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .select(['refunds.status', 'refunds.attempts', 'refunds.amount', 'orders.status as line_status'])
      .where('orders.order_number', '=', lineNumber)
      .executeTakeFirstOrThrow();
  /** The next process, once the killed one's claim has run out. */
  const restarted = () =>
    createRefundQueue({ db: store.db, providers: refundProviders(api.config.payment), now: () => new Date(Date.now() + REFUND_LEASE_MS + 1000) });

  it('killed after Razorpay made the refund but before the answer came: after restart the same key is sent and Razorpay holds one refund', { timeout: 40_000 }, async () => {
    const { line, payment } = await paidLine();
    await cancelAndKill(line, 'hold');
    expect(await refundRow(line)).toEqual({ status: 'queued', attempts: 1, amount: 1698_00, line_status: 'order has been cancelled' });
    expect(razorpay.refunds.filter((r) => r.payment_id === payment.id)).toHaveLength(1);

    expect(await restarted().runOnce()).toBe(1);
    expect(await refundRow(line)).toMatchObject({ status: 'processed', attempts: 2 });
    const made = razorpay.refunds.filter((r) => r.payment_id === payment.id);
    expect(made).toEqual([expect.objectContaining({ amount: 1698_00, status: 'processed' })]);
    expect(razorpay.payments.get(payment.id)).toMatchObject({ amount_refunded: 1698_00 });
  });

  it('killed before the call reached Razorpay: after restart the refund is made, once', { timeout: 40_000 }, async () => {
    const { line, payment } = await paidLine();
    await cancelAndKill(line, 'stall');
    expect(await refundRow(line)).toEqual({ status: 'queued', attempts: 1, amount: 1698_00, line_status: 'order has been cancelled' });
    expect(razorpay.refunds.filter((r) => r.payment_id === payment.id)).toEqual([]);

    expect(await restarted().runOnce()).toBe(1);
    expect(await refundRow(line)).toMatchObject({ status: 'processed', attempts: 2 });
    expect(razorpay.refunds.filter((r) => r.payment_id === payment.id)).toEqual([expect.objectContaining({ amount: 1698_00 })]);
    // And a later round has nothing left to do.
    expect(await restarted().runOnce()).toBe(0);
  });
});
