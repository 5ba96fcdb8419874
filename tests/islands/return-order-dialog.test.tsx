// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ReturnOrderDialog from '../../src/islands/orders/ReturnOrderDialog.tsx';
import { RETURN_REASONS } from '../../src/lib/constants.ts';
import { EXTRA_FIELD_MESSAGES } from '../../src/lib/schemas/fields.ts';
import { $auth, INITIAL_AUTH } from '../../src/stores/auth.ts';
import { clearOrders } from '../../src/stores/orders.ts';
import { $toastQueue } from '../../src/stores/toast.ts';

type Answer = { status: number; body: unknown } | 'pending';

/** Records every call the store makes and answers each with the next of `answers` (pending when none is left). */
function fakeFetch(...answers: Answer[]) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      sent.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
      const answer = answers.shift() ?? 'pending';
      return answer === 'pending' ? new Promise<Response>(() => {}) : Promise.resolve(Response.json(answer.body, { status: answer.status }));
    }),
  );
  return sent;
}

beforeEach(() => {
  clearOrders();
  $toastQueue.set([]);
  $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 't' } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog({ cashOnDelivery }: { cashOnDelivery: boolean }) {
  const onClose = vi.fn();
  render(<ReturnOrderDialog orderId={7} cashOnDelivery={cashOnDelivery} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Return Item' });
  const reason = within(dialog).getByRole('combobox', { name: 'Select a reason' });
  const request = within(dialog).getByRole('button', { name: 'Request Return' });
  return { dialog, reason, request, onClose };
}

/** Lets the form's validation and submit run to where it waits for the answer. */
const settle = () => act(async () => {});
const alerts = (dialog: HTMLElement) => within(dialog).queryAllByRole('alert').map((alert) => alert.textContent);
const toasts = () => $toastQueue.get().map((t) => `${t.kind}: ${t.message}`);

describe('Return Item dialog', () => {
  it("lists 'Select Reason' and then the return reasons", () => {
    fakeFetch();
    const { reason } = renderDialog({ cashOnDelivery: false });
    expect(within(reason).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select Reason', ...RETURN_REASONS]);
  });

  it('a prepaid line asks for no UPI ID: its refund goes back to the payment', async () => {
    const sent = fakeFetch();
    const { dialog, reason, request } = renderDialog({ cashOnDelivery: false });
    expect(within(dialog).queryByRole('textbox', { name: 'UPI ID for the refund' })).toBeNull();
    fireEvent.change(reason, { target: { value: 'Damaged or defective' } });
    fireEvent.click(request);
    await settle();
    expect(sent).toEqual([{ url: '/api/customer/return-order', body: { order_id: 7, reason: 'Damaged or defective' } }]);
  });

  it('a cash on delivery line needs a reason and a UPI ID, and sends nothing without them', async () => {
    const sent = fakeFetch();
    const { dialog, request } = renderDialog({ cashOnDelivery: true });
    fireEvent.click(request);
    await settle();
    expect(alerts(dialog)).toEqual([EXTRA_FIELD_MESSAGES.returnReasonRequired, EXTRA_FIELD_MESSAGES.upiIdRequired]);
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Select a reason' }));
    expect(sent).toEqual([]);
  });

  it('refuses a UPI ID that is not one, and sends a good one trimmed and lower-cased', async () => {
    const sent = fakeFetch();
    const { dialog, reason, request } = renderDialog({ cashOnDelivery: true });
    fireEvent.change(reason, { target: { value: "Size doesn't fit" } });
    const upi = within(dialog).getByRole('textbox', { name: 'UPI ID for the refund' });
    fireEvent.change(upi, { target: { value: 'asha at bank' } });
    fireEvent.click(request);
    await settle();
    expect(alerts(dialog)).toEqual([EXTRA_FIELD_MESSAGES.upiIdInvalid]);
    expect(sent).toEqual([]);

    fireEvent.change(upi, { target: { value: ' Asha.Rao@OkBank ' } });
    fireEvent.click(request);
    await settle();
    expect(sent).toEqual([{ url: '/api/customer/return-order', body: { order_id: 7, reason: "Size doesn't fit", upi_id: 'asha.rao@okbank' } }]);
  });

  it("asks 'Please specify' for Other only, and sends no text typed under Other once another reason is chosen", async () => {
    const sent = fakeFetch();
    const { dialog, reason, request } = renderDialog({ cashOnDelivery: false });
    expect(within(dialog).queryByRole('textbox', { name: 'Please specify' })).toBeNull();
    fireEvent.change(reason, { target: { value: 'Other' } });
    await settle();
    fireEvent.click(request);
    await settle();
    expect(alerts(dialog)).toEqual([EXTRA_FIELD_MESSAGES.returnReasonTextRequired]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Please specify' }), { target: { value: 'The colour is off' } });
    fireEvent.change(reason, { target: { value: 'Wrong item received' } });
    await settle();
    expect(within(dialog).queryByRole('textbox', { name: 'Please specify' })).toBeNull();
    fireEvent.click(request);
    await settle();
    expect(sent).toEqual([{ url: '/api/customer/return-order', body: { order_id: 7, reason: 'Wrong item received' } }]);
  });

  it("while a request is pending, 'Request Return' shows it is busy and a second submit sends nothing", async () => {
    const sent = fakeFetch();
    const { dialog, reason, request } = renderDialog({ cashOnDelivery: false });
    fireEvent.change(reason, { target: { value: 'Changed my mind' } });
    fireEvent.click(request);
    await settle();
    expect(request).toHaveProperty('disabled', true);
    expect(request.getAttribute('aria-busy')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    fireEvent.submit(request.closest('form')!);
    await settle();
    expect(sent).toHaveLength(1);
  });

  it("a yes toasts the server's message, reloads the orders and closes the dialog", async () => {
    const sent = fakeFetch(
      { status: 200, body: { success: true, status: true, message: 'Return requested' } },
      { status: 200, body: { success: true, data: { customerData: [], orders: [], pagination: { current_page: 1, last_page: 1, total: 0 } } } },
    );
    const { reason, request, onClose } = renderDialog({ cashOnDelivery: false });
    fireEvent.change(reason, { target: { value: 'Not as described' } });
    fireEvent.click(request);
    await settle();
    expect(sent.map((call) => call.url)).toEqual(['/api/customer/return-order', '/api/customer/orders']);
    expect(toasts()).toEqual(['success: Return requested']);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("a refusal toasts the server's message and keeps the dialog open", async () => {
    fakeFetch({ status: 409, body: { success: false, status: false, message: 'The time to return this item has passed' } });
    const { dialog, reason, request, onClose } = renderDialog({ cashOnDelivery: false });
    fireEvent.change(reason, { target: { value: 'Not as described' } });
    fireEvent.click(request);
    await settle();
    expect(toasts()).toEqual(['error: The time to return this item has passed']);
    expect(onClose).not.toHaveBeenCalled();
    expect(request).toHaveProperty('disabled', false);
    expect(dialog.isConnected).toBe(true);
  });

  it("'Close' closes the dialog without sending anything", async () => {
    const sent = fakeFetch();
    const { dialog, onClose } = renderDialog({ cashOnDelivery: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await settle();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });
});
