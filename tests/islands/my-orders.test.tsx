// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MyOrders from '../../src/islands/orders/MyOrders.tsx';
import type { CustomerOrder, OrdersPage } from '../../src/lib/orders.ts';
import { $orders, clearOrders } from '../../src/stores/orders.ts';
import { $toastQueue } from '../../src/stores/toast.ts';
import { NO_AFTER_SALE } from '../../src/lib/refunds.ts';

beforeEach(() => {
  clearOrders();
  $toastQueue.set([]);
});
afterEach(cleanup);

const order = (id: number, patch: Partial<CustomerOrder> = {}): CustomerOrder => ({
  orderId: id,
  orderNumber: `OD10${id}`,
  orderDate: '2026-11-23T20:00:00.000Z',
  status: 'order_is_confirmed',
  paymentMethod: 'cod',
  pricePaise: 150000_00,
  quantity: 2,
  finalAmountPaise: 123456_78,
  discountPaise: 0,
  productName: `Kurta ${id}`,
  productSlug: null,
  productVariation: 'XL',
  coverImage: null,
  productImages: `/media/k${id}-a.jpg,/media/k${id}-b.jpg`,
  ...NO_AFTER_SALE,
  ...patch,
});
const page = (orders: CustomerOrder[], patch: Partial<OrdersPage> = {}): OrdersPage => ({
  orders,
  customer: { fullName: 'Asha Rao', email: 'a@x.in', phoneNumber: '9876543210' },
  currentPage: 1,
  lastPage: 1,
  total: orders.length,
  ...patch,
});

describe('My Orders list (SPEC §2, §4)', () => {
  it('shows each order with its picture, name, size, number, date, status and total in rupees', () => {
    render(<MyOrders initial={{ page: page([order(2), order(1, { coverImage: '/media/cover.jpg' })]) }} />);
    const items = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(first.textContent).toContain('Kurta 2');
    expect(first.textContent).toContain('Size: XL');
    expect(first.textContent).toContain('Order OD102 · 24 Nov 2026');
    expect(first.textContent).toContain('Order Is Confirmed');
    expect(first.textContent).toContain('₹2,46,913.56');
    expect(within(first).getByRole('img', { name: 'Kurta 2' }).getAttribute('src')).toBe('/media/k2-a.jpg');
    expect(within(items[1]!).getByRole('img', { name: 'Kurta 1' }).getAttribute('src')).toBe('/media/cover.jpg');
  });

  it("a row says a word on its return, else on its refund, and nothing for a line with neither", () => {
    const refund = { amountPaise: 629_10, status: 'processed' as const, initiatedAt: '2026-11-29T06:00:00.000Z', processedAt: '2026-11-29T06:00:05.000Z', testMode: true };
    const orders = [order(3, { returnStatus: 'refunded', refund }), order(2, { status: 'order has been cancelled', refund }), order(1)];
    render(<MyOrders initial={{ page: page(orders) }} />);
    const items = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Refunded')).toBeTruthy();
    expect(within(items[0]!).queryByText('Refund Processed')).toBeNull();
    expect(within(items[1]!).getByText('Refund Processed')).toBeTruthy();
    expect(items[2]!.textContent).not.toMatch(/Refund|Return/);
  });

  it('offers page links when there are more pages, the current one marked', () => {
    render(<MyOrders initial={{ page: page([order(1)], { currentPage: 2, lastPage: 3 }) }} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/my-account/orders', '/my-account/orders?page=2', '/my-account/orders?page=3']);
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows no paging for one page, an empty state with a link to the shop, and the failure message', () => {
    const { unmount } = render(<MyOrders initial={{ page: page([]) }} />);
    expect(screen.getByText('You have no orders yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    clearOrders();
    render(<MyOrders initial={{ error: 'Failed to fetch orders' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch orders');
  });

  it('a failed reload shows its message above the orders already listed', async () => {
    render(<MyOrders initial={{ page: page([order(1)]) }} />);
    await act(async () => $orders.set({ ...$orders.get(), error: 'Failed to fetch orders' }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch orders');
    expect(within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('a page past the last links back to page 1 instead of saying there are no orders', () => {
    render(<MyOrders initial={{ page: page([], { currentPage: 4, lastPage: 2, total: 60 }) }} />);
    expect(screen.queryByText('You have no orders yet.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/my-account/orders');
  });

  it("a failed server read is toasted once when the list hydrates, not again on later renders (SPEC §8)", async () => {
    const initial = { error: 'Failed to fetch orders' };
    const view = render(<MyOrders initial={initial} />);
    view.rerender(<MyOrders initial={initial} />);
    await act(async () => $orders.set({ ...$orders.get(), loading: true }));
    await act(async () => $orders.set({ ...$orders.get(), loading: false }));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch orders');
    expect($toastQueue.get()).toEqual([{ kind: 'error', message: 'Failed to fetch orders', flow: 'account' }]);
  });

  it('a page the server read without trouble is not toasted', () => {
    render(<MyOrders initial={{ page: page([order(1)]) }} />);
    expect($toastQueue.get()).toEqual([]);
  });
});
