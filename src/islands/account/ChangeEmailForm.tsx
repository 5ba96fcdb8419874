/**
 * Change email (SECURITY 34): the new address and the current password. The
 * API mails a link to the new address and a notice to the current one; the
 * account keeps its address until the link is opened, so the page says where
 * the link went and nothing else changes here. A refused field (wrong
 * password, the same address) shows its message under the field.
 */
import { useMemo, useRef, useState } from 'react';
import { changeEmailSchema, type ChangeEmailRequest } from '../../lib/schemas/account.ts';
import { requestEmailChange } from '../../stores/account.ts';
import { browserApi } from '../../stores/api-client.ts';
import { toastOutcome } from '../../stores/toast.ts';
import { ruleOf, serverErrors } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith, useHydrated, useTypedDefaults } from '../forms/form-behaviour.ts';
import SubmitButton from '../forms/SubmitButton.tsx';
import { useAppForm } from '../forms/app-form.ts';

const baseRule = ruleOf(changeEmailSchema);
const EMPTY: ChangeEmailRequest = { email: '', password: '' };

export default function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const defaultValues = useTypedDefaults('change-email', EMPTY);
  const [refused] = useState(() => serverErrors());
  const rule = useMemo(() => refused.wrap(baseRule), [refused]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAppForm({
    ...formBehaviour,
    defaultValues,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value, formApi }) => {
      const request = changeEmailSchema.parse(value);
      const result = await requestEmailChange(browserApi(), request);
      if (!result.ok) {
        if (result.cancelled) return;
        toastOutcome(result);
        if (refused.show(formApi, result.fieldErrors).length > 0) focusFirstInvalid(formRef.current, formApi);
        return;
      }
      toastOutcome(result);
      setSentTo(request.email);
      formApi.reset(EMPTY);
    },
  });

  return (
    <form
      name="change-email"
      ref={formRef}
      method="post"
      noValidate
      aria-labelledby="change-email-heading"
      className="space-y-4"
      onSubmit={submitWith(form)}
    >
      <h2 id="change-email-heading" className="text-lg font-semibold">
        Change email
      </h2>
      <p className="text-sm opacity-80">
        Your account keeps {currentEmail ? <strong className="break-all">{currentEmail}</strong> : 'its address'} until you open
        the link we send to the new address. We also tell your current address.
      </p>
      <form.AppField name="email" validators={{ onChange: rule }}>
        {(field) => <field.TextField type="email" label="New email" autoComplete="email" required />}
      </form.AppField>
      <form.AppField name="password" validators={{ onChange: rule }}>
        {(field) => <field.TextField type="password" label="Current password" autoComplete="current-password" required />}
      </form.AppField>
      {sentTo && (
        <p role="status" className="rounded-md border border-current/20 px-3 py-2 text-sm">
          We sent a link to <strong className="break-all">{sentTo}</strong>. Open it to finish the change.
        </p>
      )}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => <SubmitButton label="Change email" busyLabel="Sending…" busy={isSubmitting} hydrated={hydrated} />}
      </form.Subscribe>
    </form>
  );
}
