/**
 * What the account forms (sign-in, sign-up, passwords, profile) share: when a field's SPEC §5
 * message shows, focusing the first wrong field, the API's field errors under
 * their fields, and the button look.
 *
 * Messages come from the shared zod schemas, checked per field against the
 * whole form (so "Passwords must match" works like any other rule). A field
 * says nothing while it is first typed into; its message appears when it is
 * left or the form is submitted, and from then on follows each keystroke.
 */
import type { AnyFieldApi, AnyFormApi } from '@tanstack/react-form';
import { useEffect, useState, type SyntheticEvent } from 'react';
import type { z } from 'zod';

export const submitButtonClass =
  'inline-flex w-full items-center justify-center rounded-md bg-button px-5 py-2.5 text-sm font-semibold text-on-button hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-md border border-current/30 px-4 py-2 text-sm font-medium transition-colors hover:bg-current/10 disabled:cursor-not-allowed disabled:opacity-60';

export const linkClass = 'font-medium underline underline-offset-4 hover:opacity-80';

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

/** The first message `schema` gives for field `name` when the form holds `values`. */
export function messageFor(schema: z.ZodType, values: unknown, name: string): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === name)?.message;
}

interface RuleProps {
  value: unknown;
  fieldApi: AnyFieldApi;
}

/** A field's onChange validator from the form's schema, quiet until the field was left or the form submitted. */
export function ruleOf(schema: z.ZodType) {
  return ({ value, fieldApi }: RuleProps): string | undefined => {
    const checked = fieldApi.state.meta.isBlurred || fieldApi.form.state.submissionAttempts > 0;
    if (!checked) return undefined;
    return messageFor(schema, { ...fieldApi.form.state.values, [fieldApi.name]: value }, fieldApi.name);
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

type Rule = ReturnType<typeof ruleOf>;

/**
 * The API's field errors (`{ email: ['...'] }`) under the form's own fields
 * (`wireToForm` maps wire names to form names). Each stays while its field
 * still holds the value the API refused, and goes once it is edited. It lives
 * in the field's rule, not in TanStack's error slots, since any later
 * re-check (a blur a moment after the answer, say) would wipe those.
 */
export function serverErrors(wireToForm: Record<string, string> = {}) {
  const refused = new Map<string, { value: unknown; message: string }>();
  return {
    /** The field's rule, answering the API's message first while the refused value stays. */
    wrap(rule: Rule): Rule {
      return (props) => {
        const error = refused.get(props.fieldApi.name);
        return error && error.value === props.value ? error.message : rule(props);
      };
    },
    /** Records the failure's field errors and shows them; answers the fields it marked. */
    show(form: AnyFormApi, errors: Record<string, unknown> | undefined): string[] {
      refused.clear();
      const shown: string[] = [];
      for (const [wireName, messages] of Object.entries(errors ?? {})) {
        const name = wireToForm[wireName] ?? wireName;
        const message = (Array.isArray(messages) ? messages : [messages]).find((text) => typeof text === 'string');
        if (typeof message !== 'string' || !(name in form.state.values)) continue;
        refused.set(name, { value: form.getFieldValue(name), message });
        void form.validateField(name, 'change');
        shown.push(name);
      }
      return shown;
    },
  };
}
