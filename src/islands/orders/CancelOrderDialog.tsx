/**
 * The Cancel Order dialog (SPEC §2, §3 Cancel payload, §5 Cancel reason):
 * 'Select a reason' (first 'Select Reason', then the nine reasons of §9),
 * 'Please specify' only for Other, 'Close' and 'Confirm Cancel'. The payload
 * is the shared schema's: the text trimmed and sent only when not blank (and
 * only for Other, the one reason that shows it). The store reloads the orders
 * and toasts the answer; the dialog closes on success.
 */
import { useId, useRef } from 'react';
import { CANCEL_REASONS } from '../../lib/constants.ts';
import { OTHER_CANCEL_REASON, cancelOrderSchema } from '../../lib/schemas/order.ts';
import { browserApi } from '../../stores/api-client.ts';
import { cancelOrder } from '../../stores/orders.ts';
import { ruleOf } from '../forms/field-rules.ts';
import { focusFirstInvalid, formBehaviour, submitWith } from '../forms/form-behaviour.ts';
import { useAppForm } from '../forms/app-form.ts';
import { ReasonActions, ReasonDialog, ReasonSelect, ReasonText } from './ReasonDialog.tsx';

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

  const busy = () => form.state.isSubmitting;
  const submit = submitWith(form);

  return (
    <ReasonDialog id={id} title="Cancel Order" busy={busy} onClose={onClose}>
      <form
        ref={formRef}
        noValidate
        // One cancel at a time: a second one would reach an order already cancelled and show as a failure.
        onSubmit={(event) => (busy() ? event.preventDefault() : submit(event))}
        className="mt-4 space-y-4"
      >
        <form.AppField name="reject_reason_select" validators={{ onChange: rule }}>
          {(field) => <ReasonSelect id={id} field={field} reasons={CANCEL_REASONS} />}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.reject_reason_select === OTHER_CANCEL_REASON}>
          {(other) =>
            other && (
              <form.AppField name="reject_reason_input" validators={{ onChange: rule, onChangeListenTo: ['reject_reason_select'] }}>
                {(field) => <ReasonText id={id} field={field} />}
              </form.AppField>
            )
          }
        </form.Subscribe>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <ReasonActions submitting={submitting} onClose={onClose} label="Confirm Cancel" buttonClass="bg-red-700 text-white hover:bg-red-800" />
          )}
        </form.Subscribe>
      </form>
    </ReasonDialog>
  );
}
