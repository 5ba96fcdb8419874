/**
 * What the Cancel Order and Return Item dialogs share (SPEC §2 Cancel Order
 * dialog): a modal that stays open while its form is sending, 'Select a
 * reason' with an empty first option 'Select Reason', 'Please specify' for
 * the shopper's own words, and 'Close' beside the submit button with its
 * loading state. Each dialog keeps its own fields, schema and payload.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { AnyFieldApi } from '@tanstack/react-form';
import { fieldError, inputClass } from '../forms/TextField.tsx';
import { secondaryButtonClass } from '../forms/form-styles.ts';
import { wrapTab } from '../ui/wrap-tab.ts';

/** The dialog, shown modal once mounted; Escape closes it unless `busy()` (a send under way). */
export function ReasonDialog({ id, title, busy, onClose, children }: { id: string; title: string; busy: () => boolean; onClose: () => void; children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
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
        {title}
      </h2>
      {children}
    </dialog>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** 'Select a reason': the reasons after an empty 'Select Reason'. */
export function ReasonSelect({ id, field, reasons }: { id: string; field: AnyFieldApi; reasons: readonly string[] }) {
  const error = fieldError(field);
  return (
    <div className="space-y-1">
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
        Select a reason
      </label>
      <select
        id={`${id}-reason`}
        name={field.name}
        value={(field.state.value as string | undefined) ?? ''}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
        className={inputClass}
      >
        <option value="">Select Reason</option>
        {reasons.map((reason) => (
          <option key={reason} value={reason}>
            {reason}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-reason-error`} error={error} />
    </div>
  );
}

/** 'Please specify': the shopper's own words. */
export function ReasonText({ id, field }: { id: string; field: AnyFieldApi }) {
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
        value={field.state.value as string}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-text-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`${id}-text-error`} error={error} />
    </div>
  );
}

/** 'Close' and the submit button, both held while the form sends; the spinner in the button's own colour. */
export function ReasonActions({ submitting, onClose, label, buttonClass }: { submitting: boolean; onClose: () => void; label: string; buttonClass: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      <button type="button" disabled={submitting} onClick={onClose} className={secondaryButtonClass}>
        Close
      </button>
      <button
        type="submit"
        disabled={submitting}
        aria-busy={submitting || undefined}
        className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${buttonClass}`}
      >
        {submitting && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current" />}
        {label}
      </button>
    </div>
  );
}
