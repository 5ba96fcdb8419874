/**
 * Account calls (SPEC §7 Account; request shapes from API-NOTES.md), parsed at
 * the seam. Each passes its SPEC §8 fallback, so a network failure reads as
 * that text. The bearer comes from the client's token source unless a call
 * says otherwise.
 */
import { MESSAGES } from '../messages.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';
import type { Customer, AuthUser, SignedInSession } from './account.answers.ts';
export type { Customer, AuthUser, SignedInSession } from './account.answers.ts';

/** The parsers, loaded with the first call that needs one. */
const answers = () => import('./account.answers.ts');

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
  return parsedCall(api, 'POST', '/customer/register', async () => (await answers()).registerAnswer, { ...options, json: input, fallback: MESSAGES.auth.registrationFailed });
}

/** `POST /customer/login` `{ email, password }`: the token and the customer. A refusal with no message means an unverified email (SPEC §4). */
export function login(api: ApiClient, credentials: LoginCredentials, options: CallOptions = {}): Promise<Outcome<SignedInSession>> {
  return parsedCall(api, 'POST', '/customer/login', async () => (await answers()).sessionAnswer, {
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
  return parsedCall(api, 'POST', '/customer/logout', async () => (await answers()).doneAnswer, { ...options, token, fallback: MESSAGES.auth.logoutFailed });
}

/** `POST /customer/forgot-password` `{ email }`: the same answer whether or not the account exists. */
export function forgotPassword(api: ApiClient, input: EmailPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/forgot-password', async () => (await answers()).doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/token-password` `{ token, password, password_confirmation }` from the mailed link. */
export function tokenPassword(api: ApiClient, input: TokenPasswordPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/token-password', async () => (await answers()).doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/reset-password`: the signed-in customer changes their password. */
export function changePassword(api: ApiClient, input: ChangePasswordPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/reset-password', async () => (await answers()).doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/account-details` `{ firstname, lastname }`: the updated customer. */
export function updateAccountDetails(api: ApiClient, input: AccountDetailsPayload, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'POST', '/customer/account-details', async () => (await answers()).customerAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `GET /customer/account`: the signed-in customer. */
export function getAccount(api: ApiClient, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'GET', '/customer/account', async () => (await answers()).customerAnswer, { ...options, fallback: MESSAGES.general.somethingWentWrong });
}

/** `POST /customer/update-user-details`: a guest's details after checkout OTP; the customer. */
export function updateUserDetails(api: ApiClient, input: GuestDetailsPayload, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'POST', '/customer/update-user-details', async () => (await answers()).customerInDataAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `POST /customer/resend-verification` `{ email }`: a new link for an account still waiting to confirm its email. */
export function resendVerification(api: ApiClient, input: EmailPayload, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/resend-verification', async () => (await answers()).doneAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.general.somethingWentWrong,
  });
}

/** `POST /customer/change-email` `{ email, password }`: the customer as it stands (the email changes once the new address's link is opened). */
export function changeEmail(api: ApiClient, input: ChangeEmailPayload, options: CallOptions = {}): Promise<Outcome<Customer>> {
  return parsedCall(api, 'POST', '/customer/change-email', async () => (await answers()).customerInDataAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `POST /customer/verify-email` `{ token }` from the mailed link. */
export function verifyEmail(api: ApiClient, token: string, options: CallOptions = {}): Promise<Outcome<true>> {
  return parsedCall(api, 'POST', '/customer/verify-email', async () => (await answers()).doneAnswer, {
    ...options,
    json: { token },
    fallback: MESSAGES.general.somethingWentWrong,
  });
}
