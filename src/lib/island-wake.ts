/**
 * Waking an island that waits for the shopper's reach (`client:reach="name"`,
 * src/directives/reach.ts) because the page's state asks for it: the cart
 * drawer when a store action opens it, the toaster when a toast waits, the
 * account menu when the shopper is signed in (src/scripts/island-wakes.ts).
 *
 * The directive is bundled apart from the page's modules, so the two share
 * this registry through one global (Symbol.for). A wake is kept: an island
 * whose directive starts later (it may wait for its children to parse) still
 * sees it.
 */

interface WakeRegistry {
  woken: Set<string>;
  waiting: Map<string, Array<() => void>>;
}

const REGISTRY = Symbol.for('storefront.island-wakes');

function registry(): WakeRegistry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: WakeRegistry };
  holder[REGISTRY] ??= { woken: new Set(), waiting: new Map() };
  return holder[REGISTRY];
}

/** Wakes the islands named `name` (once; later calls do nothing). */
export function wakeIsland(name: string): void {
  const { woken, waiting } = registry();
  if (woken.has(name)) return;
  woken.add(name);
  const callbacks = waiting.get(name) ?? [];
  waiting.delete(name);
  for (const callback of callbacks) callback();
}

/** Calls `callback` once `name` is woken: at once if it already was. */
export function onIslandWake(name: string, callback: () => void): void {
  const { woken, waiting } = registry();
  if (woken.has(name)) callback();
  else waiting.set(name, [...(waiting.get(name) ?? []), callback]);
}

/** Sent on its <astro-island> by an island once its hydrated render is on screen (src/islands/ui/use-enhanced.ts). */
export const ISLAND_SETTLED_EVENT = 'storefront:island-settled';
