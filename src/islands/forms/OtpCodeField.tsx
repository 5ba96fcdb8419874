/**
 * The one-time code box of both OTP forms (sign-in and checkout), a field
 * component of `useAppForm`: numeric, six digits, and offered the SMS code by
 * phones (`autocomplete="one-time-code"`).
 */
import { OTP_DIGITS } from '../../lib/schemas/fields.ts';
import TextField from './TextField.tsx';

export default function OtpCodeField({ sentTo }: { sentTo: string | null }) {
  return (
    <TextField
      label="OTP"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_DIGITS}
      hint={`Enter the ${OTP_DIGITS}-digit code sent to ${sentTo}`}
      autoFocus
      required
    />
  );
}
