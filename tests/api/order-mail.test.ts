import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { findGroupLines } from '../../api/orders/order.repository.ts';
import { setLinesStatus } from '../../api/orders/order.service.ts';
import { createSmtpTransport } from '../../api/mail/mail.transport.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../helpers/smtp-stand-in.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createCoupon, createProduct, createShopper, orderLine, placedOrder, type TestShopper } from '../fixtures/order.fixtures.ts';

/**
 * Order mail (SECURITY 27): the confirmation and the cancellation notice say
 * what the shopper bought and lost, they are queued only by an order that was
 * made, and they are sent after the answer, so no checkout waits on a mail server.
 */
type Store = StoreDatabase;
const jobsTo = (store: Store, email: string) => store.db.selectFrom('mail_queue').selectAll().where('recipient', '=', email).execute();

describe('order mail: what the confirmation and the cancellation notice say', () => {
  let store: Store;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  const placed = (shopper: TestShopper, lines: unknown[], extra: Record<string, unknown> = {}) => placedOrder(api, shopper, lines, extra);

  it('confirms a coupon order with its discount in rupees with Indian grouping, the payment method and the address', async () => {
    const shopper = await createShopper(store.db);
    const [saree] = await createProduct(store.db, { M: { price: 123456_00, stock: 3 } }, { name: 'Banarasi Silk Saree' });
    const [dupatta] = await createProduct(store.db, { price: 2499_50, stock: 3 }, { name: 'Cotton Dupatta' });
    const code = await createCoupon(store.db, { kind: 'flat', value: 1500_00 });
    const { order_number: number } = await placed(shopper, [orderLine(saree!), orderLine(dupatta!, 2)], { coupon_code: code });

    const [mail, ...others] = await api.mailTo(shopper.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(`Store: Order ${number} confirmed`);
    const text = mail!.text.split('\n');
    expect(text).toEqual(
      expect.arrayContaining([
        `Thank you for your order ${number}.`,
        'Banarasi Silk Saree (size M): 1 x ₹1,23,456.00 = ₹1,23,456.00',
        'Cotton Dupatta: 2 x ₹2,499.50 = ₹4,999.00',
        'Subtotal: ₹1,28,455.00',
        'Discount: -₹1,500.00',
        'Total: ₹1,26,955.00',
        'Payment: Cash on Delivery (COD)',
        'Asha Rao',
        '14 Linking Road, Bandra West',
        'Mumbai Suburban, Maharashtra 400050',
        `Phone: ${shopper.phone}`,
      ]),
    );
    expect(mail!.html).toContain('<td colspan="2">Discount</td><td align="right">-₹1,500.00</td>');
    expect(mail!.html).toContain('<p>Payment: Cash on Delivery (COD)</p>');
    expect(mail!.html).toContain('14 Linking Road, Bandra West<br>Mumbai Suburban, Maharashtra 400050');
  });

  it('confirms a paid prepaid order with Prepaid as its payment method', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = await createProduct(store.db, { price: 1200_00, stock: 3 });
    const { order_number: number } = await placed(shopper, [orderLine(kurta!)], { payment_method: 'prepaid' });
    expect(await api.mailTo(shopper.email)).toEqual([]);
    expect((await api.post('/payment/confirm', { reference: number, outcome: 'success', method: 'upi' }, shopper.headers)).status).toBe(200);
    const [mail] = await api.mailTo(shopper.email);
    expect(mail?.subject).toBe(`Store: Order ${number} confirmed`);
    expect(mail?.text).toContain('Payment: Prepaid');
  });

  it('tells the shopper in the cancellation notice’s body which order and which line were cancelled', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = await createProduct(store.db, { L: { price: 1999_00, stock: 5 } }, { name: 'Chikankari Kurta' });
    const [cap] = await createProduct(store.db, { price: 299_00, stock: 5 }, { name: 'Cotton Cap' });
    const { order_id: [kurtaLine], order_number: number } = await placed(shopper, [orderLine(kurta!, 2), orderLine(cap!)]);
    const res = await api.post('/customer/cancel-order', { order_id: kurtaLine, reject_reason_select: 'Changed My Mind' }, shopper.headers);
    expect(res.status).toBe(200);

    const [notice] = await api.mailTo(shopper.email);
    expect(notice?.subject).toBe(`Store: Order ${number}: item cancelled`);
    const text = notice!.text.split('\n');
    expect(text).toEqual(expect.arrayContaining([`This item of your order ${number} has been cancelled:`, 'Chikankari Kurta (size L) x 2', 'Reason: Changed My Mind']));
    // Only the cancelled line, and no refund talk for an order paid on delivery.
    expect(notice!.text).not.toContain('Cotton Cap');
    expect(notice!.text).not.toMatch(/refund/i);
    expect(notice!.html).toContain(`<p>This item of your order <strong>${number}</strong> has been cancelled:</p>`);
    expect(notice!.html).toContain('<p>Chikankari Kurta (size L) x 2</p>');
    expect(notice!.html).toContain('<p>Reason: Changed My Mind</p>');
  });

  it('states the refund of a paid line the store cancels, to the paisa, in its notice', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = await createProduct(store.db, { price: 1999_00, stock: 5 }, { name: 'Linen Kurta' });
    const { order_number: number } = await placed(shopper, [orderLine(kurta!)], { payment_method: 'prepaid' });
    await api.post('/payment/confirm', { reference: number, outcome: 'success', method: 'upi' }, shopper.headers);
    await setLinesStatus(store.db, await findGroupLines(store.db, number), 'order has been cancelled', 'Seller out of stock');

    const notice = (await api.mailTo(shopper.email)).find((m) => m.subject.endsWith('item cancelled'));
    expect(notice?.subject).toBe(`Store: Order ${number}: item cancelled`);
    expect(notice!.text.split('\n')).toEqual(
      expect.arrayContaining([
        `This item of your order ${number} has been cancelled:`,
        'Linen Kurta x 1',
        'Reason: Cancelled by the store: Seller out of stock',
        'A refund of ₹1,999.00 has been initiated to your original payment method; it usually reaches your account in 5-7 working days.',
      ]),
    );
  });

  it('queues no mail for a checkout refused because the prices changed or the stock is short', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = await createProduct(store.db, { M: { price: 999_00, stock: 2 } });
    const repriced = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta!, 1, 899_00)]), shopper.headers);
    expect(repriced.status).toBe(409);
    expect(repriced.body.message).toBe('Prices have changed');
    const short = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta!, 3)]), shopper.headers);
    expect(short.status).toBe(409);
    expect(await jobsTo(store, shopper.email)).toEqual([]);
    expect(await api.mailTo(shopper.email)).toEqual([]);
  });

  it('mails exactly the shoppers whose parallel orders were made, none of those refused for stock', { timeout: 30_000 }, async () => {
    const [kurta] = await createProduct(store.db, { M: { price: 999_00, stock: 3 } });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createShopper(store.db)));
    const answers = await Promise.all(shoppers.map((s) => api.post('/checkout', checkoutBody(s, [orderLine(kurta!)]), s.headers)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    for (const [i, shopper] of shoppers.entries()) {
      const mails = await api.mailTo(shopper.email);
      expect(mails.map((m) => m.subject)).toEqual(answers[i]!.status === 200 ? [`Store: Order ${answers[i]!.body.data.order_number} confirmed`] : []);
    }
  });
});

describe('order mail is sent after the checkout’s answer', () => {
  let store: Store;
  let smtp: SmtpStandIn;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    smtp = await startSmtpStandIn();
    const transport = createSmtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, user: undefined, password: undefined }, 'Shop <no-reply@shop.example>');
    api = createTestApi(store, {}, { transport });
  });
  afterAll(async () => {
    await store.close();
    await smtp.close();
  });
  afterEach(() => smtp.release());

  it('answers a checkout while the mail server holds the confirmation’s connection, and the mail follows', async () => {
    const shopper = await createShopper(store.db);
    const [kurta] = await createProduct(store.db, { price: 750_00, stock: 3 });
    const connectionsBefore = smtp.connections;
    smtp.hold();
    const res = await api.post('/checkout', checkoutBody(shopper, [orderLine(kurta!)]), shopper.headers);
    expect(res.status).toBe(200);
    // The send is under way, held at the mail server's greeting, and the shopper already has the answer.
    await expect.poll(() => smtp.connections, { timeout: 10_000 }).toBeGreaterThan(connectionsBefore);
    expect(smtp.received.filter((m) => m.to.includes(shopper.email))).toEqual([]);
    expect(await jobsTo(store, shopper.email)).toEqual([expect.objectContaining({ kind: 'order_confirmation', last_error: null })]);

    smtp.release();
    await api.mailQueue.idle();
    const sent = smtp.received.filter((m) => m.to.includes(shopper.email));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.data).toMatch(new RegExp(`^Subject: .*Order ${res.body.data.order_number} confirmed$`, 'm'));
    expect(await jobsTo(store, shopper.email)).toEqual([]);
  });
});
