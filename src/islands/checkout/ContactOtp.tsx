/**
 * A guest's mobile check at checkout (SPEC §4 OTP, §7 OTP): the mobile gets
 * a code (`/otp/send`; in demo mode the toast shows it), the code goes to
 * `/otp/verify/checkout`. The code field is `one-time-code` and numeric, so
 * phones offer the SMS code. Resend waits for a countdown, counted to a
 * deadline so a throttled background tab still opens it on time. The code
 * itself is never kept: a reload asks for a fresh one.
 */
import { useSelector } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import type { Customer } from '../../lib/api/account.ts';
import { OTP_RESEND_SECONDS } from '../../lib/checkout.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { otpSendSchema, otpVerifySchema } from '../../lib/schemas/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { sendRegistrationOtp, verifyCheckoutOtp } from '../../stores/auth.ts';
import { openSession } from '../../stores/session.ts';
import { toastCodeSent, toastOutcome } from '../../stores/toast.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith } from '../forms/form-behaviour.ts';
import { secondaryButtonClass } from '../forms/form-styles.ts';
import { useAppForm } from '../forms/app-form.ts';

const sendRule = ruleOf(otpSendSchema);
/** How often the countdown reads the clock: under a second, so no second is shown twice as long. */
const COUNTDOWN_TICK_MS = 250;
const codeSchema = otpVerifySchema.pick({ otp: true });
const codeRule = ruleOf(codeSchema);

async function sendCode(mobile: string): Promise<boolean> {
  return toastCodeSent(await sendRegistrationOtp(browserApi(), { mobile }));
}

interface Props {
  hydrated: boolean;
  /** The number from the draft, so a reload keeps it. */
  initialMobile: string;
  onMobileChange: (mobile: string) => void;
  onVerified: (mobile: string, customer: Customer | undefined) => void;
}

export default function ContactOtp({ hydrated, initialMobile, onMobileChange, onVerified }: Props) {
  const mobileRef = useRef<HTMLFormElement>(null);
  const codeRef = useRef<HTMLFormElement>(null);
  const sentToRef = useRef<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(0);
  const [resending, setResending] = useState(false);
  const wait = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const counting = wait > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [counting]);

  const startCountdown = () => {
    const start = Date.now();
    setNow(start);
    setResendAt(start + OTP_RESEND_SECONDS * 1000);
  };

  const showCodeStep = (mobile: string | null) => {
    sentToRef.current = mobile;
    setSentTo(mobile);
    if (mobile) startCountdown();
  };

  const codeForm = useAppForm({
    ...formBehaviour,
    defaultValues: { otp: '' },
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(codeRef.current, formApi),
    onSubmit: async ({ value }) => {
      const mobile = sentToRef.current;
      if (!mobile) return;
      const result = await verifyCheckoutOtp(browserApi(), { mobile, otp: codeSchema.parse(value).otp });
      if (!result.ok) {
        toastOutcome(result);
        return;
      }
      toastOutcome(result, { success: MESSAGES.otp.verified });
      // The contract of the order pages: a guest's token is in the session cookie too (an existing customer's already is).
      if (!result.value.is_existing_customer) await openSession(result.value.token);
      onVerified(mobile, result.value.customer);
    },
  });

  const mobileForm = useAppForm({
    ...formBehaviour,
    defaultValues: { mobile: initialMobile },
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(mobileRef.current, formApi),
    onSubmit: async ({ value }) => {
      const { mobile } = otpSendSchema.parse(value);
      if (!(await sendCode(mobile))) return;
      codeForm.reset();
      showCodeStep(mobile);
    },
  });

  const verifying = useSelector(codeForm.store, (state) => state.isSubmitting);

  const resend = async () => {
    if (!sentTo) return;
    setResending(true);
    if (await sendCode(sentTo)) {
      codeForm.reset();
      startCountdown();
    }
    setResending(false);
  };

  if (sentTo === null) {
    return (
      <form name="checkout-mobile" ref={mobileRef} method="post" noValidate className="space-y-4" onSubmit={submitWith(mobileForm)}>
        <p className="text-sm opacity-80">We send a one-time code to your mobile to confirm it is yours.</p>
        <mobileForm.AppField name="mobile" validators={{ onChange: sendRule }} listeners={{ onChange: ({ value }) => onMobileChange(value) }}>
          {(field) => (
            <field.TextField label="Mobile number" type="tel" inputMode="numeric" autoComplete="tel-national" required />
          )}
        </mobileForm.AppField>
        <mobileForm.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => <SubmitButton label="Send OTP" busyLabel="Sending OTP…" busy={isSubmitting} hydrated={hydrated} />}
        </mobileForm.Subscribe>
      </form>
    );
  }

  return (
    <div className="space-y-4">
      <form name="checkout-otp" ref={codeRef} method="post" noValidate className="space-y-4" onSubmit={submitWith(codeForm)}>
        <codeForm.AppField name="otp" validators={{ onChange: codeRule }}>
          {(field) => <field.OtpCodeField sentTo={sentTo} />}
        </codeForm.AppField>
        <SubmitButton label="Verify OTP" busyLabel="Verifying OTP…" busy={verifying} blocked={resending} hydrated={hydrated} />
      </form>
      <div className="flex flex-wrap justify-between gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={verifying || resending || wait > 0}
          aria-busy={resending || undefined}
          onClick={() => void resend()}
        >
          {resending ? 'Resending OTP…' : wait > 0 ? `Resend OTP in ${wait}s` : 'Resend OTP'}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={verifying} onClick={() => showCodeStep(null)}>
          Change number
        </button>
      </div>
    </div>
  );
}
