// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages.ts';
import { $toastQueue, showToast, takeToasts, toastDuration, toastOnNextPage, toastsFor } from '../../src/stores/toast.ts';

const logout = { failure: MESSAGES.auth.logoutFailed, success: MESSAGES.auth.logoutSuccessful };

describe('toasts for an API answer (SPEC §8)', () => {
  it('a success shows the server message as a success toast', () => {
    expect(toastsFor({ success: true, message: 'Login successful.' }, { failure: 'Login failed' })).toEqual([
      { kind: 'success', message: 'Login successful.', flow: 'account' },
    ]);
  });

  it('a success without a message shows the success fallback, or nothing when there is none', () => {
    expect(toastsFor({ success: true }, logout)).toEqual([{ kind: 'success', message: 'Logout successful', flow: 'account' }]);
    expect(toastsFor({ success: true, data: {} }, { failure: 'x' })).toEqual([]);
  });

  it('a failure shows the server message, else the fallback', () => {
    expect(toastsFor({ success: false, message: 'Invalid OTP' }, { failure: 'OTP verification failed' })).toEqual([
      { kind: 'error', message: 'Invalid OTP', flow: 'account' },
    ]);
    expect(toastsFor({ success: false }, logout)).toEqual([{ kind: 'error', message: 'Logout failed', flow: 'account' }]);
  });

  it('a message list shows one toast per entry, and field errors come first', () => {
    expect(toastsFor({ success: true, message: ['One', 'Two'] }, { failure: 'x' }).map((t) => t.message)).toEqual(['One', 'Two']);
    const refused = { success: false, message: 'Validation failed', errors: { email: ['Email is already registered'] } };
    expect(toastsFor(refused, { failure: 'Registration failed' }).map((t) => t.message)).toEqual(['Email is already registered']);
  });

  it('a cancelled call (null) shows nothing', () => {
    expect(toastsFor(null, logout)).toEqual([]);
  });

  it('account flows last 5 s, notifications 2 s (SPEC §9)', () => {
    expect(toastDuration('account')).toBe(5000);
    expect(toastDuration('notification')).toBe(2000);
    expect(toastsFor({ success: true, message: 'Added' }, { failure: 'x' }, 'notification')[0]?.flow).toBe('notification');
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
