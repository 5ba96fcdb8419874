/**
 * A labelled input bound to a TanStack Form field, with its SPEC §5 message
 * under it (linked by aria-describedby, announced as it appears). Errors show
 * once the field was left or the form was submitted, never while first typing.
 */
import type { AnyFieldApi } from '@tanstack/react-form';
import { useEffect, useId, useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { useFieldContext } from './form-context.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'name' | 'id'>;

interface Props extends InputProps {
  label: string;
  /** A short help text under the input. */
  hint?: string;
}

/** The first message of a field's errors (strings or Standard Schema issues). */
export function fieldError(field: AnyFieldApi): string | undefined {
  const meta = field.state.meta;
  if (!meta.isTouched && field.form.state.submissionAttempts === 0) return undefined;
  for (const error of meta.errors as unknown[]) {
    if (typeof error === 'string' && error) return error;
    if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
      return (error as { message: string }).message;
    }
  }
  return undefined;
}

export const inputClass =
  'block w-full rounded-md border border-current/25 bg-white px-3 py-2 text-on-page placeholder:text-current/50 focus:border-button focus:outline-2 focus:outline-button aria-[invalid=true]:border-red-700';

/** A field component of `useAppForm` (app-form.ts): `<field.TextField label=... />` inside a form's `AppField`. */
export default function TextField({ label, hint, type = 'text', ...input }: Props) {
  const field = useFieldContext<string>();
  // useId: the same on the server and at hydration, unique per form on the page.
  const id = `${useId()}-${field.name}`;
  const error = fieldError(field);
  const inputRef = useRef<HTMLInputElement>(null);
  // Hydration leaves the page's text as the shopper left it, also where the
  // form's state differs: text typed after the form read the page
  // (useTypedDefaults) but before hydration had finished. That text wins.
  // Read at the commit, before any render could put the state's text back.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && input.value !== ((field.state.value as string | undefined) ?? '')) field.handleChange(input.value);
  }, []); // once, at hydration (a mount in the browser shows the state's text)
  // Typed into and left before the island hydrated (a form that loads on reach,
  // decision 031): the field counts as left, so its message shows as it would have.
  useEffect(() => {
    const input = inputRef.current;
    if (input && input.value !== '' && document.activeElement !== input && !field.state.meta.isTouched) field.handleBlur();
  }, []); // once, at hydration
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        name={field.name}
        type={type}
        value={(field.state.value as string | undefined) ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-current/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
