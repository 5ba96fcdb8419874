/**
 * The checkout's payment method: the island's choice, kept in this tab's
 * draft. The server's page shows cash on delivery checked; a method the
 * shopper picked on that page before the island hydrated (a slow phone) is
 * kept over the draft, as typed text is (decision 057).
 */
import { useState } from 'react';
import type { PaymentMethod } from '../../lib/checkout.ts';
import { PAYMENT_METHODS } from '../../lib/constants.ts';
import { saveDraft } from '../../stores/checkout-draft.ts';
import { checkedRadioValue } from '../forms/form-behaviour.ts';

/** The radios' name in the details form (DetailsSections.tsx). */
export const PAYMENT_METHOD_FIELD = 'payment_method';
/** The payment method the server's page shows checked. */
const SERVER_PAYMENT_METHOD: PaymentMethod = 'cod';

const asPaymentMethod = (value: string | undefined) => PAYMENT_METHODS.find((method) => method === value);

/**
 * The method last picked on the page by form name, from the moment this module
 * loads (before hydration starts). Only a shopper's pick fires `change`:
 * hydration moving the check back to the server's choice does not, so a pick
 * made while hydration runs is still known at its end (decision 057).
 */
const pickedOnPage = new Map<string, PaymentMethod>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'radio' || input.name !== PAYMENT_METHOD_FIELD || !input.checked) return;
      const method = asPaymentMethod(input.value);
      if (method && input.form?.name) pickedOnPage.set(input.form.name, method);
    },
    true,
  );
}

export function usePaymentMethod(formName: string) {
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(SERVER_PAYMENT_METHOD);
  // Read on the first render in the browser: hydration then checks the radio
  // the island's state names (React sets the radios' defaultChecked, which
  // moves the group's check), so at its commit the page no longer shows the
  // pick. One made after this render is in `pickedOnPage`.
  const [pickedEarly] = useState(() => asPaymentMethod(checkedRadioValue(formName, PAYMENT_METHOD_FIELD)));

  const choosePayment = (method: PaymentMethod) => {
    setPaymentMethod(method);
    saveDraft({ paymentMethod: method });
  };

  /** Once hydrated: a method picked before then, else the draft's. */
  const restorePayment = (draftMethod: PaymentMethod) => {
    const picked = pickedOnPage.get(formName) ?? (pickedEarly !== SERVER_PAYMENT_METHOD ? pickedEarly : undefined);
    pickedOnPage.delete(formName);
    if (picked !== undefined) choosePayment(picked);
    else setPaymentMethod(draftMethod);
  };

  return { paymentMethod, choosePayment, restorePayment };
}
