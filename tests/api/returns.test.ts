import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { findGroupLines, findOrderLine } from '../../api/orders/order.repository.ts';
import { setLinesStatus } from '../../api/orders/order.service.ts';
import { findLineRefund } from '../../api/refunds/refund.repository.ts';
import { recordManualRefund } from '../../api/refunds/refund.service.ts';
import { moveReturnStep, type ReturnStep } from '../../api/returns/return.service.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { createCoupon, createProduct, createShopper, orderLine, placedOrder, stockOf, type TestShopper, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * Returns and their refunds (decision 065): a shopper asks to return a
 * delivered line within the store's window, once; the store approves or
 * rejects it and receives the item back (stock back, refund owed), and the
 * refund settles it: through the test gateway for a prepaid line, by the
 * store's own UPI transfer for a cash on delivery one. Each step mails the shopper.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const REQUESTED = { success: true, status: true, message: 'Return requested. We will email you once the store has looked at it.' };
const refused = (message: string, errors?: Record<string, string[]>) => ({ success: false, status: false, message, ...(errors ? { errors } : {}) });

interface OrderLineAnswer {
  order_id: number;
  status: string;
  quantity: number;
  final_amount: string;
  refund: { amount: string; status: string; initiated_at: string; processed_at: string | null; test_mode: boolean } | null;
  return_status: string | null;
  return_note: string | null;
  returnable_until: string | null;
}

describe('POST /customer/return-order and the store’s steps of a return', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const ask = (shopper: TestShopper, body: Record<string, unknown>) => api.post('/customer/return-order', body, shopper.headers);
  const lineOf = async (shopper: TestShopper, id: number): Promise<OrderLineAnswer> => {
    const orders = (await api.get('/customer/orders', shopper.headers)).body.data.orders as OrderLineAnswer[];
    return orders.find((o) => o.order_id === id)!;
  };
  const subjectsTo = async (shopper: TestShopper) => (await api.mailTo(shopper.email)).map((m) => m.subject);
  const deliveredAt = async (id: number) =>
    (await store.db.selectFrom('orders').select('delivered_at').where('id', '=', id).executeTakeFirstOrThrow()).delivered_at!;
  const returnRows = (id: number) => store.db.selectFrom('returns').selectAll().where('order_id', '=', id).execute();

  /** The store ships and delivers every line of the order (as `npm run orders -- set-status` does). */
  async function deliver(number: string) {
    for (const to of ['order has been shipped', 'order has been delivered'] as const) {
      const outcomes = await setLinesStatus(store.db, await findGroupLines(store.db, number), to, null);
      expect(outcomes.every((o) => o.changed)).toBe(true);
    }
  }

  /** A store step from the command line's service; then the queues run, as a server's poll (or the command's own run) sends what it owes. */
  async function storeStep(id: number, step: ReturnStep, note: string | null = null, options: { sendRefunds?: boolean } = {}) {
    const outcome = await moveReturnStep(store.db, (await findOrderLine(store.db, id))!, step, note);
    api.mailQueue.kick();
    if (options.sendRefunds ?? true) api.refundQueue.kick();
    return outcome;
  }

  /** A delivered order of `shopper`: cash on delivery unless `prepaid` (then paid with the test gateway first). */
  async function deliveredOrder(shopper: TestShopper, lines: unknown[], extra: Record<string, unknown> = {}) {
    const placed = await placedOrder(api, shopper, lines, extra);
    if (extra.payment_method === 'prepaid') {
      const paid = await api.post('/payment/confirm', { reference: placed.order_number, outcome: 'success', method: 'upi' }, shopper.headers);
      expect(paid.status).toBe(200);
    }
    await deliver(placed.order_number);
    return { number: placed.order_number, ids: placed.order_id };
  }

  it('a prepaid line with a coupon goes requested, approved, received (stock back once) and is refunded through the test gateway by its charge after the coupon; the other line is untouched and each step is mailed', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = (await createProduct(store.db, { M: { price: 1499_50, stock: 10 } }, { name: 'Chikankari Kurta' })) as [TestVariant];
    const [dupatta] = (await createProduct(store.db, { price: 799_00, stock: 10 }, { name: 'Cotton Dupatta' })) as [TestVariant];
    const code = await createCoupon(store.db, { kind: 'flat', value: 250_00 });
    const { number, ids } = await deliveredOrder(shopper, [orderLine(kurta, 2), orderLine(dupatta)], { payment_method: 'prepaid', coupon_code: code });
    const [kurtaId, dupattaId] = ids as [number, number];
    expect(await stockOf(store.db, kurta.variantId)).toBe(8);

    // ₹250 off ₹3,798 is shared as whole paise per unit: ₹98.70 off each kurta, so the line was charged 2 x ₹1,400.80.
    const before = await lineOf(shopper, kurtaId);
    expect(before).toMatchObject({ status: 'order has been delivered', quantity: 2, final_amount: '1400.80', return_status: null, refund: null });
    expect(before.returnable_until).toBe(new Date(Date.parse(await deliveredAt(kurtaId)) + 7 * DAY_MS).toISOString());

    const asked = await ask(shopper, { order_id: kurtaId, reason: "Size doesn't fit" });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(REQUESTED);
    expect(await lineOf(shopper, kurtaId)).toMatchObject({ return_status: 'return requested', returnable_until: null, refund: null, return_note: null });
    expect(await returnRows(kurtaId)).toEqual([expect.objectContaining({ reason: "Size doesn't fit", reason_text: null, upi_id: null, status: 'return requested' })]);

    expect(await storeStep(kurtaId, 'approve')).toEqual({ changed: true, status: 'return approved' });
    expect(await lineOf(shopper, kurtaId)).toMatchObject({ return_status: 'return approved', refund: null });
    expect(await stockOf(store.db, kurta.variantId)).toBe(8);

    // Received five times at once (two staff, a double click): it moves once, the two units come back once, one refund is owed.
    const received = await Promise.all(Array.from({ length: 5 }, () => storeStep(kurtaId, 'receive', null, { sendRefunds: false })));
    expect(received.filter((o) => o.changed)).toEqual([{ changed: true, status: 'return received' }]);
    expect(await stockOf(store.db, kurta.variantId)).toBe(10);
    expect(await storeStep(kurtaId, 'receive', null, { sendRefunds: false })).toEqual({ changed: false, reason: "its return is 'return received', not 'return approved'" });
    expect(await stockOf(store.db, kurta.variantId)).toBe(10);

    // Owed and not yet sent: the shopper reads it as initiated.
    const owed = await lineOf(shopper, kurtaId);
    expect(owed).toMatchObject({ return_status: 'return received', refund: { amount: '2801.60', status: 'initiated', processed_at: null, test_mode: true } });
    expect((await findLineRefund(store.db, kurtaId))?.status).toBe('queued');

    api.refundQueue.kick();
    await api.refundQueue.idle();
    const refunded = await lineOf(shopper, kurtaId);
    expect(refunded).toMatchObject({
      status: 'order has been delivered',
      return_status: 'refunded',
      returnable_until: null,
      refund: { amount: '2801.60', status: 'processed', initiated_at: expect.any(String), processed_at: expect.any(String), test_mode: true },
    });
    const group = (await api.get(`/orders/${number}`, shopper.headers)).body.data;
    expect(group.lines.find((l: OrderLineAnswer) => l.order_id === kurtaId)).toMatchObject({ return_status: 'refunded', refund: { amount: '2801.60', status: 'processed' } });
    expect(await store.db.selectFrom('refunds').select(['order_id', 'amount', 'reason', 'provider']).where('order_number', '=', number).execute()).toEqual([
      { order_id: kurtaId, amount: 2801_60, reason: 'returned', provider: 'test' },
    ]);

    const dupattaLine = await lineOf(shopper, dupattaId);
    expect(dupattaLine).toMatchObject({ status: 'order has been delivered', return_status: null, return_note: null, refund: null });
    expect(dupattaLine.returnable_until).toBe(new Date(Date.parse(await deliveredAt(dupattaId)) + 7 * DAY_MS).toISOString());
    expect(await stockOf(store.db, dupatta.variantId)).toBe(9);

    const mails = await api.mailTo(shopper.email);
    for (const step of ['return requested', 'return approved', 'return received', 'refund made']) {
      expect(mails.filter((m) => m.subject.endsWith(`: ${step}`)).map((m) => m.subject)).toEqual([`Store: Order ${number}: ${step}`]);
    }
    const receivedMail = mails.find((m) => m.subject.endsWith(': return received'))!;
    expect(receivedMail.text).toContain('Chikankari Kurta (size M) x 2');
    expect(receivedMail.text).toContain('A refund of ₹2,801.60 has been initiated to your original payment method; it usually reaches your account in 5-7 working days.');
    const made = mails.find((m) => m.subject.endsWith(': refund made'))!;
    expect(made.text).toContain('We have refunded ₹2,801.60.');
    expect(made.text).toContain('TEST MODE: this store takes test payments, so no money moved.');
  });

  it('a cash on delivery line needs a valid UPI ID to be returned; once received its refund is owed by the store until it records its transfer, then processed', async () => {
    const shopper = await createShopper(store.db);
    const [saree] = (await createProduct(store.db, { price: 2499_00, stock: 5 }, { name: 'Banarasi Saree' })) as [TestVariant];
    const { number, ids: [id] } = await deliveredOrder(shopper, [orderLine(saree)]);
    const lineId = id!;

    const missing = await ask(shopper, { order_id: lineId, reason: 'Damaged or defective' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(refused('UPI ID is required for the refund of a cash on delivery order', { upi_id: ['UPI ID is required for the refund of a cash on delivery order'] }));
    for (const upi of ['asha', 'asha@', 'asha okaxis@bank', '@okaxis']) {
      const invalid = await ask(shopper, { order_id: lineId, reason: 'Damaged or defective', upi_id: upi });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual(refused('Must be a valid UPI ID, like name@bank', { upi_id: ['Must be a valid UPI ID, like name@bank'] }));
    }
    expect(await returnRows(lineId)).toEqual([]);

    const asked = await ask(shopper, { order_id: lineId, reason: 'Other', reason_text: '  Torn at the hem  ', upi_id: 'asha@okaxis' });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual(REQUESTED);
    expect(await returnRows(lineId)).toEqual([expect.objectContaining({ reason: 'Other', reason_text: 'Torn at the hem', upi_id: 'asha@okaxis', status: 'return requested' })]);
    expect(await lineOf(shopper, lineId)).toMatchObject({ return_status: 'return requested', returnable_until: null });

    expect(await storeStep(lineId, 'approve')).toEqual({ changed: true, status: 'return approved' });
    expect(await storeStep(lineId, 'receive')).toEqual({ changed: true, status: 'return received' });
    await api.refundQueue.idle();
    expect(await stockOf(store.db, saree.variantId)).toBe(5);
    // The refund queue leaves it alone: the store pays it by UPI itself.
    expect(await lineOf(shopper, lineId)).toMatchObject({
      return_status: 'return received',
      refund: { amount: '2499.00', status: 'initiated', processed_at: null, test_mode: false },
    });
    const owed = (await findLineRefund(store.db, lineId))!;
    expect(owed).toMatchObject({ provider: 'manual', status: 'manual', upi_id: 'asha@okaxis', amount: 2499_00 });

    expect(await recordManualRefund(store.db, owed, 'UTR123456789')).toBe(true);
    expect(await recordManualRefund(store.db, owed, 'UTR999')).toBe(false);
    api.mailQueue.kick();
    expect(await lineOf(shopper, lineId)).toMatchObject({
      return_status: 'refunded',
      refund: { amount: '2499.00', status: 'processed', processed_at: expect.any(String), test_mode: false },
    });
    expect(await findLineRefund(store.db, lineId)).toMatchObject({ status: 'processed', reference: 'UTR123456789' });

    const mails = await api.mailTo(shopper.email);
    for (const step of ['return requested', 'return approved', 'return received', 'refund made']) {
      expect(mails.filter((m) => m.subject.endsWith(`: ${step}`)).map((m) => m.subject)).toEqual([`Store: Order ${number}: ${step}`]);
    }
    // What the shopper typed never goes into a mail (SECURITY 42).
    expect(mails.some((m) => m.text.includes('Torn at the hem'))).toBe(false);
    expect(mails.find((m) => m.subject.endsWith(': return received'))!.text).toContain('A refund of ₹2,499.00 has been initiated to the UPI ID you gave');
    const made = mails.find((m) => m.subject.endsWith(': refund made'))!;
    expect(made.text).toContain('We have refunded ₹2,499.00 to your UPI ID (reference UTR123456789).');
    expect(made.text).not.toContain('TEST MODE');
  });

  it('a rejected return shows the store’s note, mails it to the shopper, and can be neither received nor asked again', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = (await createProduct(store.db, { L: { price: 999_00, stock: 5 } }, { name: 'Linen Kurta' })) as [TestVariant];
    const { number, ids: [id] } = await deliveredOrder(shopper, [orderLine(kurta, 2)], { payment_method: 'prepaid' });
    const lineId = id!;
    expect((await ask(shopper, { order_id: lineId, reason: 'Changed my mind' })).status).toBe(200);

    expect(await storeStep(lineId, 'reject', 'Worn and the tags are removed')).toEqual({ changed: true, status: 'return rejected' });
    expect(await lineOf(shopper, lineId)).toMatchObject({ return_status: 'return rejected', return_note: 'Worn and the tags are removed', returnable_until: null, refund: null });

    expect(await storeStep(lineId, 'receive')).toEqual({ changed: false, reason: "its return is 'return rejected', not 'return approved'" });
    expect(await storeStep(lineId, 'approve')).toEqual({ changed: false, reason: "its return is 'return rejected', not 'return requested'" });
    const again = await ask(shopper, { order_id: lineId, reason: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused('A return has already been requested for this item'));
    await api.refundQueue.idle();
    expect(await stockOf(store.db, kurta.variantId)).toBe(3);
    expect(await lineOf(shopper, lineId)).toMatchObject({ return_status: 'return rejected', refund: null });
    expect(await findLineRefund(store.db, lineId)).toBeUndefined();

    const mails = await api.mailTo(shopper.email);
    const rejection = mails.filter((m) => m.subject.endsWith(': return not accepted'));
    expect(rejection.map((m) => m.subject)).toEqual([`Store: Order ${number}: return not accepted`]);
    expect(rejection[0]!.text).toContain('The store could not accept the return of this item.');
    expect(rejection[0]!.text).toContain("The store's note: Worn and the tags are removed");
    expect(mails.filter((m) => /return (approved|received)|refund made/.test(m.subject))).toEqual([]);
  });

  it('refuses a line not delivered (409), another shopper’s or a missing line (404), and a line asked twice (409), storing nothing more', async () => {
    const shopper = await createShopper(store.db);
    const other = await createShopper(store.db);
    const [cap] = (await createProduct(store.db, { price: 299_00, stock: 10 })) as [TestVariant];
    const placed = await placedOrder(api, shopper, [orderLine(cap)]);
    const notYet = await ask(shopper, { order_id: placed.order_id[0], reason: 'Wrong item received', upi_id: 'asha@okaxis' });
    expect(notYet.status).toBe(409);
    expect(notYet.body).toEqual(refused('Only a delivered item can be returned'));
    const { ids: [id] } = await deliveredOrder(shopper, [orderLine(cap)]);
    const lineId = id!;

    for (const orderId of [lineId, 2_000_000]) {
      const res = await ask(other, { order_id: orderId, reason: 'Wrong item received', upi_id: 'ravi@okicici' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(refused('Order not found'));
    }
    expect(await returnRows(lineId)).toEqual([]);
    expect((await api.post('/customer/return-order', { order_id: lineId, reason: 'Wrong item received' })).status).toBe(401);

    expect((await ask(shopper, { order_id: lineId, reason: 'Wrong item received', upi_id: 'asha@okaxis' })).status).toBe(200);
    const twice = await ask(shopper, { order_id: lineId, reason: 'Not as described', upi_id: 'asha@okaxis' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual(refused('A return has already been requested for this item'));
    expect(await returnRows(lineId)).toEqual([expect.objectContaining({ reason: 'Wrong item received' })]);
  });

  it('ten parallel requests for one line answer one 200 and nine 409s, and store one return with one mail', async () => {
    const shopper = await createShopper(store.db);
    const [cap] = (await createProduct(store.db, { price: 299_00, stock: 10 })) as [TestVariant];
    const { number, ids: [id] } = await deliveredOrder(shopper, [orderLine(cap)]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(shopper, { order_id: id, reason: "Size doesn't fit", upi_id: 'asha@okaxis' })));
    expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([REQUESTED]);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(9);
    for (const conflict of conflicts) expect(conflict.body).toEqual(refused('A return has already been requested for this item'));
    expect(await returnRows(id!)).toHaveLength(1);
    expect(await subjectsTo(shopper)).toContain(`Store: Order ${number}: return requested`);
    expect((await subjectsTo(shopper)).filter((s) => s.endsWith(': return requested'))).toHaveLength(1);
  });

  it('checks the reason, its text and the UPI ID with the field messages, before anything is stored', async () => {
    const shopper = await createShopper(store.db);
    const [cap] = (await createProduct(store.db, { price: 299_00, stock: 10 })) as [TestVariant];
    const { ids: [id] } = await deliveredOrder(shopper, [orderLine(cap)]);
    const cases: Array<[Record<string, unknown>, string, Record<string, string[]>]> = [
      [{ order_id: id }, 'Please select a reason', { reason: ['Please select a reason'] }],
      [{ order_id: id, reason: '' }, 'Please select a reason', { reason: ['Please select a reason'] }],
      [{ order_id: id, reason: 'Because' }, 'Please select a valid reason', { reason: ['Please select a valid reason'] }],
      [{ order_id: id, reason: 'Other', upi_id: 'asha@okaxis' }, 'Please tell us what is wrong', { reason_text: ['Please tell us what is wrong'] }],
      [{ order_id: id, reason: 'Other', reason_text: '   ', upi_id: 'asha@okaxis' }, 'Please tell us what is wrong', { reason_text: ['Please tell us what is wrong'] }],
      [{ order_id: id, reason: 'Not as described', upi_id: 'not a upi id' }, 'Must be a valid UPI ID, like name@bank', { upi_id: ['Must be a valid UPI ID, like name@bank'] }],
    ];
    for (const [body, message, errors] of cases) {
      const res = await ask(shopper, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused(message, errors));
    }
    expect(await returnRows(id!)).toEqual([]);
    expect(await lineOf(shopper, id!)).toMatchObject({ return_status: null, returnable_until: expect.any(String) });
  });

  it('refuses a line once the return window has passed: 8 days after delivery with the default 7, or at once with a store window of 0 days', async () => {
    const shopper = await createShopper(store.db);
    const [cap] = (await createProduct(store.db, { price: 299_00, stock: 10 })) as [TestVariant];
    const { ids: [old] } = await deliveredOrder(shopper, [orderLine(cap)]);
    const { ids: [fresh] } = await deliveredOrder(shopper, [orderLine(cap)]);
    const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS).toISOString();
    await store.db.updateTable('orders').set({ delivered_at: eightDaysAgo }).where('id', '=', old!).execute();
    expect(await lineOf(shopper, old!)).toMatchObject({ status: 'order has been delivered', returnable_until: null });
    const late = await ask(shopper, { order_id: old, reason: 'Not as described', upi_id: 'asha@okaxis' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual(refused('The time to return this item has passed'));

    const settings = await store.db.selectFrom('store_settings').select('id').where('id', '=', 1).executeTakeFirst();
    if (!settings) await store.db.insertInto('store_settings').values({ id: 1, store_name: 'Store', updated_at: new Date().toISOString() }).execute();
    try {
      await store.db.updateTable('store_settings').set({ return_window_days: 0 }).where('id', '=', 1).execute();
      expect(await lineOf(shopper, fresh!)).toMatchObject({ returnable_until: null });
      const closed = await ask(shopper, { order_id: fresh, reason: 'Not as described', upi_id: 'asha@okaxis' });
      expect(closed.status).toBe(409);
      expect(closed.body).toEqual(refused('The time to return this item has passed'));
      // A longer window set by the store counts too: the line delivered 8 days ago may go back for 10.
      await store.db.updateTable('store_settings').set({ return_window_days: 10 }).where('id', '=', 1).execute();
      expect((await lineOf(shopper, old!)).returnable_until).toBe(new Date(Date.parse(eightDaysAgo) + 10 * DAY_MS).toISOString());
      expect((await ask(shopper, { order_id: old, reason: 'Not as described', upi_id: 'asha@okaxis' })).status).toBe(200);
    } finally {
      if (settings) await store.db.updateTable('store_settings').set({ return_window_days: 7 }).where('id', '=', 1).execute();
      else await store.db.deleteFrom('store_settings').where('id', '=', 1).execute();
    }
    expect(await returnRows(fresh!)).toEqual([]);
  });

  it('answers returnable_until as delivered_at + 7 days for a delivered line without a return, and null before delivery', async () => {
    const shopper = await createShopper(store.db);
    const [cap] = (await createProduct(store.db, { price: 299_00, stock: 10 })) as [TestVariant];
    const placed = await placedOrder(api, shopper, [orderLine(cap)]);
    const lineId = placed.order_id[0]!;
    expect(await lineOf(shopper, lineId)).toMatchObject({ status: 'order has been placed', returnable_until: null, return_status: null, refund: null });
    await deliver(placed.order_number);
    const delivered = await deliveredAt(lineId);
    expect(Date.now() - Date.parse(delivered)).toBeLessThan(60_000);
    const expected = new Date(Date.parse(delivered) + 7 * DAY_MS).toISOString();
    expect((await lineOf(shopper, lineId)).returnable_until).toBe(expected);
    const group = (await api.get(`/orders/${placed.order_number}`, shopper.headers)).body.data;
    expect(group.lines[0]).toMatchObject({ order_id: lineId, returnable_until: expected, return_status: null, return_note: null, refund: null });
  });
});
