import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import {
  EXTRA_FIELD_MESSAGES,
  FIELD_MESSAGES,
  emailField,
  loginPasswordField,
  nameField,
  optionalPasswordField,
  optionalPhoneField,
  otpField,
  passwordField,
  phoneField,
  requiredText,
  withFormInput,
} from './fields.ts';

/**
 * Account and OTP request schemas (SPEC §5, §7; API-NOTES "Accounts and OTP").
 * Where a form's field names differ from the wire's (registration, reset from
 * a link) there is a form schema, a wire schema and a mapping between them;
 * elsewhere one schema serves both. Unknown fields (user_token, say) are dropped.
 */

type Ctx = z.core.$RefinementCtx;

/** Adds 'Passwords must match' on `confirmKey` when the two differ (and the confirmation is not blank). */
function mustMatch(password: string | undefined, confirmation: string | undefined, confirmKey: string, ctx: Ctx) {
  if (confirmation && password !== confirmation) {
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.passwordsMustMatch, path: [confirmKey] });
  }
}

/** The confirmation of a new password: required, compared (not trimmed) with the password by its object. */
const confirmPasswordField = requiredText(FIELD_MESSAGES.confirmPasswordRequired, [], { trim: false });

/** POST /customer/login `{ email, password }`: the password is only required. */
export const loginSchema = z.object({ email: emailField, password: loginPasswordField });

const TICKED = new Set<unknown>([true, 'true', 'on', '1']);

/** The terms checkbox: must be ticked (true, or 'on' from a plain HTML form). */
export const termsField = withFormInput<boolean>()(
  z.unknown().transform((value, ctx): true => {
    if (TICKED.has(value)) return true;
    ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.termsRequired, continue: true });
    return z.NEVER;
  }),
);

/** The sign-up form (SPEC §5): camelCase names, a required mobile and the terms. */
export const registrationFormSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  password: passwordField,
  mobile: phoneField,
  terms: termsField,
});
export type RegistrationForm = z.output<typeof registrationFormSchema>;

/** POST /customer/register `{ firstname, lastname, email, password, phone_number? }`. */
export const registrationRequestSchema = z.object({
  firstname: nameField,
  lastname: nameField,
  email: emailField,
  password: passwordField,
  phone_number: optionalPhoneField,
});
export type RegistrationRequest = z.output<typeof registrationRequestSchema>;

/** The wire payload of a validated sign-up form. */
export function toRegistrationRequest(form: RegistrationForm): RegistrationRequest {
  return {
    firstname: form.firstName,
    lastname: form.lastName,
    email: form.email,
    password: form.password,
    phone_number: form.mobile,
  };
}

/** POST /customer/forgot-password `{ email }`. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The reset-from-link form: a new password typed twice. */
export const resetPasswordFormSchema = z
  .object({ password: passwordField, confirm_password: confirmPasswordField })
  .superRefine((v, ctx) => mustMatch(v.password, v.confirm_password, 'confirm_password', ctx));
export type ResetPasswordForm = z.output<typeof resetPasswordFormSchema>;

const resetTokenField = requiredText(EXTRA_FIELD_MESSAGES.resetTokenRequired);

/** POST /customer/token-password `{ token, password, password_confirmation }`. */
export const tokenPasswordSchema = z
  .object({ token: resetTokenField, password: passwordField, password_confirmation: confirmPasswordField })
  .superRefine((v, ctx) => mustMatch(v.password, v.password_confirmation, 'password_confirmation', ctx));
export type TokenPasswordRequest = z.output<typeof tokenPasswordSchema>;

/** The wire payload of a validated reset form and the token from the link. */
export function toTokenPasswordRequest(token: string, form: ResetPasswordForm): TokenPasswordRequest {
  return { token, password: form.password, password_confirmation: form.confirm_password };
}

/** The current password when changing it: required, then at least 6 characters (SPEC §5). */
export const oldPasswordField = requiredText(
  FIELD_MESSAGES.oldPasswordRequired,
  [[(v) => v.length >= PASSWORD_MIN_LENGTH, FIELD_MESSAGES.oldPasswordMin]],
  { trim: false },
);

/** POST /customer/reset-password `{ old_password, new_password, confirm_password }` and its form. */
export const changePasswordSchema = z
  .object({ old_password: oldPasswordField, new_password: passwordField, confirm_password: confirmPasswordField })
  .superRefine((v, ctx) => mustMatch(v.new_password, v.confirm_password, 'confirm_password', ctx));
export type ChangePasswordRequest = z.output<typeof changePasswordSchema>;

/** POST /customer/account-details `{ firstname, lastname }`: the profile form. */
export const profileSchema = z.object({ firstname: nameField, lastname: nameField });
export type ProfileRequest = z.output<typeof profileSchema>;

/** POST /customer/update-user-details: a guest's names, email and, optionally, a password and an alternate phone. */
export const guestDetailsSchema = z.object({
  firstname: nameField,
  lastname: nameField,
  email: emailField,
  password: optionalPasswordField,
  alt_phone_number: optionalPhoneField,
});
export type GuestDetailsRequest = z.output<typeof guestDetailsSchema>;

/** POST /customer/resend-verification `{ email }`: a new verification link (sign-in page). */
export const resendVerificationSchema = z.object({ email: emailField });

/** POST /customer/change-email `{ email, password }` and its form: the new address and the current password. */
export const changeEmailSchema = z.object({ email: emailField, password: loginPasswordField });
export type ChangeEmailRequest = z.output<typeof changeEmailSchema>;

/** POST /otp/send and POST /login/otp `{ mobile }`. */
export const otpSendSchema = z.object({ mobile: phoneField });

/** POST /otp/verify/checkout and POST /otp/verify/login `{ mobile, otp }`. */
export const otpVerifySchema = z.object({ mobile: phoneField, otp: otpField });
