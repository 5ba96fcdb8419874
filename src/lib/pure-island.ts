/**
 * Islands whose server HTML depends on their props alone (decision 034): no
 * children, no clock, no request, no store written while rendering. The
 * server renders such an island once per props and prefix and keeps the HTML
 * (src/integrations/pure-islands.server.ts); every header island renders the
 * same HTML on every page, so most renders become a lookup.
 *
 * Each pure island has a tag of its own, the start of its `useId` prefixes
 * (decision 058): a kept layout part (src/components/KeptPart.astro) replays
 * its islands' HTML on pages that never render them, so their prefixes must
 * not depend on what else a page renders.
 */
const PURE_ISLAND = Symbol.for('storefront.pure-island');

type Marked = { [PURE_ISLAND]?: string };

/** Two or more lowercase letters: never React's own `r0`, `r1`, ... */
const TAG = /^[a-z]{2,}$/;

/**
 * Marks an island component as pure, with its prefix tag; call it once,
 * beside its definition. No two islands share a tag (tests/unit/pure-islands.test.ts
 * reads the source: a module that runs again under hot reload marks anew).
 */
export function markPureIsland<T extends object>(component: T, tag: string): T {
  if (!TAG.test(tag)) throw new Error(`A pure island's tag is two or more lowercase letters, not '${tag}'`);
  (component as T & Marked)[PURE_ISLAND] = tag;
  return component;
}

export function isPureIsland(component: unknown): boolean {
  return pureIslandTag(component) !== undefined;
}

/** The tag a pure island was marked with; undefined for any other component. */
export function pureIslandTag(component: unknown): string | undefined {
  return typeof component === 'function' ? (component as Marked)[PURE_ISLAND] : undefined;
}
