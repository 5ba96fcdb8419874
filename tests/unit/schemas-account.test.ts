import { FormApi, formOptions } from '@tanstack/react-form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiError } from '../../api/http/envelope.ts';
import { parseWith } from '../../api/http/validate.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  guestDetailsSchema,
  loginSchema,
  otpSendSchema,
  otpVerifySchema,
  profileSchema,
  registrationFormSchema,
  registrationRequestSchema,
  resetPasswordFormSchema,
  toRegistrationRequest,
  toTokenPasswordRequest,
  tokenPasswordSchema,
} from '../../src/lib/schemas/account.ts';
import { emailField, messageField, normaliseEmail, subjectField } from '../../src/lib/schemas/fields.ts';

/** The `errors` the API answers for an input (api/http/validate.ts), or null when it is valid. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  try {
    parseWith(schema, input);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.errors ?? {};
    throw error;
  }
}
const messagesOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues.map((i) => i.message) ?? [];

const registration = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  password: 'secret!1',
  mobile: '9876543210',
  terms: true,
};

describe('email', () => {
  it('requires an email, then a valid address', () => {
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: ['Email is required'] });
    expect(errorsOf(forgotPasswordSchema, { email: '   ' })).toEqual({ email: ['Email is required'] });
    expect(errorsOf(forgotPasswordSchema, { email: 'asha@' })).toEqual({ email: ['Must be a valid email address'] });
    expect(errorsOf(forgotPasswordSchema, { email: 'asha example.com' })).toEqual({
      email: ['Must be a valid email address'],
    });
  });

  it('trims and lower-cases the address', () => {
    expect(emailField.parse('  Asha.V@Example.COM ')).toBe('asha.v@example.com');
    expect(normaliseEmail(' Asha@Example.com ')).toBe('asha@example.com');
  });
});

describe('login', () => {
  it('accepts an email and any non-empty password', () => {
    expect(loginSchema.parse({ email: 'asha@example.com', password: 'abc' })).toEqual({
      email: 'asha@example.com',
      password: 'abc',
    });
  });

  it('only requires the password', () => {
    expect(errorsOf(loginSchema, { email: 'asha@example.com', password: '' })).toEqual({
      password: ['Password is required'],
    });
  });

  it('keeps the password as typed and drops unknown fields', () => {
    expect(loginSchema.parse({ email: 'a@b.co', password: ' pass ', user_token: 'k', role: 'admin' })).toEqual({
      email: 'a@b.co',
      password: ' pass ',
    });
  });
});

describe('registration form', () => {
  it('accepts a complete form, trimming names and the mobile', () => {
    const form = registrationFormSchema.parse({ ...registration, firstName: ' Asha ', mobile: ' 9876543210 ' });
    expect(form).toEqual({ ...registration, firstName: 'Asha' });
  });

  it('reports required before length before pattern for the password', () => {
    expect(messagesOf(registrationFormSchema.shape.password, '')).toEqual(['Password is required']);
    expect(messagesOf(registrationFormSchema.shape.password, 'abc')).toEqual([
      'Password must be at least 6 characters',
      'Must contain at least one special character',
    ]);
    expect(messagesOf(registrationFormSchema.shape.password, 'abcdefg')).toEqual([
      'Must contain at least one special character',
    ]);
    expect(messagesOf(registrationFormSchema.shape.password, 'ab!')).toEqual(['Password must be at least 6 characters']);
  });

  it('accepts every special character the rule names', () => {
    for (const ch of '!@#$%^&*(),.?":{}|<>') {
      expect(registrationFormSchema.shape.password.safeParse(`abcdef${ch}`).success).toBe(true);
    }
    expect(messagesOf(registrationFormSchema.shape.password, 'abcdef_-+=')).toEqual([
      'Must contain at least one special character',
    ]);
  });

  it('checks names: required, at least 2, at most 50 characters, after trimming', () => {
    expect(errorsOf(registrationFormSchema, { ...registration, firstName: '  ' })).toEqual({
      firstName: ['This field is required'],
    });
    expect(errorsOf(registrationFormSchema, { ...registration, lastName: ' A ' })).toEqual({
      lastName: ['Must be at least 2 characters'],
    });
    expect(errorsOf(registrationFormSchema, { ...registration, lastName: 'a'.repeat(51) })).toEqual({
      lastName: ['Cannot exceed 50 characters'],
    });
    expect(registrationFormSchema.safeParse({ ...registration, lastName: 'a'.repeat(50) }).success).toBe(true);
  });

  it('requires a 10-digit mobile not starting with 0', () => {
    expect(errorsOf(registrationFormSchema, { ...registration, mobile: '' })).toEqual({
      mobile: ['Phone number is required'],
    });
    for (const mobile of ['0876543210', '987654321', '98765432101', '98765-4321']) {
      expect(errorsOf(registrationFormSchema, { ...registration, mobile })).toEqual({
        mobile: ['Must be a valid 10-digit number'],
      });
    }
  });

  it('requires the terms to be accepted', () => {
    expect(errorsOf(registrationFormSchema, { ...registration, terms: false })).toEqual({
      terms: ['Please accept the terms & conditions'],
    });
    expect(errorsOf(registrationFormSchema, { ...registration, terms: undefined })).toEqual({
      terms: ['Please accept the terms & conditions'],
    });
    expect(registrationFormSchema.parse({ ...registration, terms: 'on' }).terms).toBe(true);
  });

  it('lists every failing field of an empty form in field order', () => {
    expect(Object.keys(errorsOf(registrationFormSchema, {}) ?? {})).toEqual([
      'firstName',
      'lastName',
      'email',
      'password',
      'mobile',
      'terms',
    ]);
  });

  it('maps to the wire payload the API validates', () => {
    const request = toRegistrationRequest(registrationFormSchema.parse(registration));
    expect(request).toEqual({
      firstname: 'Asha',
      lastname: 'Verma',
      email: 'asha@example.com',
      password: 'secret!1',
      phone_number: '9876543210',
    });
    expect(registrationRequestSchema.parse(request)).toEqual(request);
  });
});

describe('registration request', () => {
  const wire = { firstname: 'Asha', lastname: 'Verma', email: 'Asha@Example.com', password: 'secret!1' };

  it('takes phone_number as optional, leaving a blank one out', () => {
    expect(registrationRequestSchema.parse(wire)).toEqual({ ...wire, email: 'asha@example.com' });
    expect(registrationRequestSchema.parse({ ...wire, phone_number: ' ' }).phone_number).toBeUndefined();
    expect(errorsOf(registrationRequestSchema, { ...wire, phone_number: '12345' })).toEqual({
      phone_number: ['Must be a valid 10-digit number'],
    });
  });

  it('uses the same name messages on the lower-case wire names', () => {
    expect(errorsOf(registrationRequestSchema, { ...wire, firstname: 'A', lastname: '' })).toEqual({
      firstname: ['Must be at least 2 characters'],
      lastname: ['This field is required'],
    });
  });
});

describe('password reset from a link', () => {
  it('requires the passwords to match', () => {
    expect(errorsOf(resetPasswordFormSchema, { password: 'secret!1', confirm_password: 'secret!2' })).toEqual({
      confirm_password: ['Passwords must match'],
    });
    expect(errorsOf(resetPasswordFormSchema, { password: 'secret!1', confirm_password: '' })).toEqual({
      confirm_password: ['Confirm password is required'],
    });
  });

  it('reports a mismatch beside a weak password', () => {
    expect(errorsOf(resetPasswordFormSchema, { password: 'abc', confirm_password: 'abd' })).toEqual({
      password: ['Password must be at least 6 characters', 'Must contain at least one special character'],
      confirm_password: ['Passwords must match'],
    });
  });

  it('sends token, password and password_confirmation', () => {
    const form = resetPasswordFormSchema.parse({ password: 'secret!1', confirm_password: 'secret!1' });
    const request = toTokenPasswordRequest('abc123', form);
    expect(request).toEqual({ token: 'abc123', password: 'secret!1', password_confirmation: 'secret!1' });
    expect(tokenPasswordSchema.parse({ ...request, extra: 1 })).toEqual(request);
  });

  it('checks the wire fields under their wire names', () => {
    expect(errorsOf(tokenPasswordSchema, { token: '', password: 'secret!1', password_confirmation: 'other!1' })).toEqual({
      token: ['The password reset link is not valid'],
      password_confirmation: ['Passwords must match'],
    });
  });
});

describe('change password', () => {
  const valid = { old_password: 'oldpass', new_password: 'secret!1', confirm_password: 'secret!1' };

  it('accepts matching new passwords', () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it('requires the old password, then 6 characters', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, old_password: '' })).toEqual({
      old_password: ['Old password is required'],
    });
    expect(errorsOf(changePasswordSchema, { ...valid, old_password: 'abc' })).toEqual({
      old_password: ['Old password must be at least 6 characters'],
    });
  });

  it('applies the password rules to the new password', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, new_password: '', confirm_password: '' })).toEqual({
      new_password: ['Password is required'],
      confirm_password: ['Confirm password is required'],
    });
    expect(errorsOf(changePasswordSchema, { ...valid, new_password: 'abcdefg', confirm_password: 'abcdefg' })).toEqual({
      new_password: ['Must contain at least one special character'],
    });
  });

  it('requires the confirmation to equal the new password', () => {
    expect(errorsOf(changePasswordSchema, { ...valid, confirm_password: 'secret!2' })).toEqual({
      confirm_password: ['Passwords must match'],
    });
  });
});

describe('profile and guest details', () => {
  it('edits firstname and lastname, trimmed', () => {
    expect(profileSchema.parse({ firstname: ' Asha ', lastname: 'Verma', email: 'x@y.co' })).toEqual({
      firstname: 'Asha',
      lastname: 'Verma',
    });
  });

  it('takes a guest password only when given, under the password rules', () => {
    const guest = { firstname: 'Asha', lastname: 'Verma', email: 'asha@example.com' };
    expect(guestDetailsSchema.parse({ ...guest, password: '' })).toEqual(guest);
    expect(guestDetailsSchema.parse({ ...guest, password: 'secret!1' })).toEqual({ ...guest, password: 'secret!1' });
    expect(errorsOf(guestDetailsSchema, { ...guest, password: 'abc' })).toEqual({
      password: ['Password must be at least 6 characters', 'Must contain at least one special character'],
    });
  });
});

describe('OTP', () => {
  it('sends to a valid mobile, ignoring user_token', () => {
    expect(otpSendSchema.parse({ mobile: '9876543210', user_token: 'demo' })).toEqual({ mobile: '9876543210' });
    expect(errorsOf(otpSendSchema, {})).toEqual({ mobile: ['Phone number is required'] });
    expect(errorsOf(otpSendSchema, { mobile: 9876543210 })).toEqual({ mobile: ['Must be a valid 10-digit number'] });
  });

  it('verifies a 6-digit code', () => {
    expect(otpVerifySchema.parse({ mobile: '9876543210', otp: ' 123456 ' })).toEqual({
      mobile: '9876543210',
      otp: '123456',
    });
    expect(errorsOf(otpVerifySchema, { mobile: '9876543210', otp: '' })).toEqual({ otp: ['OTP is required'] });
    expect(errorsOf(otpVerifySchema, { mobile: '9876543210', otp: '12345a' })).toEqual({ otp: ['OTP must be 6 digits'] });
  });
});

describe('contact fields', () => {
  it('requires a subject and a message', () => {
    expect(messagesOf(subjectField, ' ')).toEqual(['Subject is required']);
    expect(messagesOf(messageField, '')).toEqual(['Message is required']);
  });
});

describe('TanStack Form', () => {
  it('takes the registration schema as a form validator and files errors by field', () => {
    const options = formOptions({
      defaultValues: { ...registration, firstName: '', terms: false },
      validators: { onChange: registrationFormSchema },
    });
    const form = new FormApi(options);
    form.mount();
    form.setFieldValue('firstName', 'A');
    expect(form.getFieldMeta('firstName')?.errors.map((e) => (e as { message: string }).message)).toEqual([
      'Must be at least 2 characters',
    ]);
    expect(form.getFieldMeta('terms')?.errors.map((e) => (e as { message: string }).message)).toEqual([
      'Please accept the terms & conditions',
    ]);
  });

  it('takes the change-password schema with its cross-field check', () => {
    const form = new FormApi({
      defaultValues: { old_password: 'oldpass', new_password: 'secret!1', confirm_password: '' },
      validators: { onChange: changePasswordSchema },
    });
    form.mount();
    form.setFieldValue('confirm_password', 'secret!2');
    expect(form.getFieldMeta('confirm_password')?.errors.map((e) => (e as { message: string }).message)).toEqual([
      'Passwords must match',
    ]);
  });
});
