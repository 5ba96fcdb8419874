// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OrderDrawer from '../../src/islands/orders/OrderDrawer.tsx';
import { COPY_CONFIRMATION_MS } from '../../src/lib/constants.ts';
import type { CustomerOrder } from '../../src/lib/orders.ts';
import { NO_AFTER_SALE } from '../../src/lib/refunds.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const order = (patch: Partial<CustomerOrder> = {}): CustomerOrder => ({
  orderId: 7,
  orderNumber: 'OD1007',
  orderDate: '2026-11-23T20:00:00.000Z',
  status: 'order is confirmed',
  paymentMethod: 'cod',
  pricePaise: 1500_00,
  quantity: 2,
  finalAmountPaise: 1200_00,
  discountPaise: 0,
  productName: 'Kurta',
  productSlug: null,
  productVariation: 'XL',
  coverImage: null,
  productImages: null,
  ...NO_AFTER_SALE,
  ...patch,
});

const customer = { fullName: 'Asha Rao', email: 'a@x.in', phoneNumber: '9876543210' };

function renderDrawer(shown: CustomerOrder) {
  render(<OrderDrawer popup={{ open: true, order: shown }} customer={customer} returnFocus={createRef<HTMLElement>()} />);
  return screen.getByRole('dialog', { name: 'Order Details' });
}

/** The ORDER SUMMARY row's figure, or null when the row is absent. */
function summaryRow(drawer: HTMLElement, label: string): string | null {
  const summary = within(drawer).getByRole('region', { name: 'ORDER SUMMARY' });
  const term = within(summary).queryByText(label, { exact: true, selector: 'dt' });
  return term ? (term.nextElementSibling?.textContent ?? '') : null;
}

describe('Order details drawer: payment and discount (SPEC §2)', () => {
  it('a prepaid order with a discount shows PAYMENT Prepaid and the Discount row with its amount', () => {
    const drawer = renderDrawer(order({ paymentMethod: 'razorpay', discountPaise: 600_00 }));
    expect(within(drawer).getByRole('region', { name: 'PAYMENT' }).textContent).toBe('PAYMENTPrepaid');
    expect(summaryRow(drawer, 'Amount')).toBe('₹1,500.00');
    expect(summaryRow(drawer, 'Discount')).toBe('-₹600.00');
    expect(summaryRow(drawer, 'Subtotal')).toBe('₹3,000.00');
    expect(summaryRow(drawer, 'Total')).toBe('₹2,400.00');
  });

  it('a cash-on-delivery order without a discount shows Cash on Delivery (COD) and no Discount row', () => {
    const drawer = renderDrawer(order());
    expect(within(drawer).getByRole('region', { name: 'PAYMENT' }).textContent).toBe('PAYMENTCash on Delivery (COD)');
    expect(summaryRow(drawer, 'Discount')).toBeNull();
    expect(summaryRow(drawer, 'Shipping Cost')).toBe('Free');
  });
});

describe('Order details drawer: copying the order number (SPEC §9)', () => {
  it("shows 'Copied!' for exactly the copy confirmation's 2 seconds", async () => {
    vi.useFakeTimers();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const drawer = renderDrawer(order());
    await act(async () => {
      fireEvent.click(within(drawer).getByRole('button', { name: 'Copy order number' }));
    });
    expect(writeText).toHaveBeenCalledWith('OD1007');
    const status = within(drawer).getByRole('status');
    expect(status.textContent).toBe('Copied!');

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(status.textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
    expect(COPY_CONFIRMATION_MS).toBe(2000);
  });
});

describe('Order details drawer: Tab with the Cancel Order dialog open inside it', () => {
  it("Tab from 'Confirm Cancel' goes to the reason, not to the drawer's controls", async () => {
    const drawer = renderDrawer(order());
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Order' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Cancel' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Select a reason' }));
  });
});

describe('Order details drawer: refund and return', () => {
  const afterSale = (drawer: HTMLElement) => within(drawer).queryByRole('region', { name: 'RETURN AND REFUND' });

  it('a cancelled prepaid line shows its refund sentence, marked TEST MODE when the test gateway made it', () => {
    const refund = { amountPaise: 629_10, status: 'initiated' as const, initiatedAt: '2026-11-28T20:00:00.000Z', processedAt: null, testMode: true };
    const drawer = renderDrawer(order({ status: 'order has been cancelled', paymentMethod: 'prepaid', refund }));
    const region = afterSale(drawer)!;
    expect(within(region).getByText('Refund of ₹629.10 initiated on 29 Nov; it usually reaches your account in 5-7 working days')).toBeTruthy();
    expect(within(region).getByText('TEST MODE')).toBeTruthy();
  });

  it('a refund with real money carries no TEST MODE mark', () => {
    const refund = { amountPaise: 629_10, status: 'processed' as const, initiatedAt: '2026-11-29T06:00:00.000Z', processedAt: '2026-11-30T06:00:00.000Z', testMode: false };
    const region = afterSale(renderDrawer(order({ paymentMethod: 'prepaid', refund })))!;
    expect(within(region).getByText('Refund of ₹629.10 processed on 30 Nov')).toBeTruthy();
    expect(within(region).queryByText('TEST MODE')).toBeNull();
  });

  it("a rejected return shows its status with the store's note, and offers no Return", () => {
    const drawer = renderDrawer(order({ status: 'order has been delivered', returnStatus: 'return rejected', returnNote: 'The tag was removed' }));
    const region = afterSale(drawer)!;
    expect(within(region).getByText('Return Rejected')).toBeTruthy();
    expect(within(region).getByText('Note from the store: The tag was removed')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Return' })).toBeNull();
  });

  it('a line with neither shows no such section', () => {
    expect(afterSale(renderDrawer(order()))).toBeNull();
  });

  it('a delivered line within its window offers Return, which opens the Return Item dialog asking a COD line for its UPI ID', async () => {
    const drawer = renderDrawer(order({ status: 'order has been delivered', returnableUntil: '2026-12-06T18:29:00.000Z' }));
    expect(within(drawer).getByText('You can return this item until 6 Dec')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return Item' });
    expect(within(dialog).getByRole('textbox', { name: 'UPI ID for the refund' })).toBeTruthy();
  });
});
