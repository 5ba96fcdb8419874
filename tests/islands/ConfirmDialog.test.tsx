// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConfirmDialog from '../../src/islands/ui/ConfirmDialog.tsx';

afterEach(cleanup);

function renderDialog(overrides: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = render(
    <ConfirmDialog
      title="Place order?"
      text="Your cart will be emptied if you cancel."
      confirmLabel="Confirm"
      open
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...overrides}
    />,
  );
  return { onConfirm, onCancel, view };
}

describe('ConfirmDialog', () => {
  it('opens as a labelled dialog with the safe choice focused', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Place order?' });
    expect(dialog).toHaveProperty('open', true);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('keeps Tab inside: past Confirm to Cancel, and Shift+Tab from Cancel to Confirm', () => {
    renderDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('reports the shopper’s choice', () => {
    const { onConfirm, onCancel } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('turns Escape into a cancel, except while busy', () => {
    const { onCancel, view } = renderDialog();
    act(() => {
      screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onCancel).toHaveBeenCalledTimes(1);
    view.rerender(
      <ConfirmDialog title="Place order?" text="t" confirmLabel="Confirm" open busy onConfirm={() => {}} onCancel={onCancel} />,
    );
    act(() => {
      screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(onCancel).toHaveBeenCalledTimes(1);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveProperty('disabled', true);
  });

  it('closes when the caller’s flag turns off', () => {
    const { view } = renderDialog();
    view.rerender(<ConfirmDialog title="Place order?" text="t" confirmLabel="Confirm" open={false} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { hidden: true })).toHaveProperty('open', false);
  });
});
