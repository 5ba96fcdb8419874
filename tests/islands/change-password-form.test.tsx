// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import ChangePasswordForm from '../../src/islands/account/ChangePasswordForm.tsx';

afterEach(cleanup);

it("'Passwords must match' goes when the new password is changed to match the confirmation", async () => {
  render(<ChangePasswordForm />);
  const newPassword = screen.getByLabelText(/^New password/);
  const confirm = screen.getByLabelText(/^Confirm password/);
  fireEvent.change(newPassword, { target: { value: 'Newpass@1' } });
  fireEvent.blur(newPassword);
  fireEvent.change(confirm, { target: { value: 'Newpass@2' } });
  fireEvent.blur(confirm);
  await waitFor(() => expect(screen.getByText('Passwords must match')).toBeTruthy());

  fireEvent.change(newPassword, { target: { value: 'Newpass@2' } });
  await waitFor(() => expect(screen.queryByText('Passwords must match')).toBeNull());
});

it("'Passwords must match' comes back when the new password is changed away from the confirmation", async () => {
  render(<ChangePasswordForm />);
  const newPassword = screen.getByLabelText(/^New password/);
  const confirm = screen.getByLabelText(/^Confirm password/);
  fireEvent.change(newPassword, { target: { value: 'Newpass@1' } });
  fireEvent.change(confirm, { target: { value: 'Newpass@1' } });
  fireEvent.blur(confirm);
  fireEvent.change(newPassword, { target: { value: 'Newpass@9' } });
  await waitFor(() => expect(screen.getByText('Passwords must match')).toBeTruthy());
});
