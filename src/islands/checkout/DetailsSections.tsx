/**
 * The sections of the details form: the shopper's details (names, email,
 * phone, optional alternate phone), the delivery address with its PIN code
 * filling city and state (still editable), and the payment method (SPEC §2
 * labels). Every field carries its autocomplete token.
 */
import { useRef, useState, type RefObject } from 'react';
import { lookUpPincode } from '../../lib/api/pincode.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../lib/checkout.ts';
import { PAYMENT_METHODS } from '../../lib/constants.ts';
import { PINCODE_PATTERN } from '../../lib/schemas/fields.ts';
import { browserApi } from '../../stores/api-client.ts';
import type { detailsRule, DetailsForm } from './details-form.ts';
import { PAYMENT_METHOD_FIELD } from './payment-method.ts';

interface Props {
  form: DetailsForm;
  /** Each field's rule (SPEC §5, and the server's field errors while the refused value stays). */
  rule: typeof detailsRule;
  /** A verified guest's phone is the verified mobile, not typed again. */
  phoneLocked: boolean;
  paymentMethod: PaymentMethod;
  onPaymentMethod: (method: PaymentMethod) => void;
  detailsHeading: RefObject<HTMLHeadingElement | null>;
  disabled: boolean;
}

const heading = 'text-lg font-semibold focus:outline-none';
const section = 'space-y-4 rounded-xl border border-current/10 p-5';

export default function DetailsSections({ form, rule, phoneLocked, paymentMethod, onPaymentMethod, detailsHeading, disabled }: Props) {
  const [placeNote, setPlaceNote] = useState('');
  const lookup = useRef<AbortController | null>(null);

  const fillFromPin = async (pin: string) => {
    lookup.current?.abort();
    if (!PINCODE_PATTERN.test(pin.trim())) return;
    const controller = new AbortController();
    lookup.current = controller;
    const outcome = await lookUpPincode(browserApi(), pin, { signal: controller.signal });
    if (!outcome.ok || controller.signal.aborted) return;
    form.setFieldValue('city', outcome.value.city);
    form.setFieldValue('state', outcome.value.state);
    void form.validateField('city', 'change');
    void form.validateField('state', 'change');
    setPlaceNote(`City and state filled in for PIN code ${pin.trim()}: ${outcome.value.city}, ${outcome.value.state}`);
  };

  return (
    <fieldset disabled={disabled} className="space-y-6">
      <section aria-labelledby="checkout-details-title" className={section}>
        <h2 id="checkout-details-title" ref={detailsHeading} tabIndex={-1} className={heading}>
          Your details
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="firstname" validators={{ onChange: rule }}>
            {(field) => <field.TextField label="First name" autoComplete="given-name" required />}
          </form.AppField>
          <form.AppField name="lastname" validators={{ onChange: rule }}>
            {(field) => <field.TextField label="Last name" autoComplete="family-name" required />}
          </form.AppField>
          <form.AppField name="email" validators={{ onChange: rule }}>
            {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
          </form.AppField>
          <form.AppField name="phone_number" validators={{ onChange: rule }}>
            {(field) => (
              <field.TextField
                label="Phone number"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                readOnly={phoneLocked}
                hint={phoneLocked ? 'Verified by OTP' : undefined}
                required
              />
            )}
          </form.AppField>
          <form.AppField name="alt_phone_number" validators={{ onChange: rule }}>
            {(field) => (
              <field.TextField label="Alternate phone number (optional)" type="tel" inputMode="numeric" autoComplete="tel" />
            )}
          </form.AppField>
        </div>
      </section>

      <section aria-labelledby="checkout-address-title" className={section}>
        <h2 id="checkout-address-title" className={heading}>
          Delivery address
        </h2>
        <form.AppField name="address" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="Address" autoComplete="address-line1" required />}
        </form.AppField>
        <div className="grid gap-4 sm:grid-cols-3">
          <form.AppField
            name="pincode"
            validators={{ onChange: rule }}
            listeners={{ onChange: ({ value }) => void fillFromPin(value) }}
          >
            {(field) => (
              <field.TextField label="Pincode" inputMode="numeric" autoComplete="postal-code" maxLength={6} required />
            )}
          </form.AppField>
          <form.AppField name="city" validators={{ onChange: rule }}>
            {(field) => <field.TextField label="City" autoComplete="address-level2" required />}
          </form.AppField>
          <form.AppField name="state" validators={{ onChange: rule }}>
            {(field) => <field.TextField label="State" autoComplete="address-level1" required />}
          </form.AppField>
        </div>
        <p aria-live="polite" className="text-xs opacity-75">
          {placeNote}
        </p>
      </section>

      <section aria-labelledby="checkout-payment-title" className={section}>
        <h2 id="checkout-payment-title" className={heading}>
          Payment method
        </h2>
        <div role="radiogroup" aria-labelledby="checkout-payment-title" className="space-y-2">
          {PAYMENT_METHODS.map((method) => (
            <label key={method} className="flex cursor-pointer items-center gap-3 rounded-md border border-current/15 px-4 py-3 has-[:checked]:border-button">
              <input
                type="radio"
                name={PAYMENT_METHOD_FIELD}
                value={method}
                checked={paymentMethod === method}
                onChange={() => onPaymentMethod(method)}
                className="size-4 accent-[var(--color-button,#111)]"
              />
              <span className="text-sm font-medium">{PAYMENT_METHOD_LABELS[method]}</span>
            </label>
          ))}
        </div>
      </section>
    </fieldset>
  );
}
