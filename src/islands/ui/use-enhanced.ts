/**
 * False for the first render (which matches the server's HTML), true once the
 * island has hydrated and shows its enhanced controls. The enhanced render,
 * once on screen, is announced on the island's own <astro-island> element
 * (found from `root`, any element the island renders), so a `client:reach`
 * island replays what the shopper did while it loaded (src/directives/reach.ts)
 * on the controls the shopper now sees, and not when another island settles.
 */
import { useEffect, useState } from 'react';
import { ISLAND_SETTLED_EVENT } from '../../lib/island-wake.ts';

export function useEnhanced(root: () => Element | null | undefined): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  // Once, when the enhanced render has committed (`root` is read then, so it need not be stable).
  useEffect(() => {
    if (enhanced) root()?.closest('astro-island')?.dispatchEvent(new Event(ISLAND_SETTLED_EVENT));
  }, [enhanced]);
  return enhanced;
}
