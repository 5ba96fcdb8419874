/**
 * The Return Item dialog, for a delivered line within its return window:
 * 'Select a reason' (first 'Select Reason', then RETURN_REASONS), 'Please
 * specify' only for Other, and for a cash on delivery line 'UPI ID for the
 * refund' (required: there is no payment to refund it to); a prepaid line's
 * refund goes back to its payment, so it asks for none. 'Close' and 'Request
 * Return'. The payload is the shared schema's; the store reloads the orders and
 * toasts the answer; the dialog closes on success. Loaded only when the
 * shopper presses Return.
 */
import { useEffect, useId, useRef } from 'react';
import { RETURN_REASONS } from '../../lib/constants.ts';
import { EXTRA_FIELD_MESSAGES } from '../../lib/schemas/fields.ts';
import { OTHER_RETURN_REASON, normaliseUpiId, returnOrderSchema } from '../../lib/schemas/return.ts';
import { browserApi } from '../../stores/api-client.ts';
import { returnOrder } from '../../stores/orders.ts';
import { fieldError, inputClass } from '../forms/TextField.tsx';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith } from '../forms/form-behaviour.ts';
import { secondaryButtonClass } from '../forms/form-styles.ts';
import { useAppForm } from '../forms/app-form.ts';
import { wrapTab } from '../ui/wrap-tab.ts';

interface Props {
  orderId: number;
  /** A cash on delivery line: its refund needs the shopper's UPI ID. */
  cashOnDelivery: boolean;
  onClose: () => void;
}

interface ReturnForm {
  order_id: number;
  /** Undefined until a reason is chosen; back to 'Select Reason' is blank: 'Please select a reason' either way. */
  reason: string | undefined;
  reason_text: string;
  upi_id: string;
}

const rule = ruleOf(returnOrderSchema);

/** The schema's rule, and for a cash on delivery line a UPI ID that must be there (the service requires it). */
const requiredUpiRule: typeof rule = (props) => {
  const message = rule(props);
  if (message) return message;
  const checked = props.fieldApi.state.meta.isBlurred || props.fieldApi.form.state.submissionAttempts > 0;
  return checked && normaliseUpiId(props.value) === '' ? EXTRA_FIELD_MESSAGES.upiIdRequired : undefined;
};

export default function ReturnOrderDialog({ orderId, cashOnDelivery, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const form = useAppForm({
    ...formBehaviour,
    defaultValues: { order_id: orderId, reason: undefined, reason_text: '', upi_id: '' } as ReturnForm,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value }) => {
      const other = value.reason === OTHER_RETURN_REASON;
      const payload = returnOrderSchema.parse({
        ...value,
        // Only what the dialog shows is sent: text typed under Other before another reason was chosen is not.
        reason_text: other ? value.reason_text : undefined,
        upi_id: cashOnDelivery ? value.upi_id : undefined,
      });
      const outcome = await returnOrder(browserApi(), payload);
      if (outcome?.ok) onClose();
    },
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const busy = () => form.state.isSubmitting;
  const submit = submitWith(form);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy()) onClose();
      }}
      onKeyDown={wrapTab}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-page p-6 text-on-page shadow-xl backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Return Item
      </h2>
      <form
        ref={formRef}
        noValidate
        // One request at a time: a second would reach a return already asked for and show as a failure.
        onSubmit={(event) => (busy() ? event.preventDefault() : submit(event))}
        className="mt-4 space-y-4"
      >
        <form.AppField name="reason" validators={{ onChange: rule }}>
          {(field) => {
            const error = fieldError(field);
            return (
              <div className="space-y-1">
                <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
                  Select a reason
                </label>
                <select
                  id={`${id}-reason`}
                  name={field.name}
                  value={field.state.value ?? ''}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-reason-error` : undefined}
                  className={inputClass}
                >
                  <option value="">Select Reason</option>
                  {RETURN_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {reason}
                    </option>
                  ))}
                </select>
                {error && (
                  <p id={`${id}-reason-error`} role="alert" className="text-sm text-red-700">
                    {error}
                  </p>
                )}
              </div>
            );
          }}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.reason === OTHER_RETURN_REASON}>
          {(other) =>
            other && (
              <form.AppField name="reason_text" validators={{ onChange: rule, onChangeListenTo: ['reason'] }}>
                {(field) => {
                  const error = fieldError(field);
                  return (
                    <div className="space-y-1">
                      <label htmlFor={`${id}-text`} className="block text-sm font-medium">
                        Please specify
                      </label>
                      <textarea
                        id={`${id}-text`}
                        name={field.name}
                        rows={3}
                        value={field.state.value}
                        onChange={(event) => field.handleChange(event.target.value)}
                        onBlur={field.handleBlur}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-text-error` : undefined}
                        className={inputClass}
                      />
                      {error && (
                        <p id={`${id}-text-error`} role="alert" className="text-sm text-red-700">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                }}
              </form.AppField>
            )
          }
        </form.Subscribe>
        {cashOnDelivery && (
          <form.AppField name="upi_id" validators={{ onChange: requiredUpiRule }}>
            {(field) => (
              <field.TextField
                label="UPI ID for the refund"
                hint="You paid on delivery, so we send the refund to this UPI ID."
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="name@bank"
              />
            )}
          </form.AppField>
        )}
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <div className="flex flex-wrap justify-end gap-3 pt-2">
              <button type="button" disabled={submitting} onClick={onClose} className={secondaryButtonClass}>
                Close
              </button>
              <button
                type="submit"
                disabled={submitting}
                aria-busy={submitting || undefined}
                className="inline-flex items-center justify-center gap-2 rounded-md bg-button px-4 py-2 text-sm font-semibold text-on-button hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {submitting && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current" />}
                Request Return
              </button>
            </div>
          )}
        </form.Subscribe>
      </form>
    </dialog>
  );
}
