/**
 * OTP calls (SPEC §7 OTP; shapes from API-NOTES.md), parsed at the seam. Send
 * answers carry `otp` only in demo mode; SPEC shows it in the toast.
 */
import { MESSAGES } from '../messages.ts';
import type { Customer, SignedInSession } from './account.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

/** The parsers, loaded with the first call that needs one. */
const answers = () => import('./otp.answers.ts');

export interface OtpSendPayload {
  mobile: string;
}
export interface OtpVerifyPayload {
  mobile: string;
  otp: string;
}

export interface CheckoutOtpSession {
  token: string;
  customer: Customer;
  is_existing_customer: boolean;
}

/** `POST /otp/send` `{ mobile }`: the checkout (and registration) OTP. */
export function sendCheckoutOtp(api: ApiClient, input: OtpSendPayload, options: CallOptions = {}): Promise<Outcome<{ otp?: string }>> {
  return parsedCall(api, 'POST', '/otp/send', async () => (await answers()).sentAnswer, { ...options, json: input, fallback: MESSAGES.otp.sendFailed });
}

/** `POST /login/otp` `{ mobile }`: the sign-in OTP. */
export function sendLoginOtp(api: ApiClient, input: OtpSendPayload, options: CallOptions = {}): Promise<Outcome<{ otp?: string }>> {
  return parsedCall(api, 'POST', '/login/otp', async () => (await answers()).sentAnswer, { ...options, json: input, fallback: MESSAGES.otp.sendFailed });
}

/** `POST /otp/verify/login` `{ mobile, otp }`: the token and the customer. */
export function verifyLoginOtp(api: ApiClient, input: OtpVerifyPayload, options: CallOptions = {}): Promise<Outcome<SignedInSession>> {
  return parsedCall(api, 'POST', '/otp/verify/login', async () => (await answers()).loginAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.otp.verificationFailed,
    unexplained: MESSAGES.otp.invalid,
  });
}

/** `POST /otp/verify/checkout` `{ mobile, otp }`: the token, the customer and whether the account existed. */
export function verifyCheckoutOtp(api: ApiClient, input: OtpVerifyPayload, options: CallOptions = {}): Promise<Outcome<CheckoutOtpSession>> {
  return parsedCall(api, 'POST', '/otp/verify/checkout', async () => (await answers()).checkoutAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.otp.verificationFailed,
    // SPEC §8 OTP: a code refused without a word is 'Invalid OTP'; no answer at all is 'OTP verification failed'.
    unexplained: MESSAGES.otp.invalid,
  });
}
