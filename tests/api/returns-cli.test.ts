import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../api/mail/mail.transport.ts';
import { findGroupLines } from '../../api/orders/order.repository.ts';
import { setLinesStatus } from '../../api/orders/order.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { ordersCommand } from '../helpers/store-command.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { createProduct, createShopper, orderLine, placedOrder, stockOf, type TestShopper } from '../fixtures/order.fixtures.ts';

interface LineAnswer {
  order_id: number;
  refund: { amount: string; status: string; processed_at: string | null; test_mode: boolean } | null;
  return_status: string | null;
  return_note: string | null;
}

/** The store's side of returns and refunds, `npm run orders -- ...` as a store runs it: the real command in its own process, on the test's database. */
describe('the orders command: returns and refunds', () => {
  let store: TestDatabase;
  let api: TestApi;
  let outbox: string;
  beforeAll(async () => {
    store = await createTestDatabase({ shared: true });
    api = createTestApi(store);
    outbox = mkdtempSync(join(tmpdir(), 'returns-cli-outbox-'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const orders = (...args: string[]) => ordersCommand(store.url, outbox)(...args);
  const lineOf = async (shopper: TestShopper, id: number): Promise<LineAnswer> => {
    const lines = (await api.get('/customer/orders', shopper.headers)).body.data.orders as LineAnswer[];
    return lines.find((l) => l.order_id === id)!;
  };
  const subjectsTo = async (shopper: TestShopper) => (await readOutbox(outbox, { to: shopper.email })).map((m) => m.subject);

  /**
   * A delivered line of 2 kurtas whose return the shopper asked for through the API (prepaid: paid
   * with the test gateway first; cash on delivery: with a UPI ID). The API's mail is sent before the
   * command runs, so the command's outbox holds only what the command sent.
   */
  async function returnAsked(payment: 'prepaid' | 'cod') {
    const shopper = await createShopper(store.db);
    const [variant] = await createProduct(store.db, { M: { price: 1234_00, stock: 10 } }, { name: 'Ikat Cotton Kurta' });
    const placed = await placedOrder(api, shopper, [orderLine(variant!, 2)], { payment_method: payment });
    const number = placed.order_number;
    if (payment === 'prepaid') {
      expect((await api.post('/payment/confirm', { reference: number, outcome: 'success', method: 'upi' }, shopper.headers)).status).toBe(200);
    }
    for (const to of ['order has been shipped', 'order has been delivered'] as const) {
      await setLinesStatus(store.db, await findGroupLines(store.db, number), to, null);
    }
    const id = placed.order_id[0]!;
    const asked = await api.post('/customer/return-order', { order_id: id, reason: "Size doesn't fit", ...(payment === 'cod' ? { upi_id: 'asha@okaxis' } : {}) }, shopper.headers);
    expect(asked.status).toBe(200);
    await api.mailTo(shopper.email);
    return { shopper, variant: variant!, number, id, line: `${number}-1` };
  }

  it('returns lists a requested return with its line, shopper, item, payment and reason; --status filters, an unknown status is refused', async () => {
    const { shopper, line } = await returnAsked('cod');
    const listed = await orders('returns');
    expect(listed.code).toBe(0);
    const row = listed.out.split('\n').find((l) => l.startsWith(`${line}  |`));
    expect(row).toBeDefined();
    expect(row).toContain(`${line}  |  ${shopper.email}  |  Ikat Cotton Kurta (M) x 2  |  COD  |  return: return requested  |  asked `);
    expect(row).toContain("|  Size doesn't fit  |  UPI asha@okaxis");
    expect((await orders('returns', '--status', 'return requested')).out).toContain(`${line}  |`);
    expect((await orders('returns', '--status', 'refunded')).out).not.toContain(`${line}  |`);
    const unknown = await orders('returns', '--status', 'lost');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('Unknown return status "lost"');
  });

  it('approve then receive a prepaid return: the stock comes back and the test gateway’s refund is processed by the time the command exits; refunds and show list it as TEST MODE', async () => {
    const { shopper, variant, number, id, line } = await returnAsked('prepaid');
    const approved = await orders('approve', line);
    expect(approved).toEqual({ code: 0, out: `${line}: return approved\n` });
    const again = await orders('approve', line);
    expect(again.code).toBe(1);
    expect(again.out).toContain(`${line}: not changed, its return is 'return approved', not 'return requested'`);
    expect(await stockOf(store.db, variant.variantId)).toBe(8);

    const received = await orders('receive', line);
    expect(received).toEqual({ code: 0, out: `${line}: return received\n` });
    expect(await stockOf(store.db, variant.variantId)).toBe(10);
    expect(await lineOf(shopper, id)).toMatchObject({
      return_status: 'refunded',
      refund: { amount: '2468.00', status: 'processed', processed_at: expect.any(String), test_mode: true },
    });
    const subjects = await subjectsTo(shopper);
    for (const step of ['return approved', 'return received', 'refund made']) expect(subjects).toContain(`Store: Order ${number}: ${step}`);

    const refunds = await orders('refunds');
    expect(refunds.code).toBe(0);
    const refund = refunds.out.split('\n').find((l) => l.startsWith(`${number} line ${id}  |`));
    expect(refund).toContain(`${number} line ${id}  |  refund ₹2,468.00  |  returned  |  test gateway (TEST MODE)  |  processed  |  initiated `);
    // The test gateway's references: its refund id and the payment it went back through.
    expect(refund).toMatch(/ {2}\| {2}refund \S+ {2}\| {2}payment \S+$/);

    const shown = await orders('show', line);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain("  return: refunded  |  asked ");
    expect(shown.out).toContain("|  Size doesn't fit\n");
    expect(shown.out).toContain('  refund ₹2,468.00  |  returned  |  test gateway (TEST MODE)  |  processed  |  initiated ');
    expect(shown.out).toContain('return approved -> return received  by store');
  });

  it('reject without --note is refused with exit 1 and why; with a note the return is rejected, the shopper reads the note, and it cannot be received', async () => {
    const { shopper, variant, number, id, line } = await returnAsked('prepaid');
    const bare = await orders('reject', line);
    expect(bare.code).toBe(1);
    expect(bare.out).toContain('A rejection needs --note TEXT: the shopper is told why.');
    expect(await lineOf(shopper, id)).toMatchObject({ return_status: 'return requested' });

    const rejected = await orders('reject', line, '--note', 'Worn; the tags are removed');
    expect(rejected).toEqual({ code: 0, out: `${line}: return rejected\n` });
    expect(await lineOf(shopper, id)).toMatchObject({ return_status: 'return rejected', return_note: 'Worn; the tags are removed', refund: null });
    const [notice] = await readOutbox(outbox, { to: shopper.email });
    expect(notice?.subject).toBe(`Store: Order ${number}: return not accepted`);
    expect(notice?.text).toContain("The store's note: Worn; the tags are removed");

    const receive = await orders('receive', line);
    expect(receive.code).toBe(1);
    expect(receive.out).toContain(`${line}: not changed, its return is 'return rejected', not 'return approved'`);
    expect(await stockOf(store.db, variant.variantId)).toBe(8);
    expect(await lineOf(shopper, id)).toMatchObject({ return_status: 'return rejected', refund: null });
  });

  it('a received cash on delivery return is owed by the store until refund-cod records its UTR; refunds lists its reference, refunds --failed lists none, show prints both', async () => {
    const { shopper, variant, number, id, line } = await returnAsked('cod');
    expect((await orders('approve', line)).code).toBe(0);
    const early = await orders('refund-cod', line, '--reference', 'UTR123');
    expect(early.code).toBe(1);
    expect(early.out).toContain(`${line}: no cash on delivery refund is owed (receive its return first)`);

    expect(await orders('receive', line)).toEqual({ code: 0, out: `${line}: return received\n` });
    expect(await stockOf(store.db, variant.variantId)).toBe(10);
    expect(await lineOf(shopper, id)).toMatchObject({ return_status: 'return received', refund: { amount: '2468.00', status: 'initiated', processed_at: null, test_mode: false } });
    const owed = (await orders('refunds')).out.split('\n').find((l) => l.startsWith(`${number} line ${id}  |`));
    expect(owed).toContain('refund ₹2,468.00  |  returned  |  by the store (UPI)  |  to pay to asha@okaxis  |  initiated ');

    const noReference = await orders('refund-cod', line);
    expect(noReference.code).toBe(1);
    expect(noReference.out).toContain('refund-cod needs --reference UTR: the reference of the UPI transfer you made.');
    const recorded = await orders('refund-cod', line, '--reference', 'UTR123');
    expect(recorded).toEqual({ code: 0, out: `${line}: refund of ₹2,468.00 to asha@okaxis recorded (reference UTR123)\n` });
    const twice = await orders('refund-cod', line, '--reference', 'UTR456');
    expect(twice.code).toBe(1);
    expect(twice.out).toContain(`${line}: not changed, its refund is processed already`);
    expect(await lineOf(shopper, id)).toMatchObject({ return_status: 'refunded', refund: { amount: '2468.00', status: 'processed', processed_at: expect.any(String), test_mode: false } });
    const made = (await readOutbox(outbox, { to: shopper.email })).find((m) => m.subject.endsWith(': refund made'));
    expect(made?.subject).toBe(`Store: Order ${number}: refund made`);
    expect(made?.text).toContain('We have refunded ₹2,468.00 to your UPI ID (reference UTR123).');

    const refunds = (await orders('refunds')).out.split('\n').find((l) => l.startsWith(`${number} line ${id}  |`));
    expect(refunds).toContain('refund ₹2,468.00  |  returned  |  by the store (UPI)  |  processed  |  initiated ');
    expect(refunds).toMatch(/ {2}\| {2}reference UTR123$/);
    expect(await orders('refunds', '--failed')).toEqual({ code: 0, out: 'No failing refunds.\n' });

    const shown = await orders('show', number);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain("  return: refunded  |  asked ");
    expect(shown.out).toContain("|  Size doesn't fit  |  UPI asha@okaxis\n");
    expect(shown.out).toMatch(/ {2}refund ₹2,468\.00 {2}\| {2}returned {2}\| {2}by the store \(UPI\) {2}\| {2}processed {2}\| {2}initiated [^\n]*\| {2}reference UTR123\n/);
  });
});
