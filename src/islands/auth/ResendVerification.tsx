/**
 * Shown on the sign-in form once the server has answered 'Please verify your
 * email before logging in.': asks for a new confirmation link for the address
 * typed, so an account whose link expired (or was lost) is never locked out.
 * The API answers alike for every address and limits how often it is asked.
 */
import { useState } from 'react';
import { resendVerification } from '../../lib/api/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { toastOutcome } from '../../stores/toast.ts';
import { secondaryButtonClass } from '../forms/form-styles.ts';

export default function ResendVerification({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await resendVerification(browserApi(), { email });
    setSending(false);
    toastOutcome(result);
  };
  return (
    <div role="status" className="mt-4 space-y-3 rounded-md border border-current/20 p-4 text-sm">
      <p>
        <strong className="break-all">{email}</strong> is not confirmed yet. Open the link we mailed to it, or ask for a
        new one.
      </p>
      <button type="button" className={secondaryButtonClass} disabled={sending} onClick={() => void resend()}>
        {sending ? 'Sending…' : 'Resend confirmation email'}
      </button>
    </div>
  );
}
