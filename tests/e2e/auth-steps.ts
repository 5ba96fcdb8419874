/** Steps the account-screen specs share: the page's main part, its toasts, a hydrated form, a password sign-in. */
import { expect, type Locator, type Page } from '@playwright/test';

export const main = (page: Page): Locator => page.getByRole('main');

/** Sonner's toast list (a region named "Notifications ..."). */
export const toasts = (page: Page): Locator => page.getByRole('region', { name: /Notifications/ });

/**
 * Opens a form page. The reset form loads at once, its submit button enabled
 * once hydrated; the sign-in, sign-up and forgot-password forms load on the
 * shopper's reach with the button enabled (decision 031), and what a test does
 * before they have loaded is replayed, as for a shopper.
 */
export async function openForm(page: Page, path: string, submit: string): Promise<void> {
  await page.goto(path);
  await expect(main(page).getByRole('button', { name: submit, exact: true })).toBeEnabled();
}

/** Fills and sends the password tab of /signin (the page must be open and hydrated). */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await main(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await main(page).getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The field's message (its accessible description may also hold a hint). */
export async function expectMessage(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

/**
 * Opens a mailed verification link and confirms it: opening alone changes
 * nothing (a mail scanner may open it first), the button's POST does.
 */
export async function confirmEmailFromLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address is confirmed' })).toBeVisible();
}
