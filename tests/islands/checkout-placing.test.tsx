// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CouponForm from '../../src/islands/checkout/CouponForm.tsx';
import { useDetailsForm } from '../../src/islands/checkout/details-form.ts';
import { usePlacing } from '../../src/islands/checkout/use-placing.ts';
import { serverErrors } from '../../src/islands/forms/field-rules.ts';
import { lineFor } from '../../src/lib/cart.ts';
import { EMPTY_DETAILS } from '../../src/lib/checkout.ts';
import { $auth, INITIAL_AUTH } from '../../src/stores/auth.ts';
import { $checkout, INITIAL_CHECKOUT } from '../../src/stores/checkout.ts';
import { $toastQueue } from '../../src/stores/toast.ts';
import { rupees } from '../helpers/rupees.ts';

const line = lineFor({ id: 11, name: 'Cotton Kurta', slug: 'cotton-kurta', final_price: rupees('799.00'), quantity: 10, retailer_id: 3 }, null, 1);

beforeEach(() => {
  $auth.set({ ...INITIAL_AUTH, user: { token: 'guest-token', is_existing_customer: false } });
  $checkout.set(INITIAL_CHECKOUT);
  $toastQueue.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('placing the order from the checkout', () => {
  it("releases the buttons and says 'Something went wrong during checkout' when placing throws", async () => {
    // A signed-in shopper, so the order is the first call; the browser then refuses the random bytes of its key.
    $auth.set({ ...INITIAL_AUTH, isAuthenticated: true, user: { token: 'customer-token', is_existing_customer: true } });
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(() => {
      throw new DOMException('no entropy', 'QuotaExceededError');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => {
      const formRef = useRef<HTMLFormElement>(null);
      const summaryHeading = useRef<HTMLHeadingElement>(null);
      const form = useDetailsForm(EMPTY_DETAILS, formRef, () => {});
      return usePlacing({ form, refused: useRef(serverErrors()).current, formRef, summaryHeading });
    });
    act(() => result.current.setConfirmOpen(true));
    await act(() => result.current.confirm([line], 'cod'));
    expect(result.current).toMatchObject({ placing: false, confirmOpen: false, leaving: null, notice: 'Something went wrong during checkout' });
    expect($toastQueue.get().map((toast) => toast.message)).toEqual(['Something went wrong during checkout']);
  });
});

describe('the coupon field', () => {
  it("shows a coupon the order refused back in its field, with discountError as its linked error", async () => {
    $checkout.set({ ...INITIAL_CHECKOUT, discount: { code: 'WELCOME10', discountPaise: 7990, subtotalPaise: 79900, totalPaise: 71910 } });
    render(<CouponForm lines={[line]} hydrated />);
    expect(screen.getByText('WELCOME10')).toBeTruthy();
    act(() => $checkout.set({ ...$checkout.get(), discount: null, discountError: 'Invalid Code' }));
    const field = screen.getByRole('textbox', { name: 'Coupon code' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect((field as HTMLInputElement).value).toBe('WELCOME10');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Invalid Code');
  });

  it('stays quiet when the coupon is removed', async () => {
    $checkout.set({ ...INITIAL_CHECKOUT, discount: { code: 'WELCOME10', discountPaise: 7990, subtotalPaise: 79900, totalPaise: 71910 } });
    render(<CouponForm lines={[line]} hydrated />);
    act(() => screen.getByRole('button', { name: 'Remove coupon' }).click());
    const field = screen.getByRole('textbox', { name: 'Coupon code' });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('');
  });
});

describe('the coupon field before the island woke', () => {
  it('keeps a code typed into the server-rendered form', () => {
    // The server's form as the shopper typed into it, before hydration.
    const server = document.createElement('form');
    server.name = 'checkout-coupon';
    server.innerHTML = '<input name="coupon_code" value="FLAT200">';
    document.body.append(server);
    try {
      render(<CouponForm lines={[line]} hydrated />);
      expect((screen.getByRole('textbox', { name: 'Coupon code' }) as HTMLInputElement).value).toBe('FLAT200');
    } finally {
      server.remove();
    }
  });
});
