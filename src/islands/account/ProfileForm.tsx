/**
 * Profile edit (SPEC §5): first and last name with the name rules, prefilled
 * from the page's server read. A save toasts the server's message and merges
 * the names into the stored customer (src/stores/account.ts).
 */
import { useRef } from 'react';
import { profileSchema, type ProfileRequest } from '../../lib/schemas/account.ts';
import { saveAccountDetails } from '../../stores/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { toastOutcome } from '../../stores/toast.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useHydrated, useTypedDefaults } from '../forms/form-behaviour.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

const rule = ruleOf(profileSchema);

interface Props {
  firstname: string;
  lastname: string;
}

export default function ProfileForm({ firstname, lastname }: Props) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const defaultValues = useTypedDefaults('profile', { firstname, lastname } satisfies ProfileRequest);
  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value, formApi }) => {
      const result = await saveAccountDetails(browserApi(), profileSchema.parse(value));
      toastOutcome(result);
      if (result.ok) {
        // The trimmed names as saved become the form's new starting point.
        formApi.reset({
          firstname: result.value.firstname ?? value.firstname.trim(),
          lastname: result.value.lastname ?? value.lastname.trim(),
        });
      }
    },
  });

  return (
    <form
      name="profile"
      ref={formRef}
      method="post"
      noValidate
      aria-label="Your name"
      className="space-y-4"
      onSubmit={submitWith(form)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="firstname" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="First name" autoComplete="given-name" required />}
        </form.AppField>
        <form.AppField name="lastname" validators={{ onChange: rule }}>
          {(field) => <field.TextField label="Last name" autoComplete="family-name" required />}
        </form.AppField>
      </div>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => <SubmitButton label="Save changes" busyLabel="Saving…" busy={isSubmitting} hydrated={hydrated} />}
      </form.Subscribe>
    </form>
  );
}
