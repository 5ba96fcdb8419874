/**
 * Wire shapes of the store API contract (SPEC §7 plus the API notes) for the calls
 * not yet parsed at the seam (src/lib/api/parsed.ts); parsed modules export their own types.
 * Field names stay snake_case as on the wire. Everything the server may leave out
 * is optional: the storefront must render with whatever arrives.
 */

/** A response message: SPEC §8 allows a string or a list of strings. */
export type ApiMessage = string | string[];

/** `{ field: [messages] }` for validation failures. */
export type FieldErrors = Record<string, string[]>;

/**
 * Every failure, from the server or made up by the client (network, non-JSON,
 * timeout; those always carry the caller's fallback message). A server body may
 * lack `message`: read texts through `failureMessages()` in client.ts.
 */
export interface ApiFailure {
  success: false;
  message?: ApiMessage;
  errors?: FieldErrors;
}

/** The usual success envelope `{ success, message, data }`. */
export interface ApiSuccess<D> {
  success: true;
  message?: ApiMessage;
  data: D;
}

/**
 * What `ApiClient.request<T>` resolves to: the parsed body `T`, a failure, or
 * null when the request was cancelled (SPEC §7 Behaviour).
 */
export type ApiResult<T> = T | ApiFailure | null;

// ---------------------------------------------------------- accounts and OTP
// SPEC §3 User object, §7 Account and OTP; shapes as api/customer and api/otp
// answer them (mirrored here: src/ never imports from api/).

/** The customer of SPEC §3 as the API presents it. */
export interface Customer {
  id?: number;
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
  phone_number?: string | null;
  alt_phone_number?: string | null;
}

/** SPEC §3 User object: what auth state keeps (token is the bearer). */
export interface AuthUser {
  customer?: Customer;
  token?: string;
  email_verification_token?: string;
  is_existing_customer?: boolean;
}

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
export interface ForgotPasswordPayload {
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
export interface OtpSendPayload {
  mobile: string;
}
export interface OtpVerifyPayload {
  mobile: string;
  otp: string;
}

/** `{ success, message }` with no data. */
export interface ApiMessageOnly {
  success: true;
  message?: ApiMessage;
}

export type RegisterResponse = ApiSuccess<AuthUser>;
export type LoginResponse = ApiSuccess<{ token: string; customer: Customer }>;
export type AccountResponse = ApiSuccess<Customer>;
export type GuestDetailsResponse = ApiSuccess<{ customer: Customer }>;
/** The customer as it stands: the email changes only once the new address's link is opened. */
export type ChangeEmailResponse = ApiSuccess<{ customer: Customer }>;
/** `data.otp` only in demo mode (no SMS sender configured). */
export type OtpSendResponse = ApiSuccess<{ otp?: string }>;
export type LoginOtpVerifyResponse = ApiSuccess<{ token: string; customer: Customer }>;
export type CheckoutOtpVerifyResponse = ApiSuccess<{ token: string; customer: Customer; is_existing_customer: boolean }>;
