/**
 * Placing the order from /checkout (decision 019): the confirmation dialog's
 * flag, a new guest's details saved first, the order sent once
 * (src/stores/checkout.ts), and what a refusal shows: the texts in the page's
 * live region, a field's error under it, a line's under its row, fresh prices
 * in the summary, a lapsed coupon under the coupon field; focus goes to what
 * the shopper must look at next. Whatever happens, the buttons are released.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { freshPricesOf, type PlacedOrder } from '../../lib/api/checkout.ts';
import type { CartLine } from '../../lib/cart.ts';
import { checkoutPayload, lineProblems, placedOrderPath, type PaymentMethod } from '../../lib/checkout.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $auth } from '../../stores/auth.ts';
import { $checkout, placeOrder, resumeAttempt, saveNewGuestDetails } from '../../stores/checkout.ts';
import { goTo } from '../../stores/session.ts';
import { showToast, toastOnNextPage } from '../../stores/toast.ts';
import type { serverErrors } from '../forms/field-rules.ts';
import { COUPON_FIELD, COUPON_FORM } from './CouponForm.tsx';
import type { DetailsForm } from './details-form.ts';

interface Options {
  form: DetailsForm;
  refused: ReturnType<typeof serverErrors>;
  formRef: RefObject<HTMLFormElement | null>;
  summaryHeading: RefObject<HTMLHeadingElement | null>;
}

export function usePlacing({ form, refused, formRef, summaryHeading }: Options) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [placing, setPlacing] = useState(false);
  // The lines on screen while the shopper leaves for the order's page (the cart is already empty).
  const [leaving, setLeaving] = useState<CartLine[] | null>(null);
  const [problems, setProblems] = useState<ReadonlyMap<number, string>>(new Map());
  const [notice, setNotice] = useState('');
  // Two presses within one frame see the same render: the second is turned away here.
  const inFlight = useRef(false);

  // Where focus goes once the dialog has closed (closing gives it back to Place order first) and the
  // fields are enabled again (a disabled field cannot take focus).
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    if (confirmOpen || placing || !focusNext.current) return;
    focusNext.current()?.focus();
    focusNext.current = null;
  }, [confirmOpen, placing]);
  /** The first, in page order, of the details fields a refusal named (read when focus moves, once they show their error). */
  const firstOf = (names: string[]) => () =>
    Array.from(formRef.current?.elements ?? []).find((element): element is HTMLElement => names.includes((element as HTMLInputElement).name));
  const summaryTitle = () => summaryHeading.current;
  const couponField = () => {
    const input = document.forms.namedItem(COUPON_FORM)?.elements.namedItem(COUPON_FIELD);
    return input instanceof HTMLElement ? input : summaryTitle();
  };

  /** SPEC §4: history replaced, the success toast kept for the next page. */
  const leaveFor = (order: PlacedOrder) => {
    toastOnNextPage([{ kind: 'success', message: $checkout.get().message ?? MESSAGES.checkout.orderPlaced, flow: 'account' }]);
    goTo(placedOrderPath(order), { replace: true });
  };

  const fail = (messages: string[]) => {
    setConfirmOpen(false);
    setNotice(messages.join('. '));
  };

  /** Runs `work` with the buttons held; anything it throws is 'Something went wrong during checkout'. */
  const holding = async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPlacing(true);
    try {
      await work();
    } catch (error) {
      console.error(error);
      showToast('error', MESSAGES.checkout.checkoutError);
      fail([MESSAGES.checkout.checkoutError]);
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  };

  const placeNow = async (lines: CartLine[], paymentMethod: PaymentMethod) => {
    setProblems(new Map());
    const details = form.state.values;
    const api = browserApi();
    // A guest who is not yet a customer completes their details first (SPEC §7 update-user-details).
    if (!$auth.get().isAuthenticated) {
      const saved = await saveNewGuestDetails(api, details);
      if (!saved.ok) {
        const named = refused.show(form, saved.fieldErrors);
        if (named.length > 0) focusNext.current = firstOf(named);
        return fail([]);
      }
    }
    const outcome = await placeOrder(api, checkoutPayload(details, lines, paymentMethod, $checkout.get().discount?.code ?? null));
    if (outcome.ok) {
      setLeaving(lines);
      return leaveFor(outcome.value);
    }
    if (outcome.cancelled) return fail([]);
    const stock = lineProblems(outcome.fieldErrors);
    setProblems(stock);
    if (freshPricesOf(outcome.data)) {
      focusNext.current = summaryTitle;
      return fail([`${outcome.messages.join('. ')}. Please check the new total and place your order again`]);
    }
    const named = refused.show(form, outcome.fieldErrors);
    if (named.length > 0) focusNext.current = firstOf(named);
    else if (outcome.fieldErrors[COUPON_FIELD]) focusNext.current = couponField;
    else if (stock.size > 0) focusNext.current = summaryTitle;
    fail(outcome.messages);
  };

  /** The dialog's confirm: the order of `lines`, paid by `paymentMethod`. */
  const confirm = (lines: CartLine[], paymentMethod: PaymentMethod) => holding(() => placeNow(lines, paymentMethod));

  /** Check my order: the interrupted attempt sent again; `onNone` when there is none. */
  const resume = (onNone: () => void) =>
    holding(async () => {
      const outcome = resumeAttempt(browserApi());
      if (!outcome) return onNone();
      const answer = await outcome;
      // Otherwise the store has shown why; the attempt stays (a dropped connection may be retried), Start again drops it.
      if (answer.ok) {
        setLeaving([]);
        leaveFor(answer.value);
      }
    });

  return { confirmOpen, setConfirmOpen, placing, leaving, problems, setProblems, notice, confirm, resume };
}
