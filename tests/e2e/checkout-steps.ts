/**
 * Steps the checkout specs share: a guest cart, or a new signed-in shopper
 * with a saved address and a cart, to check out; the guest's mobile confirmed
 * by the OTP the demo toast shows; the details form filled; the shopper's
 * orders counted through the API; and the run's database opened to change a
 * price, a stock or a coupon behind the shopper's back.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { connect } from '../../api/db/connect.ts';
import { addThroughApi, guestLine, seedGuestCart, type CartPick } from './cart-steps.ts';
import { settleAnimations, signInThroughApi, verifiedAccount } from './helpers.ts';
import { API_KEY } from './store-api.ts';

export const main = (page: Page): Locator => page.getByRole('main');
export const toasts = (page: Page): Locator => page.getByRole('region', { name: /Notifications/ });
export const summary = (page: Page): Locator => main(page).getByRole('region', { name: 'Order summary' });
export const confirmDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Confirm order' });
export const field = (page: Page, label: string): Locator => main(page).getByRole('textbox', { name: label, exact: true });
/** The summary's value for `term` (Subtotal, Shipping, Total). */
export const summaryValue = (page: Page, term: string): Locator =>
  summary(page).locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');
export const placeOrderButton = (page: Page): Locator => main(page).getByRole('button', { name: 'Place order' });

/** A guest cart of `lines` in this browser, then /checkout. */
export async function guestAtCheckout(page: Page, lines: Array<[CartPick, number]>): Promise<void> {
  await page.goto('/');
  await seedGuestCart(page, lines.map(([pick, quantity]) => guestLine(pick, quantity)));
  await page.goto('/checkout');
  await expect(main(page).getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
}

/** Sends the checkout OTP to `phone` and reads the code from the toast (demo mode shows it there). */
export async function sendOtp(page: Page, phone: string): Promise<string> {
  await field(page, 'Mobile number').fill(phone);
  await main(page).getByRole('button', { name: 'Send OTP' }).click();
  const toast = toasts(page).getByText(/OTP: \d{6}/).last();
  await expect(toast).toBeVisible();
  return /OTP: (\d{6})/.exec((await toast.textContent()) ?? '')![1]!;
}

export async function verifyMobile(page: Page, phone: string): Promise<void> {
  const otp = await sendOtp(page, phone);
  await field(page, 'OTP').fill(otp);
  await main(page).getByRole('button', { name: 'Verify OTP' }).click();
  await expect(toasts(page).getByText('OTP verified successfully')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Your details' })).toBeFocused();
}

export interface Details {
  firstname: string;
  lastname: string;
  email: string;
  address: string;
  pincode: string;
}

export const ADDRESS = { address: '12 MG Road, Shanthala Nagar', pincode: '560001' } as const;

/** Fills names, email and address; the PIN code fills city and state. */
export async function fillDetails(page: Page, details: Details): Promise<void> {
  await field(page, 'First name').fill(details.firstname);
  await field(page, 'Last name').fill(details.lastname);
  await field(page, 'Email').fill(details.email);
  await field(page, 'Address').fill(details.address);
  await field(page, 'Pincode').fill(details.pincode);
  await expect(field(page, 'City')).not.toHaveValue('');
  await expect(field(page, 'State')).not.toHaveValue('');
}

/** The shopper's token as the page keeps it (a guest gets one from the checkout OTP). */
export async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('store-state') ?? '{}').auth?.user?.token as string | undefined);
  expect(token).toBeTruthy();
  return token!;
}

export interface OrderLine {
  order_number: string;
  status: string;
  payment_method: string;
  quantity: number;
  discount_amount: string;
  final_amount: string;
  price: string;
}

/** The shopper's order lines through the API. */
export async function ordersOf(request: APIRequestContext, token: string): Promise<OrderLine[]> {
  const response = await request.get('/api/customer/orders', { headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.orders as OrderLine[];
}

/** The distinct order numbers of a shopper. */
export async function orderNumbersOf(request: APIRequestContext, token: string): Promise<string[]> {
  return [...new Set((await ordersOf(request, token)).map((line) => line.order_number))];
}

/** Runs `work` on this run's database (scripts/e2e-server.ts keeps one per port). */
export async function withDatabase<T>(work: (db: ReturnType<typeof connect>['db']) => Promise<T>): Promise<T> {
  const port = new URL(test.info().project.use.baseURL!).port;
  const store = connect({ url: `./data/e2e-${port}/store.db` });
  try {
    return await work(store.db);
  } finally {
    await store.close();
  }
}

/** Presses Tab until `target` has focus (the keyboard-only purchase). */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The heading each order page greets the shopper with. */
const ORDER_PAGE_HEADINGS = { '/order-success': 'Thank you, your order is placed', '/payment': 'Payment' } as const;

/**
 * Runs `action` and answers the order number of the navigation it starts to
 * `path` (/order-success or /payment): the shopper lands on that very address
 * (the signed-in route let them in) and sees its heading.
 */
export async function orderNavigation(page: Page, path: '/order-success' | '/payment', action: () => Promise<void>): Promise<string> {
  const pattern = new RegExp(`${path.replace('/', '\\/')}\\?order=(OD\\d{12})$`);
  const request = page.waitForRequest((req) => req.isNavigationRequest() && pattern.test(req.url()));
  await action();
  const url = (await request).url();
  await expect(page).toHaveURL(url);
  await expect(main(page).getByRole('heading', { level: 1, name: ORDER_PAGE_HEADINGS[path] })).toBeVisible();
  return pattern.exec(url)![1]!;
}

/**
 * Every axe rule passes on the page as it stands, once what is moving has
 * settled. Axe reads colours as drawn: a toast that starts to fade in or out
 * while it reads has too little contrast for that frame. With reduced motion
 * the toasts (sonner honours it) show their final state at once.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await settleAnimations(page);
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

/** A saved shipping address for a signed-in shopper (My Account's form would save the same). */
export async function saveAddressThroughApi(request: APIRequestContext, token: string, phone: string): Promise<void> {
  const response = await request.post('/api/customer/shipping-address', {
    headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}` },
    data: { firstname: 'Nila', lastname: 'Rao', phone_number: phone, ...ADDRESS, city: 'Bengaluru Urban', state: 'Karnataka' },
  });
  expect(response.ok()).toBe(true);
}

/** A new verified shopper with a saved address and `lines` in their cart, signed in on /checkout. */
export async function signedInAtCheckout(page: Page, request: APIRequestContext, lines: Array<[CartPick, number]>) {
  const { email, password, phone } = await verifiedAccount(request);
  await page.goto('/');
  const token = await signInThroughApi(page, email, password);
  await saveAddressThroughApi(request, token, phone);
  for (const [pick, quantity] of lines) await addThroughApi(request, token, pick, quantity);
  // Once it starts, the page reads the cart from the server (src/stores/cart-sync.ts). Wait for
  // that read: a change a test makes before it (a price) would reach the page through it, not
  // behind the shopper's back (seen once in CI under load).
  const cartRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/customer/cart' && response.request().method() === 'GET');
  await page.goto('/checkout');
  await cartRead;
  await expect(summary(page).getByRole('listitem')).toHaveCount(lines.length);
  return { email, phone, token };
}
