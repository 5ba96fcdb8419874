/**
 * False for the first render (which matches the server's HTML), true once the
 * island has hydrated and shows its enhanced controls. The enhanced render,
 * once on screen, is announced on window, so a `client:reach` island replays
 * what the shopper did while it loaded (src/directives/reach.ts) on the
 * controls the shopper now sees.
 */
import { useEffect, useState } from 'react';
import { ISLAND_SETTLED_EVENT } from '../../lib/island-wake.ts';

export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (enhanced) window.dispatchEvent(new Event(ISLAND_SETTLED_EVENT));
  }, [enhanced]);
  return enhanced;
}
