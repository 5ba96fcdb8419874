import { expect, test, type Page } from '@playwright/test';
import { startRazorpayStandIn, type RazorpayStandIn } from '../helpers/razorpay-stand-in.ts';
import { DEMO_SHOPPER, pageScriptsReady, watchCsp } from './helpers.ts';
import { dayMonthLabel } from '../../src/lib/refunds.ts';
import { formatPaiseAsRupees } from '../../src/lib/money.ts';
import { CANCELLED, drawer, orderButton, toast } from './my-orders-steps.ts';
import { checkoutLine, placeOrder } from './payment-steps.ts';
import { freePort, startServer, type ServerProcess } from './spawned-server.ts';
import { API_KEY, type Product } from './store-api.ts';

/**
 * /payment in Razorpay mode (PAYMENT_PROVIDER=razorpay), against a server of
 * its own whose Razorpay API is the local stand-in. The browser never reaches
 * Razorpay: checkout.razorpay.com's script is answered by a stand-in Checkout
 * that pays through the API stand-in, as Razorpay's own would, and hands the
 * proof to the page's handler. What is tested is ours: the page's CSP admits
 * Razorpay's script and frame, the page opens Checkout with our key, amount
 * and Razorpay order, and posts the proof the server then verifies.
 */
const STAND_IN_CHECKOUT = `
window.Razorpay = class {
  constructor(options) { this.options = options; }
  on() {}
  close() {}
  open() {
    const frame = document.createElement('iframe');
    frame.src = 'https://api.razorpay.com/v1/checkout/public';
    frame.title = 'Razorpay Checkout';
    document.body.append(frame);
    const { key, amount, currency, order_id } = this.options;
    window.payInStandIn({ key, amount, currency, order_id }).then((proof) => this.options.handler(proof));
  }
};`;

let razorpay: RazorpayStandIn;
let server: ServerProcess;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  razorpay = await startRazorpayStandIn();
  // The session cookie's form post is checked against SITE_ORIGIN, so the server is told the address the browser uses.
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startServer({
    PORT: String(port),
    SITE_ORIGIN: origin,
    SEED_DEMO: '1',
    // The demo images the run's own server already made: not drawn again here.
    MEDIA_DIR: process.env.MEDIA_DIR ?? './data/media',
    ...razorpay.storeEnv,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await razorpay?.close();
});

/** The demo shopper signed in on `page` as the sign-in form leaves it (tests/e2e/helpers.ts signInThroughApi, on this server). */
async function signIn(page: Page): Promise<{ token: string }> {
  const login = await page.request.post(`${origin}/api/customer/login`, { headers: { 'API-KEY': API_KEY }, data: DEMO_SHOPPER });
  const { token, customer } = (await login.json()).data as { token: string; customer: Record<string, unknown> };
  await page.goto(`${origin}/`);
  await pageScriptsReady(page);
  await page.evaluate(
    ({ token, customer }) => {
      const state = JSON.parse(localStorage.getItem('store-state') ?? '{}');
      state.auth = { user: { token, customer }, isAuthenticated: true, error: null, sent: false, loginSent: false, verified: false, verificationError: null };
      localStorage.setItem('store-state', JSON.stringify(state));
      return fetch('/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) }).then((r) => r.status);
    },
    { token, customer },
  );
  return { token };
}

test('in Razorpay mode /payment admits Razorpay Checkout in its CSP, opens it for our Razorpay order, and a verified payment lands on /order-success', async ({ page }) => {
  const violations = watchCsp(page);
  const opened: Array<Record<string, unknown>> = [];
  await page.exposeFunction('payInStandIn', (options: Record<string, unknown>) => {
    opened.push(options);
    return razorpay.pay(String(options.order_id)).proof;
  });
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: STAND_IN_CHECKOUT }),
  );
  await page.route('https://api.razorpay.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checkout</title>' }));

  const { token } = await signIn(page);
  const products = (await (await page.request.get(`${origin}/api/new-arrivals`, { headers: { 'API-KEY': API_KEY } })).json()).data.products as Product[];
  const product = products.find((p) => p.productVariations.some((v) => v.stock > 0))!;
  const variant = product.productVariations.find((v) => v.stock > 0)!;
  const orderNumber = await placeOrder(page.request, token, DEMO_SHOPPER.email, [checkoutLine({ product, variant }, 1)], {}, origin);

  const response = await page.goto(`${origin}/payment?order=${orderNumber}`);
  const pages = [await response!.text()];
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toMatch(/script-src[^;]*https:\/\/checkout\.razorpay\.com/);
  expect(csp).toMatch(/frame-src https:\/\/api\.razorpay\.com/);
  expect(response!.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  await expect(page.getByRole('main')).not.toContainText('TEST MODE');

  const pay = page.getByRole('main').getByRole('button', { name: /^Pay ₹/ });
  await pay.click();
  await expect(page).toHaveURL(`${origin}/order-success?order=${orderNumber}`);
  await expect(page.getByRole('main')).toContainText('Paid online');
  pages.push(await page.content());

  // Neither secret reaches a page or the server's output (SECURITY 33), though the server logs its Razorpay mode.
  expect(server.output()).toContain('Payments: Razorpay');
  for (const secret of [razorpay.keySecret, razorpay.webhookSecret]) {
    for (const html of pages) expect(html).not.toContain(secret);
    expect(server.output()).not.toContain(secret);
  }

  const [razorpayOrder] = [...razorpay.orders.values()].filter((o) => o.receipt === orderNumber);
  expect(opened).toEqual([{ key: razorpay.keyId, amount: razorpayOrder!.amount, currency: 'INR', order_id: razorpayOrder!.id }]);
  expect(violations).toEqual([]);
});

test('a shopper who paid through Razorpay cancels from My Orders and reads “Refund of ₹… initiated”, then “processed” once Razorpay’s refund.processed webhook comes', async ({ page }) => {
  test.slow(); // a server of its own, a payment and a cancel on a busy 2-core machine
  // Razorpay takes the refund and settles it later, by its webhook.
  razorpay.setRefundMode('pending');
  try {
    const { token } = await signIn(page);
    const auth = { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` };
    const products = (await (await page.request.get(`${origin}/api/new-arrivals`, { headers: { 'API-KEY': API_KEY } })).json()).data.products as Product[];
    const product = products.filter((p) => p.productVariations.some((v) => v.stock > 1)).at(-1)!;
    const variant = product.productVariations.find((v) => v.stock > 1)!;
    const orderNumber = await placeOrder(page.request, token, DEMO_SHOPPER.email, [checkoutLine({ product, variant }, 2)], {}, origin);
    const attempt = (await (await page.request.post(`${origin}/api/payment/retry`, { headers: auth, data: { reference: orderNumber } })).json()).data.payment;
    const { payment, proof } = razorpay.pay(attempt.provider_order_id);
    expect((await page.request.post(`${origin}/api/payment/confirm`, { headers: auth, data: { reference: orderNumber, ...proof } })).ok()).toBe(true);
    const charged = formatPaiseAsRupees(payment.amount);

    await page.goto(`${origin}/my-account/orders`);
    await (await orderButton(page, orderNumber)).click();
    const details = drawer(page);
    await details.getByRole('button', { name: 'Cancel Order' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Order' });
    await cancel.getByRole('combobox', { name: 'Select a reason' }).selectOption('Changed My Mind');
    await cancel.getByRole('button', { name: 'Confirm Cancel' }).click();
    await expect(toast(page, CANCELLED)).toBeVisible();

    const today = dayMonthLabel(new Date().toISOString());
    const refundText = details.getByRole('region', { name: 'RETURN AND REFUND' });
    await expect(refundText.getByText(`Refund of ${charged} initiated on ${today}; it usually reaches your account in 5-7 working days`, { exact: true })).toBeVisible();
    await expect(refundText).not.toContainText('TEST MODE');
    await expect.poll(() => razorpay.refunds.filter((r) => r.payment_id === payment.id).length).toBe(1);

    const made = razorpay.refunds.find((r) => r.payment_id === payment.id)!;
    expect(made).toMatchObject({ amount: payment.amount, speed: 'optimum', status: 'pending' });
    const hook = razorpay.refundWebhook('refund.processed', made);
    const settled = await page.request.post(`${origin}/api/payment/razorpay/webhook`, {
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': hook.signature, 'X-Razorpay-Event-Id': hook.eventId },
      data: hook.body,
    });
    expect(await settled.json()).toEqual({ success: true, message: 'refund processed' });

    await page.reload();
    await (await orderButton(page, orderNumber)).click();
    await expect(drawer(page).getByRole('region', { name: 'RETURN AND REFUND' }).getByText(`Refund of ${charged} processed on ${today}`, { exact: true })).toBeVisible();
  } finally {
    razorpay.setRefundMode('processed');
  }
});
