/**
 * Account calls (SPEC §7 Account; request shapes from API-NOTES.md), parsed at
 * the seam. Each passes its SPEC §8 fallback, so a network failure reads as
 * that text. The bearer comes from the client's token source unless a call
 * says otherwise.
 */
// zod/mini: the auth store is on every page (the header's account menu), so its parsers must weigh little.
import * as z from 'zod/mini';
import { MESSAGES } from '../messages.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

const text = z.nullish(z.string());

/** The customer of SPEC §3 as the API presents it. */
export const customerSchema = z.object({
  id: z.optional(z.int()),
  firstname: text,
  lastname: text,
  email: text,
  phone_number: text,
  alt_phone_number: text,
});
export type Customer = z.output<typeof customerSchema>;

/** SPEC §3 User object: what auth state keeps (token is the bearer). */
const authUserSchema = z.object({
  customer: z.optional(customerSchema),
  token: z.optional(z.string()),
  email_verification_token: z.optional(z.string()),
  is_existing_customer: z.optional(z.boolean()),
});
export type AuthUser = z.output<typeof authUserSchema>;

/** A signed-in session: the bearer and its customer. */
export const sessionSchema = z.object({ token: z.string().check(z.minLength(1)), customer: customerSchema });
export type SignedInSession = z.output<typeof sessionSchema>;

/** `{ success, message, data }`, read as its data. */
export function dataOf<T>(data: z.ZodMiniType<T>) {
  return z.pipe(
    z.object({ success: z.literal(true), data }),
    z.transform((body) => (body as { data: T }).data),
  );
}

/** An answer whose only content is its message. */
export const doneAnswer = z.pipe(z.object({ success: z.literal(true) }), z.transform(() => true as const));

const registerAnswer = dataOf(authUserSchema);
const sessionAnswer = dataOf(sessionSchema);
const customerAnswer = dataOf(customerSchema);
const customerInDataAnswer = z.pipe(dataOf(z.object({ customer: customerSchema })), z.transform((data) => data.customer));

export interface RegisterRequest {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  phone_number?: string;
}
export interface LoginCredentials {
  email: string;
  password: string;
}
export interface EmailPayload {
  email: string;
}
export interface TokenPasswordPayload {
  token: string;
  password: string;
  password_confirmation: string;
}
/** SPEC §7: confirm_password is set equal to new_password by the caller's form. */
export interface ChangePasswordPayload {
  old_password: string;
  new_password: string;
  confirm_password: string;
}
export interface AccountDetailsPayload {
  firstname: string;
  lastname: string;
}
export interface GuestDetailsPayload {
  firstname: string;
  lastname: string;
  email: string;
  password?: string;
  alt_phone_number?: string;
}
/** `POST /customer/change-email`: the new address and the current password. */
export interface ChangeEmailPayload {
  email: string;
  password: string;
}

/** `POST /customer/register`: the SPEC §3 user object. */
export function register(api: ApiClient, input: RegisterRequest, options: CallOptions = {}): Promise<Outcome<AuthUser>> {
  return parsedCall(api, 'POST', '/customer/register', registerAnswer, { ...options, json: input, fallback: MESSAGES.auth.registrationFailed });
}

/** `POST /customer/login` `{ email, password }`: the token and the customer. A refusal with no message means an unverified email (SPEC §4). */
export function login(api: ApiClient, credentials: LoginCredentials, options: CallOptions = {}): Promise<Outcome<SignedInSession>> {
  return parsedCall(api, 'POST', '/customer/login', sessionAnswer, {
    ...options,
    json: credentials,
    fallback: MESSAGES.auth.loginFailed,
    unexplained: MESSAGES.auth.verifyEmailFirst,
  });
}

/**
 * `POST /customer/logout` revoking `token`. SPEC §7 names the payload
 * user_token; our API reads the token from the bearer header, so it goes there
 * (a secret in a body is more likely to be logged).
 */
export function logout(api: ApiClient, token: string | null, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/logout', doneAnswer, { ...options, token, fallback: MESSAGES.auth.logoutFailed });
}

/** `POST /customer/forgot-password` `{ email }`: the same answer whether or not the account exists. */
export function forgotPassword(api: ApiClient, input: EmailPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/forgot-password', doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/token-password` `{ token, password, password_confirmation }` from the mailed link. */
export function tokenPassword(api: ApiClient, input: TokenPasswordPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/token-password', doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/reset-password`: the signed-in customer changes their password. */
export function changePassword(api: ApiClient, input: ChangePasswordPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/reset-password', doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/account-details` `{ firstname, lastname }`: the updated customer. */
export function updateAccountDetails(api: ApiClient, input: AccountDetailsPayload, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'POST', '/customer/account-details', customerAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `GET /customer/account`: the signed-in customer. */
export function getAccount(api: ApiClient, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'GET', '/customer/account', customerAnswer, { ...options, fallback: MESSAGES.general.somethingWentWrong });
}

/** `POST /customer/update-user-details`: a guest's details after checkout OTP; the customer. */
export function updateUserDetails(api: ApiClient, input: GuestDetailsPayload, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'POST', '/customer/update-user-details', customerInDataAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `POST /customer/resend-verification` `{ email }`: a new link for an account still waiting to confirm its email. */
export function resendVerification(api: ApiClient, input: EmailPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/resend-verification', doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.general.somethingWentWrong,
  });
}

/** `POST /customer/change-email` `{ email, password }`: the customer as it stands (the email changes once the new address's link is opened). */
export function changeEmail(api: ApiClient, input: ChangeEmailPayload, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'POST', '/customer/change-email', customerInDataAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `POST /customer/verify-email` `{ token }` from the mailed link. */
export function verifyEmail(api: ApiClient, token: string, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/verify-email', doneAnswer, {
    ...options,
    json: { token },
    fallback: MESSAGES.general.somethingWentWrong,
  });
}

/** The answer shapes, for the API tests that check the contract from the server's side. */
export const ACCOUNT_ANSWERS = {
  register: registerAnswer,
  session: sessionAnswer,
  customer: customerAnswer,
  customerInData: customerInDataAnswer,
  done: doneAnswer,
};
