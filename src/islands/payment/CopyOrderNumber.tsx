/**
 * Copies the order number (order-success page); says 'Copied' for SPEC §9's
 * two seconds. The number itself is server-rendered beside it, so it is
 * readable and selectable before (or without) this button.
 */
import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../../lib/constants.ts';
import { showToast } from '../../stores/toast.ts';
import { useHydrated } from '../forms/form-behaviour.ts';

export const COPY_FAILED = 'Could not copy the order number';

export default function CopyOrderNumber({ orderNumber }: { orderNumber: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(orderNumber);
      setCopied(true);
    } catch {
      showToast('error', COPY_FAILED);
    }
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
