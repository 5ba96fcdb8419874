/**
 * Account actions of the signed-in shopper (SPEC §4 Customer record, §5
 * Change password and Profile edit, §7 Account). They resolve to the call's
 * result, like the auth actions, so the island toasts the server's message.
 * auth.ts stays the owner of $auth; this file only merges new names into it.
 */
import { changeEmail, changePassword, updateAccountDetails, type Customer } from '../lib/api/account.ts';
import type { ApiClient } from '../lib/api/client.ts';
import type { Outcome } from '../lib/api/parsed.ts';
import { changeEmailSchema, profileSchema, type ChangeEmailRequest, type ChangePasswordRequest, type ProfileRequest } from '../lib/schemas/account.ts';
import { $auth } from './auth.ts';

/** SPEC §4 Customer record: first and last name can be updated alone; the rest of the record stays. */
export function updateCustomerNames(names: Pick<Customer, 'firstname' | 'lastname'>): void {
  const state = $auth.get();
  const user = state.user;
  if (!user) return;
  $auth.set({ ...state, user: { ...user, customer: { ...user.customer, ...names } } });
}

/** `POST /customer/account-details`; on success the stored customer takes the saved names. */
export async function saveAccountDetails(api: ApiClient, input: ProfileRequest): Promise<Outcome<Customer>> {
  // Trimmed as the API stores them, so the stored record matches the server's.
  const names = profileSchema.parse(input);
  const result = await updateAccountDetails(api, names);
  if (result.ok) {
    updateCustomerNames({
      firstname: result.value.firstname ?? names.firstname,
      lastname: result.value.lastname ?? names.lastname,
    });
  }
  return result;
}

/**
 * `POST /customer/reset-password` with confirm_password set equal to
 * new_password (SPEC §7). Our API ends the customer's other sessions and keeps
 * this one, so the stored token stays good and nothing here changes.
 */
export function changeAccountPassword(api: ApiClient, input: ChangePasswordRequest): Promise<Outcome<true>> {
  return changePassword(api, {
    old_password: input.old_password,
    new_password: input.new_password,
    confirm_password: input.new_password,
  });
}

/**
 * `POST /customer/change-email`. Nothing changes here on success: the account
 * keeps its address until the link mailed to the new one is opened.
 */
export function requestEmailChange(api: ApiClient, input: ChangeEmailRequest): Promise<Outcome<Customer>> {
  return changeEmail(api, changeEmailSchema.parse(input));
}
