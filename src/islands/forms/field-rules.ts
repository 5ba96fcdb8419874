/**
 * A field's SPEC §5 message: from the shared zod schemas, checked per field
 * against the whole form (so "Passwords must match" works like any other
 * rule), quiet while the field is first typed into; and the API's field
 * errors shown under the form's own fields.
 */
import type { AnyFieldApi, AnyFormApi } from '@tanstack/react-form';
import type { z } from 'zod';

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
