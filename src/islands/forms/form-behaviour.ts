/**
 * How every form island behaves around its fields: readable before hydration
 * and keeping what was typed meanwhile, the island taking the submit, a
 * field's message appearing once it is left, and focus on the first wrong field.
 */
import type { AnyFieldApi, AnyFormApi } from '@tanstack/react-form';
import { useEffect, useState, type SyntheticEvent } from 'react';

/**
 * True once hydrated. Until then submit buttons stay disabled: the form is
 * readable, but typing into it before JavaScript runs must not send it natively.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A form's starting values: what the shopper already typed into the
 * server-rendered form (found by its `name`) before the island hydrated, else
 * `defaults`. Read once, on the first render in the browser, while the page
 * still holds the typed text: hydration would otherwise wipe it, and on a
 * slow phone a shopper often starts typing first.
 */
export function useTypedDefaults<T extends Record<string, string | boolean>>(formName: string, defaults: T): T {
  const [initial] = useState(() => typedValues(formName, defaults));
  return initial;
}

/**
 * The value of the radio `name` checked in the server-rendered form `formName`
 * when the island first renders in the browser (before hydration puts back its
 * own state); undefined on the server, or when none is checked.
 */
export function checkedRadioValue(formName: string, name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const group = document.forms.namedItem(formName)?.elements.namedItem(name);
  return group instanceof RadioNodeList && group.value !== '' ? group.value : undefined;
}

export function typedValues<T extends Record<string, string | boolean>>(formName: string, defaults: T): T {
  if (typeof document === 'undefined') return defaults;
  const form = document.forms.namedItem(formName);
  if (!form) return defaults;
  const values: Record<string, string | boolean> = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    const input = form.elements.namedItem(key);
    if (!(input instanceof HTMLInputElement)) continue;
    if (typeof fallback === 'boolean') values[key] = input.checked;
    else if (input.value !== '') values[key] = input.value;
  }
  return values as T;
}

/** A form's submit handler: the island takes the submit; the plain post is only for before hydration. */
export function submitWith(form: { handleSubmit: () => Promise<unknown> }) {
  return (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    void form.handleSubmit();
  };
}

/** useForm options every account form shares. */
export const formBehaviour = {
  // Without it TanStack skips validation on a first submit after a blur error,
  // so only that one message would show instead of every field's.
  canSubmitWhenInvalid: true,
  listeners: {
    // Leaving a field runs its (onChange) rule once, so its message appears.
    onBlur: ({ fieldApi }: { fieldApi: AnyFieldApi }) => void fieldApi.validate('change'),
    // A little later: the message pushes the submit button down, and a click
    // whose mousedown left the field would otherwise end beside the button.
    onBlurDebounceMs: 250,
  },
} as const;

/** Focuses the first control, in page order, whose field has a message. */
export function focusFirstInvalid(formElement: HTMLFormElement | null, form: AnyFormApi): void {
  if (!formElement) return;
  for (const element of Array.from(formElement.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && (form.getFieldMeta(name)?.errors.length ?? 0) > 0) {
      (element as HTMLElement).focus();
      return;
    }
  }
}
