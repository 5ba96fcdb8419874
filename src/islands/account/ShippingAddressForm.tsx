/**
 * The shipping address on My Account (SPEC §3 Shipping address form fields,
 * §4, §5): address, pincode, city, state, phone and an optional alternate
 * phone, with SPEC §5's messages. A valid PIN fills city and state from
 * GET /pincode/{pin}. The recipient's names come from the saved address, else
 * the profile (edited there). A save toasts the server's message, stores the
 * returned address and reads it again (src/stores/shipping-address.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { lookUpPincode } from '../../lib/api/pincode.ts';
import type { ShippingAddress } from '../../lib/api/shipping.ts';
import { PINCODE_PATTERN } from '../../lib/schemas/fields.ts';
import { shippingAddressSchema } from '../../lib/schemas/address.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $shippingAddress, adoptShippingAddress, saveAddress } from '../../stores/shipping-address.ts';
import { messageFor, ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useHydrated, useTypedDefaults } from '../forms/form-behaviour.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

const rule = ruleOf(shippingAddressSchema);

interface Props {
  address: ShippingAddress | null;
  /** 'Failed to fetch shipping address' (or the server's message) when the server read failed. */
  error: string | null;
  /** The profile's names and phone, for a shopper with no saved address yet. */
  profile: { firstname: string; lastname: string; phone_number: string };
}

type Values = {
  firstname: string;
  lastname: string;
  phone_number: string;
  alt_phone_number: string;
  address: string;
  pincode: string;
  city: string;
  state: string;
};

function valuesOf(address: ShippingAddress | null, profile: Props['profile']): Values {
  return {
    firstname: address?.firstname || profile.firstname,
    lastname: address?.lastname || profile.lastname,
    phone_number: address?.phoneNumber || profile.phone_number,
    alt_phone_number: address?.altPhoneNumber ?? '',
    address: address?.address ?? '',
    pincode: address?.pincode ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
  };
}

export default function ShippingAddressForm({ address, error, profile }: Props) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const state = useStore($shippingAddress);
  const defaultValues = useTypedDefaults('shipping-address', valuesOf(address, profile));
  const lookedUp = useRef('');
  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value, formApi }) => {
      const outcome = await saveAddress(browserApi(), shippingAddressSchema.parse(value));
      if (outcome?.ok) formApi.reset(valuesOf($shippingAddress.get().address ?? outcome.value, profile));
    },
  });

  useEffect(() => adoptShippingAddress(address, error), [address, error]);

  /** A known PIN fills city and state; an unknown one leaves them to the shopper. */
  const fillFromPincode = async (pin: string) => {
    if (!PINCODE_PATTERN.test(pin) || lookedUp.current === pin) return;
    lookedUp.current = pin;
    const outcome = await lookUpPincode(browserApi(), pin, { key: 'pincode-lookup' });
    if (!outcome.ok || form.getFieldValue('pincode') !== pin) return;
    form.setFieldValue('city', outcome.value.city);
    form.setFieldValue('state', outcome.value.state);
  };

  const shownError = hydrated ? state.error : error;

  return (
    <form name="shipping-address" ref={formRef} method="post" noValidate aria-labelledby="shipping-address-heading" className="space-y-4" onSubmit={submitWith(form)}>
      <h2 id="shipping-address-heading" className="text-lg font-semibold">
        Shipping address
      </h2>
      {shownError && (
        <p role="alert" className="rounded-md border border-red-700/40 bg-red-50 px-3 py-2 text-sm text-red-800">
          {shownError}
        </p>
      )}
      <form.Subscribe selector={(s) => [s.values.firstname, s.values.lastname, s.submissionAttempts] as const}>
        {([firstname, lastname, attempts]) => {
          const problem = attempts > 0 && (messageFor(shippingAddressSchema, { firstname, lastname }, 'firstname') || messageFor(shippingAddressSchema, { firstname, lastname }, 'lastname'));
          return (
            <p className="text-sm">
              <span className="opacity-75">Deliver to </span>
              <span className="font-medium">{`${firstname} ${lastname}`.trim() || '—'}</span>
              {problem && (
                <span role="alert" className="block text-red-700">
                  Your name under Your profile: {problem}
                </span>
              )}
            </p>
          );
        }}
      </form.Subscribe>
      <form.AppField name="address" validators={{ onChange: rule }}>
        {(field) => <field.TextField label="Address" autoComplete="street-address" required />}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-3">
        <form.AppField name="pincode" validators={{ onChange: rule }} listeners={{ onChange: ({ value }) => void fillFromPincode(value) }}>
          {(field) => <field.TextField label="Pincode" inputMode="numeric" autoComplete="postal-code" maxLength={6} required />}
        </form.AppField>
        <form.AppField name="city" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="City" autoComplete="address-level2" required />}
        </form.AppField>
        <form.AppField name="state" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="State" autoComplete="address-level1" required />}
        </form.AppField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="phone_number" validators={{ onChange: rule }}>
          {(field) => <field.TextField type="tel" label="Phone number" inputMode="numeric" autoComplete="tel-national" required />}
        </form.AppField>
        <form.AppField name="alt_phone_number" validators={{ onChange: rule }}>
          {(field) => <field.TextField type="tel" label="Alternate phone (optional)" inputMode="numeric" autoComplete="off" />}
        </form.AppField>
      </div>
      <form.Subscribe selector={(s) => s.isSubmitting}>
        {(isSubmitting) => <SubmitButton label="Save address" busyLabel="Saving…" busy={isSubmitting} hydrated={hydrated} />}
      </form.Subscribe>
    </form>
  );
}
