/**
 * Forgot password (SPEC §2 /forgot-password, §7): the email gets a reset link.
 * The API answers the same for known and unknown emails; its message shows as
 * a toast and stays on the page as a status text.
 */
import { useRef, useState } from 'react';
import { forgotPassword } from '../../lib/api/account.ts';
import { ROUTES } from '../../lib/routes.ts';
import { forgotPasswordSchema } from '../../lib/schemas/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { showToasts, toastOutcome, toastsForOutcome } from '../../stores/toast.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useTypedDefaults } from '../forms/form-behaviour.ts';
import { useEnhanced } from '../ui/use-enhanced.ts';
import { linkClass } from '../forms/form-styles.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

const rule = ruleOf(forgotPasswordSchema);

/** Our status text when the API's answer carries no message. */
const LINK_SENT = 'If an account exists for this email, a reset link has been sent.';

export default function ForgotPasswordForm() {
  const formRef = useRef<HTMLFormElement>(null);
  // It loads on the shopper's reach (decision 031): once hydrated, what they did meanwhile is replayed.
  const hydrated = useEnhanced(() => formRef.current);
  const [sent, setSent] = useState<string | null>(null);
  const defaultValues = useTypedDefaults('forgot-password', { email: '' });
  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value }) => {
      setSent(null);
      const result = await forgotPassword(browserApi(), forgotPasswordSchema.parse(value));
      if (!result.ok) {
        toastOutcome(result);
        return;
      }
      const toasts = toastsForOutcome(result, { success: LINK_SENT });
      showToasts(toasts);
      setSent(toasts.map((toast) => toast.message).join(' '));
    },
  });

  return (
    <div className="space-y-4">
      {/* Always present, so the text is announced when it arrives. */}
      <div role="status" className={sent ? 'rounded-md border border-current/20 bg-current/5 p-4 text-sm' : undefined}>
        {sent && (
          <>
            <p className="font-semibold">Check your email</p>
            <p className="mt-1">{sent}</p>
          </>
        )}
      </div>
      <form
        name="forgot-password"
        ref={formRef}
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={submitWith(form)}
      >
        <form.AppField name="email" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <SubmitButton label="Send reset link" busyLabel="Sending reset link…" busy={isSubmitting} hydrated={hydrated} reach="forgot-password" />
          )}
        </form.Subscribe>
      </form>
      <p className="text-center text-sm">
        Remembered it?{' '}
        <a href={ROUTES.signIn} className={linkClass}>
          Back to sign in
        </a>
      </p>
    </div>
  );
}
