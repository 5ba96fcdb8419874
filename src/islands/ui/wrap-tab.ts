/**
 * Keeps Tab inside a modal <dialog>: from its last control to its first and
 * back with Shift+Tab. `showModal()` makes the page behind inert, but Chromium
 * still lets Tab leave the page for the browser's own controls at either end;
 * our dialogs (the order drawer, Cancel Order, the shared confirmation) keep
 * focus in them while open (decision 054).
 */
import type { KeyboardEvent } from 'react';

const CONTROLS = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function wrapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget;
  // Only its own controls: a dialog opened inside this one wraps its own, and its key events reach this one too.
  const controls = [...dialog.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => control.closest('dialog') === dialog);
  const first = controls[0];
  const last = controls.at(-1);
  if (event.shiftKey && event.target === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && event.target === last) {
    event.preventDefault();
    first?.focus();
  }
}
