// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CancelOrderDialog from '../../src/islands/orders/CancelOrderDialog.tsx';
import { $auth, INITIAL_AUTH } from '../../src/stores/auth.ts';
import { clearOrders } from '../../src/stores/orders.ts';

/** Records every call the store makes and never answers, so a cancel stays pending. */
function pendingFetch() {
  const sent: { url: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    sent.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

beforeEach(() => {
  clearOrders();
  $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 't' } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onClose = vi.fn();
  render(<CancelOrderDialog orderId={7} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Cancel Order' });
  const reason = within(dialog).getByRole('combobox', { name: 'Select a reason' });
  const confirm = within(dialog).getByRole('button', { name: 'Confirm Cancel' });
  return { dialog, reason, confirm, onClose };
}

/** Lets the form's validation and submit run to where it waits for the answer. */
const settle = () => act(async () => {});

describe('Cancel Order dialog (SPEC §2, §3 Cancel payload)', () => {
  it("while a cancel is pending, 'Confirm Cancel' shows it is busy and a second submit sends nothing", async () => {
    const sent = pendingFetch();
    const { dialog, reason, confirm } = renderDialog();
    fireEvent.change(reason, { target: { value: 'Changed My Mind' } });
    fireEvent.click(confirm);
    await settle();
    expect(sent).toEqual([{ url: '/api/customer/cancel-order', body: { order_id: 7, reject_reason_select: 'Changed My Mind' } }]);
    expect(confirm).toHaveProperty('disabled', true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);

    fireEvent.click(confirm);
    fireEvent.submit(confirm.closest('form')!);
    await settle();
    expect(sent).toHaveLength(1);
  });

  it("'Close' closes the dialog without sending anything", async () => {
    const sent = pendingFetch();
    const { dialog, reason, onClose } = renderDialog();
    fireEvent.change(reason, { target: { value: 'Payment Issue' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await settle();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it('text typed under Other is not sent once another reason is chosen', async () => {
    const sent = pendingFetch();
    const { dialog, reason, confirm } = renderDialog();
    fireEvent.change(reason, { target: { value: 'Other' } });
    await settle();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Please specify' }), { target: { value: 'The size runs small' } });
    fireEvent.change(reason, { target: { value: 'Payment Issue' } });
    await settle();
    expect(within(dialog).queryByRole('textbox', { name: 'Please specify' })).toBeNull();
    fireEvent.click(confirm);
    await settle();
    expect(sent).toEqual([{ url: '/api/customer/cancel-order', body: { order_id: 7, reject_reason_select: 'Payment Issue' } }]);
  });
});
