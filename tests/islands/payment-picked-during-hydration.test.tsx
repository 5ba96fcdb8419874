// @vitest-environment happy-dom
import { act, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { PAYMENT_METHOD_FIELD, usePaymentMethod } from '../../src/islands/checkout/payment-method.ts';
import { useHydrated } from '../../src/islands/forms/form-behaviour.ts';
import { PAYMENT_METHODS } from '../../src/lib/constants.ts';

// Hydration renders the radios, then the rest of the island, then commits; on a
// slow phone the shopper picks a method in between. `Picker` renders after the
// radios and clicks then, after the island has read the page.
let pickNow: string | null = null;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
function Picker() {
  if (pickNow !== null) document.querySelector<HTMLInputElement>(`input[value="${pickNow}"]`)!.click();
  return null;
}

let shown: () => string = () => '';
function ProbeCheckout() {
  const hydrated = useHydrated();
  const { paymentMethod, choosePayment, restorePayment } = usePaymentMethod('probe');
  shown = () => paymentMethod;
  // As the checkout does: once hydrated, the tab's draft (here cash on delivery) unless the shopper picked.
  useEffect(() => {
    if (hydrated) restorePayment('cod');
  }, [hydrated]);
  return (
    <form name="probe">
      {PAYMENT_METHODS.map((method) => (
        <input key={method} type="radio" name={PAYMENT_METHOD_FIELD} value={method} checked={paymentMethod === method} onChange={() => choosePayment(method)} />
      ))}
      <Picker />
    </form>
  );
}

afterEach(() => {
  pickNow = null;
  document.body.innerHTML = '';
  sessionStorage.clear();
});

it('a payment method picked while the checkout hydrates is the one it keeps', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ProbeCheckout />);
  document.body.append(container);
  pickNow = 'prepaid';
  await act(async () => {
    hydrateRoot(container, <ProbeCheckout />);
  });
  pickNow = null;
  expect(shown()).toBe('prepaid');
  expect(container.querySelector<HTMLInputElement>('input[value="prepaid"]')!.checked).toBe(true);
});

it('a payment method picked before the checkout hydrates is kept too', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ProbeCheckout />);
  document.body.append(container);
  container.querySelector<HTMLInputElement>('input[value="prepaid"]')!.click();
  await act(async () => {
    hydrateRoot(container, <ProbeCheckout />);
  });
  expect(shown()).toBe('prepaid');
  expect(container.querySelector<HTMLInputElement>('input[value="prepaid"]')!.checked).toBe(true);
});
