/**
 * The Cancel Order dialog (SPEC §2, §3 Cancel payload, §5 Cancel reason):
 * 'Select a reason' (first 'Select Reason', then the nine reasons of §9),
 * 'Please specify' only for Other, 'Close' and 'Confirm Cancel'. The payload
 * is the shared schema's: the text trimmed and sent only when not blank (and
 * only for Other, the one reason that shows it). The store reloads the orders
 * and toasts the answer; the dialog closes on success.
 */
import { useEffect, useId, useRef } from 'react';
import { CANCEL_REASONS } from '../../lib/constants.ts';
import { OTHER_CANCEL_REASON, cancelOrderSchema } from '../../lib/schemas/order.ts';
import { browserApi } from '../../stores/api-client.ts';
import { cancelOrder } from '../../stores/orders.ts';
import { fieldError, inputClass } from '../forms/TextField.tsx';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith } from '../forms/form-behaviour.ts';
import { secondaryButtonClass } from '../forms/form-styles.ts';
import { useAppForm } from '../forms/app-form.ts';
import { wrapTab } from '../ui/wrap-tab.ts';

interface Props {
  orderId: number;
  onClose: () => void;
}

interface CancelForm {
  order_id: number;
  /** Undefined until a reason is chosen: 'Please select a reason'; back to 'Select Reason' is blank. */
  reject_reason_select: string | undefined;
  reject_reason_input: string;
}

const rule = ruleOf(cancelOrderSchema);

export default function CancelOrderDialog({ orderId, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const form = useAppForm({
    ...formBehaviour,
    defaultValues: { order_id: orderId, reject_reason_select: undefined, reject_reason_input: '' } as CancelForm,
    onSubmitInvalid: ({ formApi }) => focusFirstInvalid(formRef.current, formApi),
    onSubmit: async ({ value }) => {
      const other = value.reject_reason_select === OTHER_CANCEL_REASON;
      const payload = cancelOrderSchema.parse({ ...value, reject_reason_input: other ? value.reject_reason_input : undefined });
      const outcome = await cancelOrder(browserApi(), payload);
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
        Cancel Order
      </h2>
      <form
        ref={formRef}
        noValidate
        // One cancel at a time: a second one would reach an order already cancelled and show as a failure.
        onSubmit={(event) => (busy() ? event.preventDefault() : submit(event))}
        className="mt-4 space-y-4"
      >
        <form.AppField name="reject_reason_select" validators={{ onChange: rule }}>
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
                  {CANCEL_REASONS.map((reason) => (
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
        <form.Subscribe selector={(state) => state.values.reject_reason_select === OTHER_CANCEL_REASON}>
          {(other) =>
            other && (
              <form.AppField name="reject_reason_input" validators={{ onChange: rule, onChangeListenTo: ['reject_reason_select'] }}>
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
                className="inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {submitting && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" />}
                Confirm Cancel
              </button>
            </div>
          )}
        </form.Subscribe>
      </form>
    </dialog>
  );
}
