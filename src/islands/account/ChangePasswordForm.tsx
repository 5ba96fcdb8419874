/**
 * Change password (SPEC §3 Password change, §5 Change password rules). The
 * server's message is toasted either way; on success the form is cleared.
 * The API keeps this device's session (only other sessions end), so the
 * shopper stays signed in here.
 */
import { useRef } from 'react';
import { changePasswordSchema, type ChangePasswordRequest } from '../../lib/schemas/account.ts';
import { changeAccountPassword } from '../../stores/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { toastOutcome } from '../../stores/toast.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useHydrated, useTypedDefaults } from '../forms/form-behaviour.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

const rule = ruleOf(changePasswordSchema);

const EMPTY: ChangePasswordRequest = { old_password: '', new_password: '', confirm_password: '' };

export default function ChangePasswordForm() {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const defaultValues = useTypedDefaults('change-password', EMPTY);
  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value, formApi }) => {
      const result = await changeAccountPassword(browserApi(), value);
      toastOutcome(result);
      if (result.ok) formApi.reset(EMPTY);
    },
  });

  return (
    <form
      name="change-password"
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby="change-password-heading"
      className="space-y-4"
      onSubmit={submitWith(form)}
    >
      <h2 id="change-password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <form.AppField name="old_password" validators={{ onChange: rule }}>
        {(field) => <field.TextField type="password" label="Old password" autoComplete="current-password" required />}
      </form.AppField>
      <form.AppField name="new_password" validators={{ onChange: rule }}>
        {(field) => (
          <field.TextField
            type="password"
            label="New password"
            autoComplete="new-password"
            hint="At least 6 characters, with one special character such as ! @ # $ %"
            required
          />
        )}
      </form.AppField>
      {/* Re-checked when the new password changes, so 'Passwords must match' follows either field. */}
      <form.AppField name="confirm_password" validators={{ onChange: rule, onChangeListenTo: ['new_password'] }}>
        {(field) => (
          <field.TextField type="password" label="Confirm password" autoComplete="new-password" required />
        )}
      </form.AppField>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <SubmitButton label="Change password" busyLabel="Changing…" busy={isSubmitting} hydrated={hydrated} />
        )}
      </form.Subscribe>
    </form>
  );
}
