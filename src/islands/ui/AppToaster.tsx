/** The one toaster of every page (SPEC §9: top-right, light); shows toasts an earlier page kept. */
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_POSITION, TOAST_THEME } from '../../lib/constants.ts';
import { showQueuedToasts } from '../../stores/toast.ts';

export default function AppToaster() {
  useEffect(() => {
    // After sonner's own subscription effect, so the kept toasts are not missed.
    const timer = setTimeout(showQueuedToasts, 0);
    return () => clearTimeout(timer);
  }, []);
  return <Toaster position={TOAST_POSITION} theme={TOAST_THEME} closeButton />;
}
