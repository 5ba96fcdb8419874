/**
 * The checkout's payment method: the island's choice, kept in this tab's
 * draft. The server's page shows cash on delivery checked; a method the
 * shopper picked on that page before the island hydrated (a slow phone) is
 * kept over the draft, as typed text is.
 */
import { useLayoutEffect, useRef, useState } from 'react';
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
  // Read at hydration's commit, which leaves the radios as the shopper left
  // them (also a pick made while it ran), before a render puts the state's back.
  const pickedEarly = useRef<PaymentMethod | undefined>(undefined);
  useLayoutEffect(() => {
    pickedEarly.current = PAYMENT_METHODS.find((method) => method === checkedRadioValue(formName, PAYMENT_METHOD_FIELD));
  }, []);

  const choosePayment = (method: PaymentMethod) => {
    setPaymentMethod(method);
    saveDraft({ paymentMethod: method });
  };

  /** Once hydrated: a method picked before then, else the draft's. */
  const restorePayment = (draftMethod: PaymentMethod) => {
    const picked = pickedEarly.current;
    if (picked !== undefined && picked !== SERVER_PAYMENT_METHOD) choosePayment(picked);
    else setPaymentMethod(draftMethod);
  };

  return { paymentMethod, choosePayment, restorePayment };
}
