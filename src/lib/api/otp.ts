/**
 * OTP calls (SPEC §7 OTP; shapes from API-NOTES.md). Send answers carry
 * `data.otp` only in demo mode; SPEC shows it in the toast.
 */
import { MESSAGES } from '../messages.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import type {
  ApiResult,
  CheckoutOtpVerifyResponse,
  LoginOtpVerifyResponse,
  OtpSendPayload,
  OtpSendResponse,
  OtpVerifyPayload,
} from './types.ts';

/** `POST /otp/send` `{ mobile }`: the checkout (and registration) OTP. */
export function sendCheckoutOtp(api: ApiClient, input: OtpSendPayload, options: CallOptions = {}): Promise<ApiResult<OtpSendResponse>> {
  return api.post<OtpSendResponse>('/otp/send', { ...options, json: input, fallback: MESSAGES.otp.sendFailed });
}

/** `POST /login/otp` `{ mobile }`: the sign-in OTP. */
export function sendLoginOtp(api: ApiClient, input: OtpSendPayload, options: CallOptions = {}): Promise<ApiResult<OtpSendResponse>> {
  return api.post<OtpSendResponse>('/login/otp', { ...options, json: input, fallback: MESSAGES.otp.sendFailed });
}

/** `POST /otp/verify/login` `{ mobile, otp }`: data `{ token, customer }`. */
export function verifyLoginOtp(
  api: ApiClient,
  input: OtpVerifyPayload,
  options: CallOptions = {},
): Promise<ApiResult<LoginOtpVerifyResponse>> {
  return api.post<LoginOtpVerifyResponse>('/otp/verify/login', {
    ...options,
    json: input,
    fallback: MESSAGES.otp.verificationFailed,
  });
}

/** `POST /otp/verify/checkout` `{ mobile, otp }`: data `{ is_existing_customer, token, customer }`. */
export function verifyCheckoutOtp(
  api: ApiClient,
  input: OtpVerifyPayload,
  options: CallOptions = {},
): Promise<ApiResult<CheckoutOtpVerifyResponse>> {
  return api.post<CheckoutOtpVerifyResponse>('/otp/verify/checkout', {
    ...options,
    json: input,
    fallback: MESSAGES.otp.verificationFailed,
  });
}
