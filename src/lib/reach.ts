/**
 * The rules of the `client:reach` directive (src/directives/reach.ts): an
 * island loads when the shopper first reaches for it, and what the shopper
 * did while it loaded is replayed on the hydrated island. Kept here, free of
 * the directive's timing, so they can be tested alone.
 *
 * Reaching: `pointerover` (a mouse on its way to a control), `pointerdown`
 * and `touchstart` (a touch or pen, which never hovers first) and `focusin`
 * (the keyboard: every key press inside the island comes after focus got
 * there, so keydown itself need not start anything).
 *
 * Held while the island loads, and replayed after:
 * - a click on a control marked `data-reach="key"`: a control the hydrated
 *   island renders differently (the search link becomes a button opening the
 *   search); the server's and the hydrated control carry the same key, so the
 *   click goes to the hydrated one. A click on an unmarked link is not held:
 *   it navigates at once, as it does once hydrated;
 * - keys the hydrated island answers (arrows, Escape, Home, End) and typed
 *   characters while no text field has focus (they go into the field the
 *   replayed click focused, e.g. the search box); Tab, Enter and Space are
 *   left alone (Enter and Space on a control turn into its click).
 * Focus and hover are not held (they already happened), only noted: focus
 * lost when its control was replaced moves to the control with the same key,
 * and a pointer still over the island is announced to it again.
 */

export const REACH_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** Attribute naming a control that the hydrated island renders anew (its key is the same in both). */
export const REACH_KEY_ATTRIBUTE = 'data-reach';

/** Keys the header's hydrated islands act on (menus, dropdowns, dialogs). */
const ANSWERED_KEYS = new Set(['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Escape', 'Home', 'End']);

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** A single character that types text (not a shortcut, not Space, which activates a control). */
export function isTypedCharacter(event: KeyLike): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/** Whether a key press made before the island hydrated is held for its replay. */
export function holdsKey(event: KeyLike, inTextField: boolean): boolean {
  if (ANSWERED_KEYS.has(event.key)) return true;
  // In a text field the browser types the character itself, and hydration keeps the field's value.
  return !inTextField && isTypedCharacter(event);
}

/** A field that takes typed text. */
export function isTextField(element: Element | null | undefined): element is HTMLInputElement | HTMLTextAreaElement {
  if (!element) return false;
  if (element.tagName === 'TEXTAREA') return true;
  if (element.tagName !== 'INPUT') return false;
  const type = (element.getAttribute('type') ?? 'text').toLowerCase();
  return ['text', 'search', 'email', 'tel', 'url', 'password', 'number'].includes(type);
}

/** The reach key of the control an event landed in, if it is a marked one. */
export function reachKey(target: Element | null): string | undefined {
  return target?.closest(`[${REACH_KEY_ATTRIBUTE}]`)?.getAttribute(REACH_KEY_ATTRIBUTE) ?? undefined;
}

/**
 * Where a held event is replayed: the same element while it is still in the
 * island (hydration kept it), else the hydrated control with the same key.
 */
export function replayTarget(island: Element, original: Element, key: string | undefined): Element | null {
  if (original.isConnected && island.contains(original)) return original;
  if (!key) return null;
  return island.querySelector(`[${REACH_KEY_ATTRIBUTE}="${CSS.escape(key)}"]`);
}

/**
 * The control a press belongs to when it began on a control that hydration
 * then replaced and was released on that control's hydrated twin (the same
 * key): Chromium sends no click for it at all (the pressed element is gone),
 * so the shopper's click would be lost. Null for any other press.
 */
export function twinOfPress(island: Element, pressed: Element | undefined, released: Element): Element | null {
  if (!pressed || pressed.isConnected) return null;
  const key = reachKey(pressed);
  if (key === undefined || reachKey(released) !== key) return null;
  const twin = replayTarget(island, pressed, key);
  return twin?.contains(released) ? twin : null;
}

/** Typed characters put into a field at its caret, as typing would. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? field.value.length;
  try {
    field.setRangeText(text, start, end, 'end');
  } catch {
    // Fields without a selection (number): append.
    field.value += text;
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
