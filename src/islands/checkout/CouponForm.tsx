/**
 * The coupon box (SPEC §3 Coupon, §4 Coupon, §8): a code goes to
 * `/apply-coupon` for the order's lines; the discount then shows in the
 * summary. A code that does not apply reads 'Invalid Code' under the field;
 * any other failure 'Failed to apply discount' (or the server's text). An
 * applied coupon can be removed.
 */
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import type { CartLine } from '../../lib/cart.ts';
import { couponFormSchema } from '../../lib/schemas/checkout.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $checkout, applyCoupon, removeCoupon } from '../../stores/checkout.ts';
import { ruleOf, serverErrors } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith } from '../forms/form-behaviour.ts';
import { secondaryButtonClass } from '../forms/form-styles.ts';
import { useAppForm } from '../forms/app-form.ts';

const rule = ruleOf(couponFormSchema);

interface Props {
  lines: readonly CartLine[];
  hydrated: boolean;
  disabled?: boolean;
}

export default function CouponForm({ lines, hydrated, disabled = false }: Props) {
  const { discount, discountLoading } = useStore($checkout);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useRef(serverErrors()).current;
  const form = useAppForm({
    ...formBehaviour,
    defaultValues: { coupon_code: '' },
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value, formApi }) => {
      const outcome = await applyCoupon(browserApi(), couponFormSchema.parse(value).coupon_code, lines);
      if (outcome.ok) formApi.reset();
      else if (!outcome.cancelled && refused.show(formApi, outcome.fieldErrors).length > 0) focusFirstInvalid(formRef.current, formApi);
    },
  });

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
    <form name="checkout-coupon" ref={formRef} method="post" noValidate onSubmit={submitWith(form)} className="flex items-start gap-2">
      <div className="flex-1">
        <form.AppField name="coupon_code" validators={{ onChange: refused.wrap(rule) }}>
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
