/**
 * The checkout's payment method: the island's choice, kept in this tab's
 * draft. The server's page shows cash on delivery checked; a method the
 * shopper picked on that page before the island hydrated (a slow phone) is
 * kept over the draft, as typed text is.
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

export function usePaymentMethod(formName: string) {
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(SERVER_PAYMENT_METHOD);
  // Read on the first render in the browser: hydration then checks the radio
  // the island's state names (React sets the radios' defaultChecked, which
  // moves the group's check), so at its commit the pick is already gone.
  const [pickedEarly] = useState(() => PAYMENT_METHODS.find((method) => method === checkedRadioValue(formName, PAYMENT_METHOD_FIELD)));

  const choosePayment = (method: PaymentMethod) => {
    setPaymentMethod(method);
    saveDraft({ paymentMethod: method });
  };

  /** Once hydrated: a method picked before then, else the draft's. */
  const restorePayment = (draftMethod: PaymentMethod) => {
    if (pickedEarly !== undefined && pickedEarly !== SERVER_PAYMENT_METHOD) choosePayment(pickedEarly);
    else setPaymentMethod(draftMethod);
  };

  return { paymentMethod, choosePayment, restorePayment };
}
