/** Shared by the browser tests: the run's outbox, CSP watching, and signing in without the form. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_KEY, apiPost } from './store-api.ts';

/** The outbox of this run's server (scripts/e2e-server.ts). */
export function outboxDir(): string {
  const port = new URL(test.info().project.use.baseURL!).port;
  return `./data/e2e-${port}/outbox`;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

export function mailsTo(address: string): OutboxMail[] {
  const dir = outboxDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as OutboxMail)
    .filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/** The newest mail to `address` whose subject matches, waiting for it to arrive. */
export async function latestMail(address: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = mailsTo(address).filter((mail) => subject.test(mail.subject)).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** Collects the page's CSP violations (Chromium reports them on the console). */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A unique address and phone for a test's own account. */
export function uniqueShopper(): { email: string; phone: string } {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  return { email: `shopper${n}@example.com`, phone: `9${n}` };
}

/**
 * A new account of the test's own (so parallel tests never share a cart or
 * wishlist), its email confirmed through the mailed link; not signed in anywhere.
 */
export async function verifiedAccount(
  request: APIRequestContext,
  password = 'Shop@123',
): Promise<{ email: string; password: string; phone: string }> {
  const { email, phone } = uniqueShopper();
  await apiPost(request, '/customer/register', { firstname: 'Nila', lastname: 'Rao', email, password, phone_number: phone });
  const link = (await latestMail(email, /confirm/i)).links[0]!;
  const token = new URL(link).searchParams.get('token');
  expect(token).toBeTruthy();
  await apiPost(request, '/customer/verify-email', { token });
  return { email, password, phone };
}

export const DEMO_SHOPPER = { email: 'asha@example.com', password: 'Demo@123', phone: '9876543210' } as const;

/**
 * Signs `page` in without the sign-in form (for tests whose subject is
 * something else): the API login, the persisted auth state, then /session
 * for the cookie, as the form would. The page must be on this origin.
 */
/**
 * Waits until the page's scripts have run (they start after the first paint,
 * decision 039): a test that writes the stores' storage before then would have
 * the page's own start read or overwrite it afterwards.
 */
export async function pageScriptsReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-page-scripts', 'ready');
}

export async function signInThroughApi(page: Page, email: string = DEMO_SHOPPER.email, password: string = DEMO_SHOPPER.password): Promise<string> {
  const response = await page.request.post('/api/customer/login', {
    headers: { 'API-KEY': API_KEY },
    data: { email, password },
  });
  expect(response.ok()).toBe(true);
  const { token, customer } = (await response.json()).data as { token: string; customer: Record<string, unknown> };
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
  return token;
}

/**
 * Waits for what is moving on the page to settle before an accessibility
 * check: a toast halfway through fading in has the contrast of its opacity at
 * that instant (seen in a CI run), not the contrast a shopper reads. Endless
 * animations (spinners) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Holds the island module matching `name` until released, as a slow
 * connection would, so what the shopper does meanwhile surely comes first;
 * `asked` settles once the page asked for it.
 */
export async function holdIsland(page: Page, name: string) {
  let release!: () => void;
  let requested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { asked, release };
}
