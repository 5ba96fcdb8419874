/**
 * The shared confirmation dialog (SPEC §2 "Confirmation dialog (shared)"): a
 * native <dialog> opened with showModal(), so the browser makes the page inert
 * and turns Escape into a cancel, and Tab wraps inside it (wrap-tab.ts). `open` is the caller's flag
 * (SPEC §2 Interface flags); the dialog only mirrors it and reports the
 * shopper's choice. While `busy` the buttons are disabled and Escape is ignored.
 */
import { useEffect, useId, useRef, type SyntheticEvent } from 'react';
import { wrapTab } from './wrap-tab.ts';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  open: boolean;
  /** The confirmed action is running: the dialog stays open and cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Escape (or the browser closing it): defaults to onCancel; give it when the cancel button does more than close. */
  onDismiss?: () => void;
  /** The button focused on opening: the safe one, which is cancel unless cancelling is the destructive choice. */
  initialFocus?: 'cancel' | 'confirm';
}

const button =
  'inline-flex min-w-24 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-opacity disabled:cursor-not-allowed disabled:opacity-60';

export default function ConfirmDialog(props: Props) {
  const { title, text, confirmLabel, cancelLabel = 'Cancel', open, busy = false, onConfirm, onCancel, initialFocus = 'cancel' } = props;
  const onDismiss = props.onDismiss ?? onCancel;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The safe choice gets focus first: Enter on a confirm dialog should not log anyone out.
      (initialFocus === 'confirm' ? confirmRef : cancelRef).current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);

  const onCancelEvent = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the caller's flag decides whether the dialog closes.
    event.preventDefault();
    if (!busy) onDismiss();
  };

  const onClose = () => {
    // The browser may close it anyway (a repeated Escape without user activation): keep the flag in step.
    if (!open) return;
    if (busy) dialogRef.current?.showModal();
    else onDismiss();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={textId}
      aria-busy={busy || undefined}
      onCancel={onCancelEvent}
      onClose={onClose}
      onKeyDown={wrapTab}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-page p-6 text-on-page shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={textId} className="mt-2 text-sm opacity-80">
        {text}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          ref={cancelRef}
          type="button"
          disabled={busy}
          onClick={onCancel}
          className={`${button} border border-current/20 hover:bg-current/5`}
        >
          {cancelLabel}
        </button>
        <button ref={confirmRef} type="button" disabled={busy} onClick={onConfirm} className={`${button} bg-button text-on-button hover:opacity-90`}>
          {busy && (
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current/30 border-t-current" />
          )}
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
