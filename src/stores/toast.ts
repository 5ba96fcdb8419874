/**
 * Toasts of SPEC §8 and §9 through sonner: one toast per message (a list is
 * one per entry), the server's text when there is one, else the fallback.
 * Account and search flows show theirs 5 s, the notification flow (wishlist
 * and the rest) 2 s. A toast meant for the next page (after a sign-in, say)
 * waits in sessionStorage until that page starts.
 *
 * Toasts wait in `$toastQueue` until the toaster (src/islands/ui/AppToaster.tsx)
 * shows them: the toast library then loads on the first toast of a page, not
 * on every page.
 */
import { atom } from 'nanostores';
import type { Outcome } from '../lib/api/parsed.ts';
import { TOAST_DURATION_ACCOUNT_MS, TOAST_DURATION_NOTIFICATION_MS } from '../lib/constants.ts';

export type ToastKind = 'success' | 'error';
export type ToastFlow = 'account' | 'notification';

export interface QueuedToast {
  kind: ToastKind;
  message: string;
  flow: ToastFlow;
}

const QUEUE_KEY = 'store-toasts';

export function toastDuration(flow: ToastFlow): number {
  return flow === 'account' ? TOAST_DURATION_ACCOUNT_MS : TOAST_DURATION_NOTIFICATION_MS;
}

/** Toasts asked for and not yet handed to the toaster. */
export const $toastQueue = atom<QueuedToast[]>([]);

export function showToast(kind: ToastKind, message: string, flow: ToastFlow = 'account'): void {
  $toastQueue.set([...$toastQueue.get(), { kind, message, flow }]);
}

/** Hands the waiting toasts to the toaster, once (it calls this when it can show them). */
export function takeToasts(): QueuedToast[] {
  const waiting = $toastQueue.get();
  if (waiting.length > 0) $toastQueue.set([]);
  return waiting;
}

/** The toasts a parsed outcome calls for (SPEC §8): its errors, else its messages or the success fallback; none when cancelled. */
export function toastsForOutcome(
  outcome: Outcome<unknown>,
  fallback: { success?: string },
  flow: ToastFlow = 'account',
): QueuedToast[] {
  if (!outcome.ok) return outcome.cancelled ? [] : outcome.messages.map((message) => ({ kind: 'error', message, flow }));
  const texts = outcome.messages.length > 0 ? outcome.messages : fallback.success ? [fallback.success] : [];
  return texts.map((message) => ({ kind: 'success', message, flow }));
}

/** Shows what a parsed outcome calls for now. */
export function toastOutcome(outcome: Outcome<unknown>, fallback: { success?: string } = {}, flow: ToastFlow = 'account'): void {
  showToasts(toastsForOutcome(outcome, fallback, flow));
}

/** Our text for a sent code when the API gives none (SPEC has no success text for it). */
const OTP_SENT = 'OTP sent';

/** Toasts an OTP send (SPEC §7 OTP: in demo mode the code shows in the toast); true when the code went out. */
export function toastCodeSent(outcome: Outcome<{ otp?: string }>): boolean {
  if (!outcome.ok) {
    toastOutcome(outcome);
    return false;
  }
  const { otp } = outcome.value;
  const toasts = toastsForOutcome(outcome, { success: OTP_SENT });
  showToasts(toasts.map((toast, index) => (index === 0 && otp ? { ...toast, message: `${toast.message} OTP: ${otp}` } : toast)));
  return true;
}

export function showToasts(toasts: QueuedToast[]): void {
  for (const { kind, message, flow } of toasts) showToast(kind, message, flow);
}

function readQueue(): QueuedToast[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedToast[]).filter((t) => typeof t?.message === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps toasts for the next page this tab loads (a sign-in, a sign-out). */
export function toastOnNextPage(toasts: QueuedToast[]): void {
  if (toasts.length === 0 || typeof window === 'undefined') return;
  try {
    sessionStorage.setItem(QUEUE_KEY, JSON.stringify([...readQueue(), ...toasts]));
  } catch (error) {
    console.warn('Could not keep the toast for the next page', error);
  }
}

/** Shows and forgets the toasts an earlier page kept; each page's start calls it (src/scripts/island-wakes.ts). */
export function showQueuedToasts(): void {
  if (typeof window === 'undefined') return;
  const queued = readQueue();
  try {
    sessionStorage.removeItem(QUEUE_KEY);
  } catch {
    // Storage refused: the toasts still show once.
  }
  showToasts(queued);
}
