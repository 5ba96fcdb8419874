/**
 * Sign in (SPEC §2 /signin, §4 Login and OTP): two tabs, email and password or
 * a one-time code sent to the mobile. A sign-in opens the session (the store
 * does) and loads / in full, so the toast waits for that page.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGES } from '../../lib/messages.ts';
import { ROUTES } from '../../lib/routes.ts';
import { loginSchema } from '../../lib/schemas/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { signIn } from '../../stores/auth.ts';
import { goTo } from '../../stores/session.ts';
import { toastOnNextPage, toastOutcome, toastsForOutcome } from '../../stores/toast.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useTypedDefaults } from '../forms/form-behaviour.ts';
import { linkClass } from '../forms/form-styles.ts';
import OtpSignIn from './OtpSignIn.tsx';
import ResendVerification from './ResendVerification.tsx';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';
import { useEnhanced } from '../ui/use-enhanced.ts';

const TABS = [
  { key: 'password', label: 'Password' },
  { key: 'otp', label: 'Mobile OTP' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const loginRule = ruleOf(loginSchema);

function PasswordSignIn({ hydrated }: { hydrated: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const defaultValues = useTypedDefaults('signin', { email: '', password: '' });
  const [leaving, setLeaving] = useState(false);
  // The address the server asked to confirm first; the form then offers a new link.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value }) => {
      const credentials = loginSchema.parse(value);
      const result = await signIn(browserApi(), credentials);
      if (!result.ok) {
        if (result.cancelled) return;
        // A failed login with no message reads as an unverified email (SPEC §4 Login; src/lib/api/account.ts).
        toastOutcome(result);
        setUnconfirmed(result.messages.includes(MESSAGES.auth.verifyEmailFirst) ? credentials.email : null);
        return;
      }
      setLeaving(true);
      toastOnNextPage(toastsForOutcome(result, { success: MESSAGES.auth.loginSuccessful }));
      // Replace: going back must not land on a sign-in page that only bounces to /.
      goTo(ROUTES.home, { replace: true });
    },
  });

  return (
    <form
      name="signin"
      ref={formRef}
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={submitWith(form)}
    >
      <form.AppField name="email" validators={{ onChange: loginRule }}>
        {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
      </form.AppField>
      <form.AppField name="password" validators={{ onChange: loginRule }}>
        {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" required />}
      </form.AppField>
      <p className="text-right text-sm">
        <a href={ROUTES.forgotPassword} className={linkClass}>
          Forgot password?
        </a>
      </p>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <SubmitButton label="Sign in" busyLabel="Signing in…" busy={isSubmitting || leaving} hydrated={hydrated} reach="signin" />
        )}
      </form.Subscribe>
      {unconfirmed && <ResendVerification email={unconfirmed} />}
    </form>
  );
}

export default function SignInForm() {
  // It loads on the shopper's reach (decision 031): once hydrated, what they did meanwhile is replayed.
  const rootRef = useRef<HTMLDivElement>(null);
  const hydrated = useEnhanced(() => rootRef.current);
  const [tab, setTab] = useState<TabKey>('password');
  const id = useId();
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({ password: null, otp: null });

  // Arrow keys, Home and End move between tabs and select them (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.key === tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length]!.key;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div ref={rootRef}>
      <div role="tablist" aria-label="Sign-in method" className="mb-6 grid grid-cols-2 rounded-md border border-current/20 p-1">
        {TABS.map(({ key, label }) => {
          const selected = tab === key;
          return (
            <button
              key={key}
              ref={(element) => {
                tabRefs.current[key] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${key}`}
              tabIndex={selected ? 0 : -1}
              // A click before the island has loaded is held and replayed on the hydrated tab.
              data-reach={`tab-${key}`}
              onClick={() => setTab(key)}
              onKeyDown={onKeyDown}
              className={`rounded px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-button ${
                selected ? 'bg-button text-on-button' : 'hover:bg-current/10'
              }`}
            >
              {label}
            </button>
          );
        })}
      </div>
      {TABS.map(({ key }) => (
        <div key={key} role="tabpanel" id={`${id}-panel-${key}`} aria-labelledby={`${id}-tab-${key}`} hidden={tab !== key}>
          {key === 'password' ? <PasswordSignIn hydrated={hydrated} /> : <OtpSignIn hydrated={hydrated} />}
        </div>
      ))}
      <p className="mt-6 text-center text-sm">
        New here?{' '}
        <a href={ROUTES.signUp} className={linkClass}>
          Create an account
        </a>
      </p>
    </div>
  );
}
