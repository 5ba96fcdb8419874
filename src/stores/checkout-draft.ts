/**
 * The shopper's checkout draft (decision 019): the typed detail fields, the
 * payment method and the attempt's Idempotency-Key, in this tab's session
 * storage, never the OTP. It is personal and should end with the tab; a
 * sign-out (here or in another tab) takes it too.
 */
import { EMPTY_DRAFT, readDraft, writeDraft, type CheckoutDraft } from '../lib/checkout.ts';
import { $auth } from './auth.ts';

export const DRAFT_KEY = 'checkout-draft';

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadDraft(): CheckoutDraft {
  try {
    return readDraft(session()?.getItem(DRAFT_KEY));
  } catch (error) {
    console.warn('Could not read the checkout draft', error);
    return EMPTY_DRAFT;
  }
}

export function saveDraft(patch: Partial<CheckoutDraft>): void {
  try {
    session()?.setItem(DRAFT_KEY, writeDraft({ ...loadDraft(), ...patch }));
  } catch (error) {
    console.warn('Could not save the checkout draft', error);
  }
}

export function clearDraft(): void {
  try {
    session()?.removeItem(DRAFT_KEY);
  } catch {
    // Storage refused: nothing was kept either.
  }
}

/** The shopper let the interrupted attempt go: a later order is a new request. */
export function dropAttempt(): void {
  saveDraft({ attempt: null });
}

if (typeof window !== 'undefined') {
  let hadUser = Boolean($auth.get().user);
  $auth.listen(({ user }) => {
    if (hadUser && !user) clearDraft();
    hadUser = Boolean(user);
  });
}
