/**
 * A form's submit button: labelled busy while its call is in flight. Before
 * hydration it is disabled, so a form that loads at once (`client:load`) is
 * never sent natively; in a form that loads on the shopper's reach
 * (`client:reach`, decision 031) it takes `reach`, its form's name, and stays
 * enabled: the directive holds its click (or the Enter that clicks it) and
 * replays it once the island has hydrated.
 */
import { submitButtonClass } from './form-styles.ts';

interface Props {
  label: string;
  busyLabel: string;
  busy: boolean;
  hydrated: boolean;
  /** Another call of the same form is in flight. */
  blocked?: boolean;
  /** The island loads on reach: the reach key (the form's name) that carries a click made before it loaded. */
  reach?: string;
}

export default function SubmitButton({ label, busyLabel, busy, hydrated, blocked = false, reach }: Props) {
  return (
    <button
      type="submit"
      className={submitButtonClass}
      disabled={(!hydrated && !reach) || busy || blocked}
      aria-busy={busy || undefined}
      data-reach={reach ? `submit-${reach}` : undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
