/** A form's submit button: disabled until hydrated and while its call is in flight, then labelled busy. */
import { submitButtonClass } from './form-styles.ts';

interface Props {
  label: string;
  busyLabel: string;
  busy: boolean;
  hydrated: boolean;
  /** Another call of the same form is in flight. */
  blocked?: boolean;
}

export default function SubmitButton({ label, busyLabel, busy, hydrated, blocked = false }: Props) {
  return (
    <button
      type="submit"
      className={submitButtonClass}
      disabled={!hydrated || busy || blocked}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
