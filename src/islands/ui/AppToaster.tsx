/**
 * The one toaster of every page (SPEC §9: top-right, light). The toast
 * library loads only once a toast is waiting (one asked for on this page, or
 * kept by the previous page, src/scripts/island-wakes.ts), so pages without
 * toasts never fetch it; the island itself loads then too (`client:reach`).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { TOAST_POSITION, TOAST_THEME } from '../../lib/constants.ts';
import { $toastQueue, takeToasts, toastDuration } from '../../stores/toast.ts';
import { markPureIsland } from '../../lib/pure-island.ts';

type Sonner = typeof import('sonner');

export default function AppToaster() {
  const waiting = useStore($toastQueue).length;
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (waiting === 0 || sonner) return;
    let live = true;
    import('sonner')
      .then((module) => live && setSonner(module))
      .catch((error: unknown) => console.warn('Could not load the toasts', error));
    return () => {
      live = false;
    };
  }, [waiting, sonner]);

  // After the Toaster's own subscription effect has run, so no toast is missed.
  useEffect(() => {
    if (!sonner) return;
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, [sonner]);

  useEffect(() => {
    if (!sonner || !ready || waiting === 0) return;
    for (const { kind, message, flow } of takeToasts()) sonner.toast[kind](message, { duration: toastDuration(flow) });
  }, [sonner, ready, waiting]);

  // Below the fixed header: a toast over the cart or account button would block it,
  // and pointing at a toast pauses its timer, so it would stay there.
  const belowHeader = { top: 'calc(var(--header-h) + 0.5rem)' };
  return sonner ? (
    <sonner.Toaster position={TOAST_POSITION} theme={TOAST_THEME} offset={belowHeader} mobileOffset={belowHeader} closeButton />
  ) : null;
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(AppToaster, 'at');
