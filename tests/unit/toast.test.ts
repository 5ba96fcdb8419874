// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.ts';
import { $toastQueue, showToast, takeToasts, toastDuration, toastOnNextPage, toastsForOutcome } from '../../src/stores/toast.ts';

const ok = (messages: string[] = []) => ({ ok: true as const, value: true, messages });
const failedWith = (messages: string[]) => ({ ok: false as const, messages, fieldErrors: {} });

describe('toasts for a call’s outcome (SPEC §8)', () => {
  it('a success shows the server message as a success toast', () => {
    expect(toastsForOutcome(ok(['Login successful.']), {})).toEqual([{ kind: 'success', message: 'Login successful.', flow: 'account' }]);
  });

  it('a success without a message shows the success fallback, or nothing when there is none', () => {
    expect(toastsForOutcome(ok(), { success: MESSAGES.auth.logoutSuccessful })).toEqual([
      { kind: 'success', message: 'Logout successful', flow: 'account' },
    ]);
    expect(toastsForOutcome(ok(), {})).toEqual([]);
  });

  it('a failure shows each of its texts as an error toast (the seam has already chosen them: field errors, message or fallback)', () => {
    expect(toastsForOutcome(failedWith(['Invalid OTP']), {})).toEqual([{ kind: 'error', message: 'Invalid OTP', flow: 'account' }]);
    expect(toastsForOutcome(failedWith(['One', 'Two']), {}).map((t) => t.message)).toEqual(['One', 'Two']);
  });

  it('a message list shows one toast per entry', () => {
    expect(toastsForOutcome(ok(['One', 'Two']), {}).map((t) => t.message)).toEqual(['One', 'Two']);
  });

  it('a cancelled call shows nothing', () => {
    expect(toastsForOutcome({ ok: false, cancelled: true }, { success: 'x' })).toEqual([]);
  });

  it('account flows last 5 s, notifications 2 s (SPEC §9)', () => {
    expect(toastDuration('account')).toBe(5000);
    expect(toastDuration('notification')).toBe(2000);
    expect(toastsForOutcome(ok(['Added']), {}, 'notification')[0]?.flow).toBe('notification');
  });
});

describe('toasts kept for the next page', () => {
  it('wait in this tab’s session storage, in order', () => {
    sessionStorage.clear();
    toastOnNextPage([{ kind: 'success', message: 'Login successful.', flow: 'account' }]);
    toastOnNextPage([{ kind: 'error', message: 'Later', flow: 'notification' }]);
    expect(JSON.parse(sessionStorage.getItem('store-toasts') ?? '[]')).toEqual([
      { kind: 'success', message: 'Login successful.', flow: 'account' },
      { kind: 'error', message: 'Later', flow: 'notification' },
    ]);
  });
});

describe('toasts wait for the toaster', () => {
  it('a toast asked for waits in the queue until the toaster takes it, once', () => {
    $toastQueue.set([]);
    showToast('success', 'Item added to cart.', 'notification');
    showToast('error', 'Failed to add item to cart', 'notification');
    expect(takeToasts()).toEqual([
      { kind: 'success', message: 'Item added to cart.', flow: 'notification' },
      { kind: 'error', message: 'Failed to add item to cart', flow: 'notification' },
    ]);
    expect(takeToasts()).toEqual([]);
  });
});
