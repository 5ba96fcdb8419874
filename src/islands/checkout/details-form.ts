/**
 * The checkout's details form (contact and address): one TanStack form over
 * SPEC §5's rules (src/lib/schemas/checkout.ts), quiet until a field is left
 * or the order is placed, like every form of the store.
 */
import type { RefObject } from 'react';
import type { CheckoutDetails } from '../../lib/checkout.ts';
import { checkoutDetailsSchema } from '../../lib/schemas/checkout.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour } from '../forms/form-behaviour.ts';
import { useAppForm } from '../forms/app-form.ts';

export const detailsRule = ruleOf(checkoutDetailsSchema);

export function useDetailsForm(defaults: CheckoutDetails, formRef: RefObject<HTMLFormElement | null>, onValid: () => void) {
  return useAppForm({
    ...formBehaviour,
    defaultValues: defaults,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: () => onValid(),
  });
}

export type DetailsForm = ReturnType<typeof useDetailsForm>;
