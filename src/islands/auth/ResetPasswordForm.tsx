/**
 * Reset password from the mailed link (SPEC §2 /reset-password, §5, §7
 * token-password): a new password typed twice. The page reads the token on
 * the server; once hydrated the token leaves the address bar, so it does not
 * linger in history. Success goes to /signin with the toast kept for it.
 */
import { useEffect, useRef, useState } from 'react';
import { tokenPassword } from '../../lib/api/account.ts';
import { PASSWORD_MIN_LENGTH } from '../../lib/constants.ts';
import { ROUTES } from '../../lib/routes.ts';
import { resetPasswordFormSchema, toTokenPasswordRequest } from '../../lib/schemas/account.ts';
import { PASSWORD_SPECIAL_CHARACTERS } from '../../lib/schemas/fields.ts';
import { browserApi } from '../../stores/api-client.ts';
import { goTo } from '../../stores/session.ts';
import { toastOnNextPage, toastOutcome, toastsForOutcome } from '../../stores/toast.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useHydrated, useTypedDefaults } from '../forms/form-behaviour.ts';
import { linkClass } from '../forms/form-styles.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

const rule = ruleOf(resetPasswordFormSchema);

interface Props {
  token: string;
}

export default function ResetPasswordForm({ token }: Props) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const defaultValues = useTypedDefaults('reset-password', { password: '', confirm_password: '' });
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('token')) return;
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, []);

  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value }) => {
      const result = await tokenPassword(browserApi(), toTokenPasswordRequest(token, resetPasswordFormSchema.parse(value)));
      if (!result.ok) {
        toastOutcome(result);
        return;
      }
      setLeaving(true);
      toastOnNextPage(toastsForOutcome(result, {}));
      goTo(ROUTES.signIn);
    },
  });

  return (
    <div className="space-y-4">
      <form
        name="reset-password"
        ref={formRef}
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={submitWith(form)}
      >
        <form.AppField name="password" validators={{ onChange: rule }}>
          {(field) => (
            <field.TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters, including one of ${PASSWORD_SPECIAL_CHARACTERS}`}
              required
            />
          )}
        </form.AppField>
        {/* Re-checked when the password changes, so "Passwords must match" follows both boxes. */}
        <form.AppField name="confirm_password" validators={{ onChange: rule, onChangeListenTo: ['password'] }}>
          {(field) => <field.TextField label="Confirm new password" type="password" autoComplete="new-password" required />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <SubmitButton label="Reset password" busyLabel="Resetting password…" busy={isSubmitting || leaving} hydrated={hydrated} />
          )}
        </form.Subscribe>
      </form>
      <p className="text-center text-sm">
        Link expired?{' '}
        <a href={ROUTES.forgotPassword} className={linkClass}>
          Ask for a new one
        </a>
      </p>
    </div>
  );
}
