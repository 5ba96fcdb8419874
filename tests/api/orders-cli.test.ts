import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../api/mail/mail.transport.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { ordersCommand } from '../helpers/store-command.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, stockOf } from '../fixtures/order.fixtures.ts';

/** `npm run orders -- ...` as a store runs it: the real command in its own process, on the test's database. */
describe('the orders command', () => {
  let store: TestDatabase;
  let api: TestApi;
  let outbox: string;
  beforeAll(async () => {
    store = await createTestDatabase({ shared: true });
    api = createTestApi(store);
    outbox = mkdtempSync(join(tmpdir(), 'orders-cli-outbox-'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const orders = (...args: string[]) => ordersCommand(store.url, outbox)(...args);

  async function anOrder(quantity = 2) {
    const shopper = await createShopper(store.db);
    const [v] = await createProduct(store.db, { M: { price: 1234_00, stock: 10 } }, { name: 'Ikat Cotton Kurta' });
    const res = await api.post('/checkout', checkoutBody(shopper, [orderLine(v!, quantity)]), shopper.headers);
    return { shopper, variant: v!, number: res.body.data.order_number as string };
  }

  it('lists orders newest first, and by status', async () => {
    const { number, shopper } = await anOrder();
    const all = await orders('list');
    expect(all.code).toBe(0);
    expect(all.out.split('\n')[0]).toContain(`${number}-1`);
    expect(all.out).toContain('order has been placed');
    expect(all.out).toContain(shopper.email);
    expect(all.out).toContain('Ikat Cotton Kurta (M) x 2');
    expect(all.out).toContain('₹2,468.00');
    expect((await orders('list', '--status', 'order has been delivered')).out.trim()).toBe('No orders.');
  });

  it('shows an order with its address, totals and history', async () => {
    const { number } = await anOrder(1);
    const shown = await orders('show', number);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Order ${number}`);
    expect(shown.out).toContain('Cash on Delivery (COD)');
    expect(shown.out).toContain('14 Linking Road, Bandra West, Mumbai Suburban, Maharashtra 400050');
    expect(shown.out).toContain('Subtotal ₹1,234.00, total ₹1,234.00');
    expect(shown.out).toMatch(/- -> order has been placed {2}by shopper/);
  });

  it('moves an order along allowed transitions only, and a cancel gives the stock back and mails the shopper', async () => {
    const { number, variant, shopper } = await anOrder(3);
    expect(await stockOf(store.db, variant.variantId)).toBe(7);
    const skipped = await orders('set-status', number, 'order has been delivered');
    expect(skipped.code).toBe(1);
    expect(skipped.out).toContain("not changed, cannot go from 'order has been placed' to 'order has been delivered'");
    const confirmed = await orders('set-status', number, 'order is confirmed', '--note', 'Packed');
    expect(confirmed.out).toContain(`${number}-1: order has been placed -> order is confirmed`);
    const cancelled = await orders('set-status', `${number}-1`, 'order has been cancelled', '--note', 'Seller out of stock');
    expect(cancelled.code).toBe(0);
    expect(await stockOf(store.db, variant.variantId)).toBe(10);
    const [notice] = await readOutbox(outbox, { to: shopper.email });
    expect(notice?.subject).toContain(`Order ${number}: item cancelled`);
    const history = (await orders('show', number)).out;
    expect(history).toContain('order is confirmed -> order has been cancelled  by store (Seller out of stock)');
  });

  it('refuses an unknown status or order with a clear message and usage', async () => {
    const unknown = await orders('set-status', 'OD000000000000', 'order is confirmed');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No order OD000000000000.');
    const badStatus = await orders('set-status', 'OD000000000000', 'teleported');
    expect(badStatus.out).toContain('Unknown status "teleported"');
    const usage = await orders('nonsense');
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage:');
  });
});
