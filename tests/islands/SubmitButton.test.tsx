// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SubmitButton from '../../src/islands/forms/SubmitButton.tsx';

afterEach(cleanup);

describe('SubmitButton', () => {
  it('stays disabled until the island has hydrated', () => {
    render(<SubmitButton label="Save" busyLabel="Saving..." busy={false} hydrated={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('is pressable once hydrated and idle', () => {
    render(<SubmitButton label="Save" busyLabel="Saving..." busy={false} hydrated />);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('shows progress and cannot be pressed twice while its call is in flight', () => {
    render(<SubmitButton label="Save" busyLabel="Saving..." busy hydrated />);
    const button = screen.getByRole('button', { name: 'Saving...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('waits while another call of the same form runs', () => {
    render(<SubmitButton label="Save" busyLabel="Saving..." busy={false} hydrated blocked />);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });
});
