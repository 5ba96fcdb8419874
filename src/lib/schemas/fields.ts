import { z } from 'zod';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS, PINCODE_DIGITS } from '../constants.ts';

/**
 * The field rules of SPEC §5, each written once, shared by the storefront's
 * forms (TanStack Form reads zod 4 schemas as Standard Schemas) and the store
 * API (readBody). Strings are trimmed first (passwords are taken as typed).
 *
 * A field reports the message a shopper should read first, first: a blank
 * value reports only "required"; otherwise length comes before pattern. The
 * checks are written as superRefine rather than chained `.min()` / `.regex()`
 * so a blank field does not also list every other rule, while the issues stay
 * "continuable": an object's own cross-field check (passwords must match) still
 * runs when another field is wrong, so a form shows every problem at once.
 */

/** Every text of SPEC §5, verbatim. */
export const FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Must be a valid email address',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordSpecial: 'Must contain at least one special character',
  nameRequired: 'This field is required',
  nameMin: `Must be at least ${NAME_MIN_LENGTH} characters`,
  nameMax: `Cannot exceed ${NAME_MAX_LENGTH} characters`,
  phoneRequired: 'Phone number is required',
  phoneInvalid: `Must be a valid ${PHONE_DIGITS}-digit number`,
  pincodeRequired: 'Pincode is required',
  pincodeInvalid: `Must be a valid ${PINCODE_DIGITS}-digit pincode`,
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  termsRequired: 'Please accept the terms & conditions',
  passwordsMustMatch: 'Passwords must match',
  oldPasswordRequired: 'Old password is required',
  oldPasswordMin: `Old password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  confirmPasswordRequired: 'Confirm password is required',
  cancelReasonRequired: 'Please select a reason',
  cancelReasonInvalid: 'Please select a valid reason',
  cancelReasonInputRequired: 'Please specify your reason',
  cancelReasonInputEmpty: 'Reason cannot be empty',
} as const;

/** Digits of a one-time password (the API's choice; SPEC §5 gives no rule). */
export const OTP_DIGITS = 6;

/** Our own texts for the fields SPEC §5 leaves without a rule. */
export const EXTRA_FIELD_MESSAGES = {
  otpRequired: 'OTP is required',
  otpInvalid: `OTP must be ${OTP_DIGITS} digits`,
  resetTokenRequired: 'The password reset link is not valid',
  orderIdInvalid: 'Order id must be a whole number',
  returnReasonRequired: 'Please select a reason',
  returnReasonInvalid: 'Please select a valid reason',
  returnReasonTextRequired: 'Please tell us what is wrong',
  upiIdRequired: 'UPI ID is required for the refund of a cash on delivery order',
  upiIdInvalid: 'Must be a valid UPI ID, like name@bank',
} as const;

/** The special characters of SPEC §5; a password needs one of them. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
const PASSWORD_SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;
/** 10 digits, not starting with 0. */
export const PHONE_PATTERN = new RegExp(`^[1-9]\\d{${PHONE_DIGITS - 1}}$`);
export const PINCODE_PATTERN = new RegExp(`^\\d{${PINCODE_DIGITS}}$`);
export const OTP_PATTERN = new RegExp(`^\\d{${OTP_DIGITS}}$`);
/** zod's own email pattern: ASCII local part and a dotted domain with a 2+ letter TLD. */
export const EMAIL_PATTERN = z.regexes.email;

/** The form an email is stored and compared in: trimmed, lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A rule over a non-blank value: when `ok` is false the message is reported. */
type Rule = readonly [ok: (value: string) => boolean, message: string];

interface TextOptions {
  /** Trim before checking (everything but passwords). */
  trim?: boolean;
  /** The message for a value that is not text at all (a JSON number, say); defaults to the required message. */
  notText?: string;
}

/**
 * A required text field: blank reports only `required`; otherwise every rule
 * that fails, in the order given.
 */
export function requiredText(required: string, rules: readonly Rule[] = [], options: TextOptions = {}) {
  const base = z.string({ error: (issue) => (issue.input == null ? required : (options.notText ?? required)) });
  return (options.trim === false ? base : base.trim()).superRefine((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return;
    }
    for (const [ok, message] of rules) {
      if (!ok(value)) ctx.addIssue({ code: 'custom', message });
    }
  });
}

/**
 * An optional text field: absent, null or blank is `undefined`; anything else
 * must pass the rules. Its input type is `string` (what a form holds), though
 * the API may also leave the key out.
 */
export function optionalText(rules: readonly Rule[], notText: string, options: { trim?: boolean } = {}) {
  const base = z.string({ error: notText });
  const field = (options.trim === false ? base : base.trim())
    .superRefine((value, ctx) => {
      if (value === '') return;
      for (const [ok, message] of rules) {
        if (!ok(value)) ctx.addIssue({ code: 'custom', message });
      }
    })
    .nullish()
    .transform((value) => (value ? value : undefined));
  return withFormInput<string>()(field);
}

/**
 * Re-types a schema's input as the value a form field holds, so TanStack Form
 * (which requires a schema's input to match the form's values) accepts it; at
 * run time the schema still takes whatever it did (absent keys, numbers).
 */
export function withFormInput<Input>() {
  return <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<z.output<S>, Input>;
}

const M = FIELD_MESSAGES;
const minLength = (n: number, message: string): Rule => [(v) => v.length >= n, message];
const matches = (pattern: RegExp, message: string): Rule => [(v) => pattern.test(v), message];

/** Email: trimmed, required, an email address; lower-cased on output (the API compares lower-cased). */
export const emailField = requiredText(M.emailRequired, [matches(EMAIL_PATTERN, M.emailInvalid)], {
  notText: M.emailInvalid,
}).overwrite(normaliseEmail);

const PASSWORD_RULES = [minLength(PASSWORD_MIN_LENGTH, M.passwordMin), matches(PASSWORD_SPECIAL, M.passwordSpecial)];

/** A new password: required, at least 6 characters, one special character. Not trimmed. */
export const passwordField = requiredText(M.passwordRequired, PASSWORD_RULES, { trim: false });

/** A password that may be left out (a guest completing details); when given, the password rules. */
export const optionalPasswordField = optionalText(PASSWORD_RULES, M.passwordRequired, { trim: false });

/** The sign-in password: only required (older accounts may predate the rules). */
export const loginPasswordField = requiredText(M.passwordRequired, [], { trim: false });

/** First or last name: trimmed, 2 to 50 characters. */
export const nameField = requiredText(M.nameRequired, [
  minLength(NAME_MIN_LENGTH, M.nameMin),
  [(v) => v.length <= NAME_MAX_LENGTH, M.nameMax],
]);

const PHONE_RULES = [matches(PHONE_PATTERN, M.phoneInvalid)];

/** phone_number / mobile: 10 digits, not starting with 0. */
export const phoneField = requiredText(M.phoneRequired, PHONE_RULES, { notText: M.phoneInvalid });

/** alt_phone_number (and any phone that may be left out): when given, the phone_number rule. */
export const optionalPhoneField = optionalText(PHONE_RULES, M.phoneInvalid);

export const pincodeField = requiredText(M.pincodeRequired, [matches(PINCODE_PATTERN, M.pincodeInvalid)], {
  notText: M.pincodeInvalid,
});

export const addressField = requiredText(M.addressRequired);
export const cityField = requiredText(M.cityRequired);
export const stateField = requiredText(M.stateRequired);
export const subjectField = requiredText(M.subjectRequired);
export const messageField = requiredText(M.messageRequired);

/** A one-time password: 6 digits. */
export const otpField = requiredText(
  EXTRA_FIELD_MESSAGES.otpRequired,
  [matches(OTP_PATTERN, EXTRA_FIELD_MESSAGES.otpInvalid)],
  { notText: EXTRA_FIELD_MESSAGES.otpInvalid },
);
