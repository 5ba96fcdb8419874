/**
 * Account calls (SPEC §7 Account; request shapes from API-NOTES.md). Each
 * passes its SPEC §8 fallback, so a network failure reads as that text.
 * The bearer comes from the client's token source unless a call says otherwise.
 */
import { MESSAGES } from '../messages.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import type {
  AccountDetailsPayload,
  AccountResponse,
  ApiMessageOnly,
  ApiResult,
  ChangeEmailPayload,
  ChangeEmailResponse,
  ChangePasswordPayload,
  ForgotPasswordPayload,
  GuestDetailsPayload,
  GuestDetailsResponse,
  LoginCredentials,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  TokenPasswordPayload,
} from './types.ts';

/** `POST /customer/register`: data is the SPEC §3 user object. */
export function register(api: ApiClient, input: RegisterRequest, options: CallOptions = {}): Promise<ApiResult<RegisterResponse>> {
  return api.post<RegisterResponse>('/customer/register', {
    ...options,
    json: input,
    fallback: MESSAGES.auth.registrationFailed,
  });
}

/** `POST /customer/login` `{ email, password }`: data `{ token, customer }`. */
export function login(api: ApiClient, credentials: LoginCredentials, options: CallOptions = {}): Promise<ApiResult<LoginResponse>> {
  return api.post<LoginResponse>('/customer/login', { ...options, json: credentials, fallback: MESSAGES.auth.loginFailed });
}

/**
 * `POST /customer/logout` revoking `token`. SPEC §7 names the payload
 * user_token; our API reads the token from the bearer header, so it goes there
 * (a secret in a body is more likely to be logged).
 */
export function logout(api: ApiClient, token: string | null, options: CallOptions = {}): Promise<ApiResult<ApiMessageOnly>> {
  return api.post<ApiMessageOnly>('/customer/logout', { ...options, token, fallback: MESSAGES.auth.logoutFailed });
}

/** `POST /customer/forgot-password` `{ email }`: the same answer whether or not the account exists. */
export function forgotPassword(
  api: ApiClient,
  input: ForgotPasswordPayload,
  options: CallOptions = {},
): Promise<ApiResult<ApiMessageOnly>> {
  return api.post<ApiMessageOnly>('/customer/forgot-password', {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/token-password` `{ token, password, password_confirmation }` from the mailed link. */
export function tokenPassword(
  api: ApiClient,
  input: TokenPasswordPayload,
  options: CallOptions = {},
): Promise<ApiResult<ApiMessageOnly>> {
  return api.post<ApiMessageOnly>('/customer/token-password', {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/reset-password`: the signed-in customer changes their password. */
export function changePassword(
  api: ApiClient,
  input: ChangePasswordPayload,
  options: CallOptions = {},
): Promise<ApiResult<ApiMessageOnly>> {
  return api.post<ApiMessageOnly>('/customer/reset-password', {
    ...options,
    json: input,
    fallback: MESSAGES.auth.resetPasswordFailed,
  });
}

/** `POST /customer/account-details` `{ firstname, lastname }`: data is the updated customer. */
export function updateAccountDetails(
  api: ApiClient,
  input: AccountDetailsPayload,
  options: CallOptions = {},
): Promise<ApiResult<AccountResponse>> {
  return api.post<AccountResponse>('/customer/account-details', {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `GET /customer/account`: the signed-in customer. */
export function getAccount(api: ApiClient, options: CallOptions = {}): Promise<ApiResult<AccountResponse>> {
  return api.get<AccountResponse>('/customer/account', { ...options, fallback: MESSAGES.general.somethingWentWrong });
}

/** `POST /customer/update-user-details`: a guest's details after checkout OTP; data `{ customer }`. */
export function updateUserDetails(
  api: ApiClient,
  input: GuestDetailsPayload,
  options: CallOptions = {},
): Promise<ApiResult<GuestDetailsResponse>> {
  return api.post<GuestDetailsResponse>('/customer/update-user-details', {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `POST /customer/resend-verification` `{ email }`: a new link for an account still waiting to confirm its email. */
export function resendVerification(
  api: ApiClient,
  input: ForgotPasswordPayload,
  options: CallOptions = {},
): Promise<ApiResult<ApiMessageOnly>> {
  return api.post<ApiMessageOnly>('/customer/resend-verification', {
    ...options,
    json: input,
    fallback: MESSAGES.general.somethingWentWrong,
  });
}

/** `POST /customer/change-email` `{ email, password }`: mails a link to the new address and a notice to the old one. */
export function changeEmail(
  api: ApiClient,
  input: ChangeEmailPayload,
  options: CallOptions = {},
): Promise<ApiResult<ChangeEmailResponse>> {
  return api.post<ChangeEmailResponse>('/customer/change-email', {
    ...options,
    json: input,
    fallback: MESSAGES.account.updateDetailsFailed,
  });
}

/** `POST /customer/verify-email` `{ token }` from the mailed link. */
export function verifyEmail(api: ApiClient, token: string, options: CallOptions = {}): Promise<ApiResult<ApiMessageOnly>> {
  return api.post<ApiMessageOnly>('/customer/verify-email', {
    ...options,
    json: { token },
    fallback: MESSAGES.general.somethingWentWrong,
  });
}
