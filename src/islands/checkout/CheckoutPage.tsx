/**
 * /checkout's island (SPEC §2-§9 for checkout). The server renders the cart's
 * lines and a signed-in shopper's prefilled details; once hydrated the cart,
 * auth and checkout stores take over, and the draft this tab kept (never the
 * OTP) fills the form again after a reload.
 *
 * A guest first confirms their mobile by OTP (ContactOtp); then the details,
 * address and payment sections open and focus moves to them. Place order
 * checks the form and opens SPEC's product confirmation dialog: confirm
 * places the order (once: src/stores/checkout.ts), cancel empties the cart.
 */
import { useStore } from '@nanostores/react';
import { useSelector } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import type { Customer } from '../../lib/api/account.ts';
import { cartCount, type CartLine } from '../../lib/cart.ts';
import {
  EMPTY_DETAILS,
  confirmationText,
  linesSignature,
  mergeDetails,
  orderTotals,
  prefillDetails,
  type CheckoutDetails,
} from '../../lib/checkout.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $auth } from '../../stores/auth.ts';
import { $cart, $cartReady, removeFromCart } from '../../stores/cart.ts';
import { $checkout, emptyCart, repriceCoupon } from '../../stores/checkout.ts';
import { dropAttempt, loadDraft, saveDraft } from '../../stores/checkout-draft.ts';
import { serverErrors } from '../forms/field-rules.ts';
import { useHydrated } from '../forms/form-behaviour.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import ContactOtp from './ContactOtp.tsx';
import EmptyCheckout from './EmptyCheckout.tsx';
import { usePaymentMethod } from './payment-method.ts';
import DetailsSections from './DetailsSections.tsx';
import { detailsRule, useDetailsForm } from './details-form.ts';
import SummaryPanel from './SummaryPanel.tsx';
import { usePlacing } from './use-placing.ts';

interface Props {
  initialLines: CartLine[];
  signedInHint: boolean;
  prefill: CheckoutDetails | null;
}

/** The details form's name (also its id: the submit button outside it names it). */
const DETAILS_FORM = 'checkout-details';

const section = 'space-y-4 rounded-xl border border-current/10 p-5';
const heading = 'text-lg font-semibold focus:outline-none';

export default function CheckoutPage({ initialLines, signedInHint, prefill }: Props) {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const cart = useStore($cart);
  const cartReady = useStore($cartReady);
  const { discount, checkoutLoading } = useStore($checkout);
  const [settled, setSettled] = useState(false);
  const { paymentMethod, choosePayment, restorePayment } = usePaymentMethod(DETAILS_FORM);
  const [mobile, setMobile] = useState('');
  const [pendingAttempt, setPendingAttempt] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const refused = useRef(serverErrors()).current;
  const rule = useRef(refused.wrap(detailsRule)).current;
  const form = useDetailsForm(prefill ?? EMPTY_DETAILS, formRef, () => setConfirmOpen(true));
  const { confirmOpen, setConfirmOpen, placing, leaving, problems, setProblems, notice, confirm, resume } = usePlacing({ form, refused, formRef, summaryHeading });

  useEffect(() => {
    if (hydrated && cartReady && !cart.loading) setSettled(true);
  }, [hydrated, cartReady, cart.loading]);

  const signedIn = hydrated ? auth.isAuthenticated : signedInHint;
  // A guest with a token has confirmed their mobile by OTP (SPEC §4 OTP).
  const verified = signedIn || (hydrated && Boolean(auth.user?.token));
  // Until hydrated, what the server rendered (its prefill): the stored sign-in in this browser differs, and React would discard the server's form.
  const contactPhone = hydrated ? auth.user?.customer?.phone_number : prefill?.phone_number;
  const storeLines = !hydrated || (auth.isAuthenticated && !settled) ? initialLines : cart.cartItems;
  const lines = leaving ?? storeLines;
  const totals = orderTotals(lines, discount?.discountPaise ?? 0);
  const busy = placing || checkoutLoading || leaving !== null;

  // The discount follows the lines: priced again whenever they change (a price, a removed line, a reload).
  const priced = linesSignature(storeLines);
  const couponCode = discount?.code;
  useEffect(() => {
    if (hydrated && settled && couponCode && leaving === null) void repriceCoupon(browserApi(), $cart.get().cartItems);
  }, [hydrated, settled, couponCode, priced, leaving]);

  // After hydration: the draft this tab kept wins over the prefill (the server could not read it).
  useEffect(() => {
    if (!hydrated) return;
    const draft = loadDraft();
    const base = prefill ?? (auth.isAuthenticated || auth.user?.token ? prefillDetails(auth.user?.customer, null) : EMPTY_DETAILS);
    // Values only: the form's defaults stay the server's, or every render would put them back.
    form.reset(mergeDetails(base, draft.details), { keepDefaultValues: true });
    setMobile(draft.details.phone_number ?? '');
    setPendingAttempt(draft.attempt !== null);
    restorePayment(draft.paymentMethod);
    // Once, on hydration.
  }, [hydrated]);

  const values = useSelector(form.store, (state) => state.values);
  useEffect(() => {
    if (hydrated) saveDraft({ details: values });
  }, [hydrated, values]);

  const onVerified = (verifiedMobile: string, customer: Customer | undefined) => {
    const known = prefillDetails(customer, null);
    const current = form.state.values;
    form.reset(mergeDetails(mergeDetails(known, current), { phone_number: verifiedMobile }), { keepDefaultValues: true });
    requestAnimationFrame(() => detailsHeading.current?.focus());
  };

  const cancel = async () => {
    setConfirmOpen(false);
    dropAttempt();
    await emptyCart(browserApi());
  };

  const count = cartCount(lines);
  if (count === 0 && (hydrated ? settled : true)) {
    return (
      <EmptyCheckout
        pendingAttempt={pendingAttempt}
        busy={busy}
        onResume={() => void resume(() => setPendingAttempt(false))}
        onDrop={() => {
          dropAttempt();
          setPendingAttempt(false);
        }}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 lg:py-12">
      <h1 className="text-2xl font-semibold sm:text-3xl">Checkout</h1>
      <p role="status" aria-live="polite" className={notice ? 'mt-4 rounded-md border border-red-700/40 bg-red-50 px-4 py-3 text-sm text-red-800' : 'sr-only'}>
        {notice}
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
        <div className="space-y-6">
          <section aria-labelledby="checkout-contact-title" className={section}>
            <h2 id="checkout-contact-title" className={heading}>
              Contact
            </h2>
            {verified ? (
              <p className="text-sm">
                {signedIn ? 'Signed in' : 'Mobile verified'}
                {contactPhone ? `: ${contactPhone}` : ''}
              </p>
            ) : (
              <ContactOtp
                key={hydrated ? 'live' : 'server'}
                hydrated={hydrated}
                initialMobile={mobile}
                onMobileChange={(value) => saveDraft({ details: { ...form.state.values, phone_number: value } })}
                onVerified={onVerified}
              />
            )}
          </section>
          <form id={DETAILS_FORM} name={DETAILS_FORM} ref={formRef} noValidate onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}>
            {verified ? (
              <DetailsSections
                form={form}
                rule={rule}
                phoneLocked={!signedIn}
                paymentMethod={paymentMethod}
                onPaymentMethod={choosePayment}
                detailsHeading={detailsHeading}
                disabled={busy}
              />
            ) : (
              <p className="rounded-xl border border-dashed border-current/20 p-5 text-sm opacity-80">
                Verify your mobile number to add your details, delivery address and payment method.
              </p>
            )}
          </form>
        </div>
        <SummaryPanel
          lines={lines}
          totals={totals}
          couponCode={discount?.code ?? null}
          problems={problems}
          onRemove={(line) => {
            setProblems(new Map());
            // The order changes: the refused attempt is over.
            dropAttempt();
            void removeFromCart(browserApi(), line);
          }}
          verified={verified}
          hydrated={hydrated}
          busy={busy}
          headingRef={summaryHeading}
          formId={DETAILS_FORM}
          className={section}
          headingClassName={heading}
        />
      </div>
      <ConfirmDialog
        title="Confirm order"
        text={confirmationText(count, totals.total, paymentMethod)}
        confirmLabel={busy ? 'Placing order…' : 'Confirm order'}
        cancelLabel="Cancel"
        open={confirmOpen}
        busy={busy}
        initialFocus="confirm"
        onConfirm={() => void confirm(lines, paymentMethod)}
        onCancel={() => void cancel()}
        onDismiss={() => setConfirmOpen(false)}
      />
    </div>
  );
}
