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
import { useId, useRef } from 'react';
import { RETURN_REASONS } from '../../lib/constants.ts';
import { EXTRA_FIELD_MESSAGES } from '../../lib/schemas/fields.ts';
import { OTHER_RETURN_REASON, normaliseUpiId, returnOrderSchema } from '../../lib/schemas/return.ts';
import { browserApi } from '../../stores/api-client.ts';
import { returnOrder } from '../../stores/orders.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith } from '../forms/form-behaviour.ts';
import { useAppForm } from '../forms/app-form.ts';
import { ReasonActions, ReasonDialog, ReasonSelect, ReasonText } from './ReasonDialog.tsx';

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

  const busy = () => form.state.isSubmitting;
  const submit = submitWith(form);

  return (
    <ReasonDialog id={id} title="Return Item" busy={busy} onClose={onClose}>
      <form
        ref={formRef}
        noValidate
        // One request at a time: a second would reach a return already asked for and show as a failure.
        onSubmit={(event) => (busy() ? event.preventDefault() : submit(event))}
        className="mt-4 space-y-4"
      >
        <form.AppField name="reason" validators={{ onChange: rule }}>
          {(field) => <ReasonSelect id={id} field={field} reasons={RETURN_REASONS} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.reason === OTHER_RETURN_REASON}>
          {(other) =>
            other && (
              <form.AppField name="reason_text" validators={{ onChange: rule, onChangeListenTo: ['reason'] }}>
                {(field) => <ReasonText id={id} field={field} />}
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
            <ReasonActions submitting={submitting} onClose={onClose} label="Request Return" buttonClass="bg-button text-on-button hover:opacity-90" />
          )}
        </form.Subscribe>
      </form>
    </ReasonDialog>
  );
}
