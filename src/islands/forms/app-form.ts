/**
 * The one form hook every form island uses (TanStack Form's createFormHook):
 * `useAppForm` makes a form whose `AppField`s render the shared field
 * components (`field.TextField`), so each form names its fields and rules and
 * nothing else.
 */
import { createFormHook } from '@tanstack/react-form';
import { fieldContext, formContext } from './form-context.ts';
import OtpCodeField from './OtpCodeField.tsx';
import TextField from './TextField.tsx';

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, OtpCodeField },
  formComponents: {},
});
