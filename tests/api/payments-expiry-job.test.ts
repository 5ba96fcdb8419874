import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { nextExpiryDelay, PAYMENT_JOB_INTERVAL_MS, startPaymentJobs, type PaymentJobs } from '../../api/payments/payment-jobs.ts';
import { PAYMENT_HOLD_MS } from '../../src/lib/constants.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createCoupon, createProduct, createShopper, orderLine, stockOf, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * The payment jobs as the server process runs them (server/store-api.ts),
 * under a fake clock: an unpaid hold ends when its 30 minutes are up, not up
 * to a minute later, and once, even with two processes' jobs on one database
 * (SECURITY 32; decision 049). Only the timers and the clock are faked: the
 * database drivers do their I/O for real.
 */
describe('the payment jobs of the server process', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let variant: TestVariant;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
    [variant] = (await createProduct(store.db, { M: { price: 900_00, stock: 20 } })) as [TestVariant];
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => store.close());

  const group = (orderNumber: string) => store.db.selectFrom('order_groups').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  const statuses = async (orderNumber: string) =>
    (await store.db.selectFrom('orders').select('status').where('checkout_ref', '=', orderNumber).execute()).map((r) => r.status);
  const usesOf = async (code: string) => Number((await store.db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);

  /** Moves the fake clock by `ms`, letting every job run it starts finish before the clock moves on. */
  async function runFor(jobs: PaymentJobs[], ms: number, step = 5_000): Promise<void> {
    for (let left = ms; left > 0; left -= step) {
      await vi.advanceTimersByTimeAsync(Math.min(step, left));
      await Promise.all(jobs.map((job) => job.idle()));
    }
  }

  it('ends an unpaid hold within a second after its 30 minutes: the group expires, its stock and the coupon’s use go back once', { timeout: 60_000 }, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: Date.now() });
    // Two server processes on one database: each runs its own jobs.
    const jobs = [startPaymentJobs(store.db), startPaymentJobs(store.db)];
    try {
      // The order comes between two of the jobs' minute marks, so only a run timed to its hold's end frees it in time.
      await runFor(jobs, 20_000);
      const shopper = await createShopper(store.db);
      const code = await createCoupon(store.db, { kind: 'flat', value: 50_00, usage_limit: 5 });
      const before = await stockOf(store.db, variant.variantId);
      const placed = await api.post('/checkout', checkoutBody(shopper, [orderLine(variant, 3)], { payment_method: 'prepaid', coupon_code: code }), shopper.headers);
      expect(placed.status).toBe(200);
      const orderNumber = placed.body.data.order_number as string;
      const holdEnds = Date.parse((await group(orderNumber)).hold_expires_at!);
      expect(holdEnds - Date.now()).toBe(PAYMENT_HOLD_MS);
      expect(await usesOf(code)).toBe(1);

      await runFor(jobs, holdEnds - Date.now() - 1_000);
      expect((await group(orderNumber)).payment_status).toBe('awaiting');
      expect(await stockOf(store.db, variant.variantId)).toBe(before - 3);

      // Just past the 30 minutes: 30 min 0.5 s after checkout.
      await runFor(jobs, 1_500);
      expect((await group(orderNumber)).payment_status).toBe('expired');
      expect(await statuses(orderNumber)).toEqual(['payment failed']);
      expect(await stockOf(store.db, variant.variantId)).toBe(before);
      expect(await usesOf(code)).toBe(0);

      // Later runs of both processes give nothing back a second time.
      await runFor(jobs, 3 * PAYMENT_JOB_INTERVAL_MS, PAYMENT_JOB_INTERVAL_MS);
      expect(await stockOf(store.db, variant.variantId)).toBe(before);
      expect(await usesOf(code)).toBe(0);
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
  });

  it('waits until the earliest hold ends, never less than a second between runs nor more than the interval', () => {
    const now = Date.parse('2026-12-01T10:00:00.000Z');
    expect(nextExpiryDelay('2026-12-01T10:00:12.500Z', now)).toBe(12_500);
    expect(nextExpiryDelay('2026-12-01T10:00:00.200Z', now)).toBe(1_000);
    expect(nextExpiryDelay('2026-12-01T09:59:00.000Z', now)).toBe(1_000);
    expect(nextExpiryDelay('2026-12-01T10:29:59.000Z', now)).toBe(PAYMENT_JOB_INTERVAL_MS);
    expect(nextExpiryDelay(undefined, now)).toBe(PAYMENT_JOB_INTERVAL_MS);
  });
});
