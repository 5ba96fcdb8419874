/**
 * Layout parts rendered once per key and replayed after (decision 058): the
 * header, and the footer with the cart drawer and toaster, show the same
 * HTML to every shopper until the store's settings, its categories, the page
 * the header marks as current or the year change, and each of those is in
 * the key. Rendering them took about 0.4 ms of CPU a page on a 2-core machine.
 *
 * Renders are kept as promises, so pages rendered together share one; a
 * failed render is not kept. Each part keeps at most KEPT_PER_PART keys, the
 * least recently used going first.
 */
export const KEPT_PER_PART = 16;

const parts = new Map<string, Map<string, Promise<unknown>>>();

export function keptPart<T>(part: string, key: string, render: () => Promise<T>): Promise<T> {
  let kept = parts.get(part);
  if (!kept) parts.set(part, (kept = new Map()));
  const hit = kept.get(key) as Promise<T> | undefined;
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const rendering = render();
  kept.set(key, rendering);
  if (kept.size > KEPT_PER_PART) kept.delete(kept.keys().next().value!);
  rendering.catch(() => {
    if (kept.get(key) === rendering) kept.delete(key);
  });
  return rendering;
}
