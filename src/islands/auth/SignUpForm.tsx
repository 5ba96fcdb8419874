/**
 * Sign up (SPEC §2 /signup, §4 Registration, §5 Registration): names, email,
 * password, mobile and the terms. Success keeps the server's message ("check
 * your email") for /signin; an account signed in at once goes to / instead,
 * since /signin would send it there anyway. The API's field errors (an email
 * already registered) show as toasts and under their fields.
 */
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../lib/constants.ts';
import { ROUTES } from '../../lib/routes.ts';
import { registrationFormSchema, toRegistrationRequest } from '../../lib/schemas/account.ts';
import { PASSWORD_SPECIAL_CHARACTERS } from '../../lib/schemas/fields.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $auth, registerAccount } from '../../stores/auth.ts';
import { goTo } from '../../stores/session.ts';
import { toastOnNextPage, toastOutcome, toastsForOutcome } from '../../stores/toast.ts';
import { fieldError } from '../forms/TextField.tsx';
import { ruleOf, serverErrors } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, typedValues, useTypedDefaults } from '../forms/form-behaviour.ts';
import { useEnhanced } from '../ui/use-enhanced.ts';
import { linkClass } from '../forms/form-styles.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

/** The API's field names (POST /customer/register) and the form's. */
const WIRE_TO_FORM = { firstname: 'firstName', lastname: 'lastName', phone_number: 'mobile' };

const baseRule = ruleOf(registrationFormSchema);

export default function SignUpForm() {
  const formRef = useRef<HTMLFormElement>(null);
  // It loads on the shopper's reach (decision 031): once hydrated, what they did meanwhile is replayed.
  const hydrated = useEnhanced(() => formRef.current);
  const defaultValues = useTypedDefaults('signup', { firstName: '', lastName: '', email: '', password: '', mobile: '', terms: false as boolean });
  const termsId = useId();
  const [leaving, setLeaving] = useState(false);
  // Per form, so one page's refused email never shows on another render.
  const [refused] = useState(() => serverErrors(WIRE_TO_FORM));
  const rule = useMemo(() => refused.wrap(baseRule), [refused]);
  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value, formApi }) => {
      const result = await registerAccount(browserApi(), toRegistrationRequest(registrationFormSchema.parse(value)));
      if (!result.ok) {
        if (result.cancelled) return;
        toastOutcome(result);
        if (refused.show(formApi, result.fieldErrors).length > 0) focusFirstInvalid(formRef.current, formApi);
        return;
      }
      setLeaving(true);
      toastOnNextPage(toastsForOutcome(result, {}));
      // Signed in at once (no email to verify): /signin would bounce to / anyway.
      goTo($auth.get().isAuthenticated ? ROUTES.home : ROUTES.signIn);
    },
  });

  // A tick made while the form hydrated is kept, as typed text is (TextField.tsx).
  useLayoutEffect(() => {
    const { terms } = typedValues('signup', { terms: false as boolean });
    if (terms !== form.state.values.terms) form.setFieldValue('terms', terms);
  }, []); // once, at hydration

  return (
    <form
      name="signup"
      ref={formRef}
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={submitWith(form)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="firstName" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="First name" autoComplete="given-name" required />}
        </form.AppField>
        <form.AppField name="lastName" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="Last name" autoComplete="family-name" required />}
        </form.AppField>
      </div>
      <form.AppField name="email" validators={{ onChange: rule }}>
        {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
      </form.AppField>
      <form.AppField name="password" validators={{ onChange: rule }}>
        {(field) => (
          <field.TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, including one of ${PASSWORD_SPECIAL_CHARACTERS}`}
            required
          />
        )}
      </form.AppField>
      <form.AppField name="mobile" validators={{ onChange: rule }}>
        {(field) => (
          <field.TextField label="Mobile number" type="tel" inputMode="numeric" autoComplete="tel-national" required />
        )}
      </form.AppField>
      <form.AppField name="terms" validators={{ onChange: rule }}>
        {(field) => {
          const error = fieldError(field);
          return (
            <div className="space-y-1">
              <div className="flex items-start gap-2">
                <input
                  id={termsId}
                  name={field.name}
                  type="checkbox"
                  checked={field.state.value}
                  onChange={(event) => field.handleChange(event.target.checked)}
                  onBlur={field.handleBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${termsId}-error` : undefined}
                  className="mt-0.5 size-4 accent-button"
                />
                <label htmlFor={termsId} className="text-sm">
                  I accept the{' '}
                  {/* A new tab, so reading the terms does not lose what was typed. */}
                  <a href={ROUTES.termsUse} target="_blank" rel="noopener" className={linkClass}>
                    terms &amp; conditions
                  </a>
                </label>
              </div>
              {error && (
                <p id={`${termsId}-error`} role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        }}
      </form.AppField>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <SubmitButton label="Create account" busyLabel="Creating account…" busy={isSubmitting || leaving} hydrated={hydrated} reach="signup" />
        )}
      </form.Subscribe>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <a href={ROUTES.signIn} className={linkClass}>
          Sign in
        </a>
      </p>
    </form>
  );
}
