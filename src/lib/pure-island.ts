/**
 * Islands whose server HTML depends on their props alone (decision 034): no
 * children, no clock, no request, no store written while rendering. The
 * server renders such an island once per props and prefix and keeps the HTML
 * (src/integrations/pure-islands.server.ts); every header island renders the
 * same HTML on every page, so most renders become a lookup.
 */
const PURE_ISLAND = Symbol.for('storefront.pure-island');

type Marked = { [PURE_ISLAND]?: true };

/** Marks an island component as pure; call it once, beside its definition. */
export function markPureIsland<T extends object>(component: T): T {
  (component as T & Marked)[PURE_ISLAND] = true;
  return component;
}

export function isPureIsland(component: unknown): boolean {
  return typeof component === 'function' && (component as Marked)[PURE_ISLAND] === true;
}
