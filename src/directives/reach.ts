/**
 * `client:reach`: the island's code (and React) load when the shopper first
 * reaches for it (pointer over, pointer down, touch, focus), not on every
 * page load; `client:reach="name"` also loads it when the page wakes `name`
 * (src/lib/island-wake.ts). What the shopper did meanwhile is replayed on the
 * hydrated island (the rules: src/lib/reach.ts). Registered by
 * src/integrations/reach-directive.ts; Astro inlines this file, bundled, in
 * each page that uses it, and hashes it into the page's CSP.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_SETTLED_EVENT, onIslandWake } from '../lib/island-wake.ts';
import { REACH_EVENTS, holdsKey, isTextField, isTypedCharacter, reachKey, replayTarget, twinOfPress, typeInto } from '../lib/reach.ts';

type Held =
  | { kind: 'focus'; target: Element; key: string | undefined }
  | { kind: 'click'; target: Element; key: string | undefined }
  | { kind: 'key'; target: Element; key: string | undefined; init: KeyboardEventInit & { key: string } };

/**
 * Longest wait for the hydrated island to show before replaying anyway. Long
 * enough for a slow phone: replayed before the enhanced render, a click lands
 * on the server's control (the search link) and follows it.
 */
const SETTLE_LIMIT_MS = 5000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the island says its hydrated render is on screen (or after the limit). */
function settled(island: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      island.removeEventListener(ISLAND_SETTLED_EVENT, done);
      resolve();
    };
    const timer = setTimeout(done, SETTLE_LIMIT_MS);
    island.addEventListener(ISLAND_SETTLED_EVENT, done);
  });
}

/** Waits (briefly) for a keyed control of the hydrated island to appear. */
async function keyed(island: Element, held: Held): Promise<Element | null> {
  for (let waited = 0; waited < SETTLE_LIMIT_MS; waited += 16) {
    const target = replayTarget(island, held.target, held.key);
    if (target) return target;
    await pause(16);
  }
  return null;
}

async function replay(island: HTMLElement, held: Held[], hovered: boolean): Promise<void> {
  if (hovered) {
    // The pointer came in before the island listened: tell it again where the pointer is.
    const under = [...island.querySelectorAll(':hover')].at(-1);
    under?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    under?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }
  for (const event of held) {
    const target = await keyed(island, event);
    const active = document.activeElement;
    if (event.kind === 'focus') {
      // Focus was on a control hydration replaced: it lands on its hydrated twin.
      if (target && (!active || active === document.body)) (target as HTMLElement).focus();
    } else if (event.kind === 'click') {
      (target as HTMLElement | null)?.click();
    } else if (isTypedCharacter(event.init) && isTextField(active) && island.contains(active)) {
      typeInto(active, event.init.key);
    } else {
      const to = active && active !== document.body && island.contains(active) ? active : target;
      to?.dispatchEvent(new KeyboardEvent('keydown', { ...event.init, bubbles: true, cancelable: true }));
    }
    // The island answers in its own time (a menu opening moves focus in an effect).
    await pause(16);
  }
}

const reach: ClientDirective = (load, options, el) => {
  const held: Held[] = [];
  let hovered = false;
  let started = false;
  let replaying = false;

  const note = (event: Event) => {
    if (replaying || !(event.target instanceof Element)) return;
    const target = event.target;
    const key = reachKey(target);
    // A touch also sends pointerover: only a mouse hovers.
    if (event.type === 'pointerover') hovered ||= (event as PointerEvent).pointerType === 'mouse';
    else if (event.type === 'focusin') held.push({ kind: 'focus', target, key });
    else if (event.type === 'click' && key) {
      event.preventDefault();
      event.stopPropagation();
      held.push({ kind: 'click', target, key });
    } else if (event instanceof KeyboardEvent && holdsKey(event, isTextField(target))) {
      event.preventDefault();
      event.stopPropagation();
      const { key: pressed, code, shiftKey, ctrlKey, altKey, metaKey } = event;
      held.push({ kind: 'key', target, key, init: { key: pressed, code, shiftKey, ctrlKey, altKey, metaKey } });
    }
  };
  const noted = ['pointerover', 'focusin', 'click', 'keydown'] as const;

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of REACH_EVENTS) el.removeEventListener(type, onReach, true);
    try {
      const hydrate = await load();
      const shown = settled(el);
      await hydrate();
      // Until the enhanced render is on screen the server's controls are still
      // there: a click on one (the cart link of an island woken at idle) is held, not followed.
      await shown;
    } finally {
      replaying = true;
      for (const type of noted) el.removeEventListener(type, note, true);
    }
    await replay(el, held, hovered && el.matches(':hover'));
  };
  const onReach = () => void start();

  // A press begun on a server control that hydration replaced, released on
  // its twin, gets no click from the browser (the rule: twinOfPress): it is
  // clicked here. A browser that does send one to the twin has it dropped
  // (before the listener holding clicks while the island loads sees it).
  let pressed: Element | undefined;
  let clickedOnRelease: Element | null = null;
  el.addEventListener('pointerdown', (event) => (pressed = event.target instanceof Element ? event.target : undefined), { capture: true, passive: true });
  el.addEventListener(
    'pointerup',
    (event) => {
      const twin = event.target instanceof Element ? twinOfPress(el, pressed, event.target) : null;
      pressed = undefined;
      if (!twin) return;
      clickedOnRelease = twin;
      setTimeout(() => (clickedOnRelease = null));
      (twin as HTMLElement).click();
    },
    true,
  );
  el.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !clickedOnRelease || !(event.target instanceof Node) || !clickedOnRelease.contains(event.target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
  for (const type of noted) el.addEventListener(type, note, true);
  for (const type of REACH_EVENTS) el.addEventListener(type, onReach, { capture: true, passive: true });
  if (typeof options.value === 'string' && options.value !== '') onIslandWake(options.value, () => void start());
};

export default reach;
