/**
 * The coupon box (SPEC §3 Coupon, §4 Coupon, §8): a code goes to
 * `/apply-coupon` for the order's lines; the discount then shows in the
 * summary. A code that does not apply reads 'Invalid Code' under the field;
 * any other failure 'Failed to apply discount' (or the server's text). An
 * applied coupon can be removed. One the order refused (it expired or was used
 * up since it was applied) comes back in the field with the store's
 * discountError under it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { CartLine } from '../../lib/cart.ts';
import { couponFormSchema } from '../../lib/schemas/checkout.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $checkout, applyCoupon, removeCoupon } from '../../stores/checkout.ts';
import { ruleOf, serverErrors } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useTypedDefaults } from '../forms/form-behaviour.ts';
import { secondaryButtonClass } from '../forms/form-styles.ts';
import { useAppForm } from '../forms/app-form.ts';

const rule = ruleOf(couponFormSchema);

/** The form's name and its field's, by which the checkout moves focus to it. */
export const COUPON_FORM = 'checkout-coupon';
export const COUPON_FIELD = 'coupon_code';

interface Props {
  lines: readonly CartLine[];
  hydrated: boolean;
  disabled?: boolean;
}

export default function CouponForm({ lines, hydrated, disabled = false }: Props) {
  const { discount, discountLoading, discountError } = useStore($checkout);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useRef(serverErrors()).current;
  const form = useAppForm({
    ...formBehaviour,
    // A code typed into the server's form before the island woke is kept.
    defaultValues: useTypedDefaults(COUPON_FORM, { [COUPON_FIELD]: '' }),
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value, formApi }) => {
      const outcome = await applyCoupon(browserApi(), couponFormSchema.parse(value).coupon_code, lines);
      // Emptied, not reset: the defaults hold a code typed before hydration, and
      // they stay (each render passes them again, and new ones would be put back).
      if (outcome.ok) formApi.reset({ [COUPON_FIELD]: '' }, { keepDefaultValues: true });
      else if (!outcome.cancelled && refused.show(formApi, outcome.fieldErrors).length > 0) focusFirstInvalid(formRef.current, formApi);
    },
  });

  // The coupon on show, so a refusal at placement can put its code back in the field.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const lapsed = shown.current;
    shown.current = discount?.code ?? null;
    if (!lapsed || discount || !discountError) return;
    form.setFieldValue(COUPON_FIELD, lapsed);
    form.setFieldMeta(COUPON_FIELD, (meta) => ({ ...meta, isTouched: true }));
    refused.show(form, { [COUPON_FIELD]: [discountError] });
  }, [discount, discountError]);

  if (discount) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-green-800/30 bg-green-50 px-3 py-2 text-sm text-green-900">
        <p>
          Coupon <strong>{discount.code}</strong> applied
        </p>
        <button type="button" className="font-semibold underline underline-offset-2" disabled={disabled} onClick={removeCoupon}>
          Remove coupon
        </button>
      </div>
    );
  }

  return (
    <form name={COUPON_FORM} ref={formRef} method="post" noValidate onSubmit={submitWith(form)} className="flex items-start gap-2">
      <div className="flex-1">
        <form.AppField name={COUPON_FIELD} validators={{ onChange: refused.wrap(rule) }}>
          {(field) => <field.TextField label="Coupon code" autoComplete="off" autoCapitalize="characters" />}
        </form.AppField>
      </div>
      <button
        type="submit"
        className={`${secondaryButtonClass} mt-6`}
        disabled={!hydrated || discountLoading || disabled || lines.length === 0}
        aria-busy={discountLoading || undefined}
      >
        {discountLoading ? 'Applying…' : 'Apply'}
      </button>
    </form>
  );
}
