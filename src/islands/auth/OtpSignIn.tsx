/**
 * The "Mobile OTP" tab of sign in (SPEC §4 OTP, §7 OTP): send a code to the
 * mobile, then verify it. In demo mode (no SMS sender) the API answers the
 * code and the toast shows it. A verified code opens the session (the store
 * does) and loads / in full, so that toast waits for the next page.
 */
import { useSelector } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import { MESSAGES } from '../../lib/messages.ts';
import { ROUTES } from '../../lib/routes.ts';
import { otpSendSchema, otpVerifySchema } from '../../lib/schemas/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { sendLoginOtp, verifyLoginOtp } from '../../stores/auth.ts';
import { goTo } from '../../stores/session.ts';
import { toastCodeSent, toastOnNextPage, toastOutcome, toastsForOutcome } from '../../stores/toast.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useTypedDefaults } from '../forms/form-behaviour.ts';
import { secondaryButtonClass } from '../forms/form-styles.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

const sendRule = ruleOf(otpSendSchema);
/** The code box alone; the mobile it went to is kept beside the form. */
const codeSchema = otpVerifySchema.pick({ otp: true });
const codeRule = ruleOf(codeSchema);

/** Sends the sign-in code and toasts the answer; true when it went out. */
async function sendCode(mobile: string): Promise<boolean> {
  return toastCodeSent(await sendLoginOtp(browserApi(), { mobile }));
}

export default function OtpSignIn({ hydrated }: { hydrated: boolean }) {
  const mobileRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changingNumber, setChangingNumber] = useState(false);
  const [resending, setResending] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // A ref too, so a submit never reads a stale number from an older render.
  const sentToRef = useRef<string | null>(null);
  const showCodeStep = (mobile: string | null) => {
    sentToRef.current = mobile;
    setSentTo(mobile);
  };

  const codeDefaults = useTypedDefaults('otp-code', { otp: '' });
  const mobileDefaults = useTypedDefaults('otp-mobile', { mobile: '' });
  const codeForm = useAppForm({
    ...formBehaviour,
    defaultValues: codeDefaults,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(codeRef.current, formApi),
    onSubmit: async ({ value }) => {
      const mobile = sentToRef.current;
      if (!mobile) return;
      const result = await verifyLoginOtp(browserApi(), { mobile, otp: codeSchema.parse(value).otp });
      if (!result.ok) {
        toastOutcome(result);
        return;
      }
      setLeaving(true);
      toastOnNextPage(toastsForOutcome(result, { success: MESSAGES.otp.verified }));
      // Replace: going back must not land on a sign-in page that only bounces to /.
      goTo(ROUTES.home, { replace: true });
    },
  });

  const mobileForm = useAppForm({
    ...formBehaviour,
    defaultValues: mobileDefaults,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(mobileRef.current, formApi),
    onSubmit: async ({ value }) => {
      const { mobile } = otpSendSchema.parse(value);
      if (!(await sendCode(mobile))) return;
      codeForm.reset();
      showCodeStep(mobile);
    },
  });

  const verifying = useSelector(codeForm.store, (state) => state.isSubmitting);
  const busy = verifying || resending || leaving;

  const resend = async () => {
    if (!sentTo) return;
    setResending(true);
    if (await sendCode(sentTo)) codeForm.reset();
    setResending(false);
  };

  if (sentTo === null) {
    return (
      <form name="otp-mobile" ref={mobileRef} method="post" noValidate className="space-y-4" onSubmit={submitWith(mobileForm)}>
        <mobileForm.AppField name="mobile" validators={{ onChange: sendRule }}>
          {(field) => (
            <field.TextField
              label="Mobile number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              hint="The 10-digit number on your account"
              autoFocus={changingNumber}
              required
            />
          )}
        </mobileForm.AppField>
        <mobileForm.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => <SubmitButton label="Send OTP" busyLabel="Sending OTP…" busy={isSubmitting} hydrated={hydrated} reach="otp-mobile" />}
        </mobileForm.Subscribe>
      </form>
    );
  }

  return (
    <div className="space-y-4">
      <form name="otp-code" ref={codeRef} method="post" noValidate className="space-y-4" onSubmit={submitWith(codeForm)}>
        <codeForm.AppField name="otp" validators={{ onChange: codeRule }}>
          {(field) => <field.OtpCodeField sentTo={sentTo} />}
        </codeForm.AppField>
        <SubmitButton label="Verify OTP" busyLabel="Verifying OTP…" busy={verifying || leaving} blocked={resending} hydrated={hydrated} reach="otp-code" />
      </form>
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={secondaryButtonClass} disabled={busy} aria-busy={resending || undefined} onClick={() => void resend()}>
          {resending ? 'Resending OTP…' : 'Resend OTP'}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy}
          onClick={() => {
            setChangingNumber(true);
            showCodeStep(null);
          }}
        >
          Change number
        </button>
      </div>
    </div>
  );
}
