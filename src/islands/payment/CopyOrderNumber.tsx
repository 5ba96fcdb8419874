/**
 * Copies the order number (order-success page); says 'Copied' for SPEC §9's
 * two seconds. The number itself is server-rendered beside it, so it is
 * readable and selectable before (or without) this button.
 */
import { showToast } from '../../stores/toast.ts';
import { useHydrated } from '../forms/form-behaviour.ts';
import { useCopied } from '../ui/use-copied.ts';

export const COPY_FAILED = 'Could not copy the order number';

export default function CopyOrderNumber({ orderNumber }: { orderNumber: string }) {
  const hydrated = useHydrated();
  const { copied, copy: copyText } = useCopied();

  const copy = async () => {
    if (!(await copyText(orderNumber))) showToast('error', COPY_FAILED);
  };

  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={() => void copy()}
      className="inline-flex items-center rounded-full border border-current/30 px-3 py-1 text-xs font-semibold hover:bg-current/10 disabled:opacity-60"
    >
      <span aria-live="polite">{copied ? 'Copied' : 'Copy order number'}</span>
    </button>
  );
}
