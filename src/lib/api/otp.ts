/**
 * OTP calls (SPEC §7 OTP; shapes from API-NOTES.md), parsed at the seam. Send
 * answers carry `otp` only in demo mode; SPEC shows it in the toast.
 */
import * as z from 'zod/mini';
import { MESSAGES } from '../messages.ts';
import { customerSchema, dataOf, sessionSchema, type Customer, type SignedInSession } from './account.ts';
import type { CallOptions } from './catalog.ts';
import type { ApiClient } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

export interface OtpSendPayload {
  mobile: string;
}
export interface OtpVerifyPayload {
  mobile: string;
  otp: string;
}

/** `otp` only in demo mode (no SMS sender configured). */
const sentAnswer = dataOf(z.object({ otp: z.optional(z.string()) }));
const loginAnswer = dataOf(sessionSchema);
const checkoutAnswer = dataOf(
  z.object({ token: z.string().check(z.minLength(1)), customer: customerSchema, is_existing_customer: z.boolean() }),
);

export interface CheckoutOtpSession {
  token: string;
  customer: Customer;
  is_existing_customer: boolean;
}

/** `POST /otp/send` `{ mobile }`: the checkout (and registration) OTP. */
export function sendCheckoutOtp(api: ApiClient, input: OtpSendPayload, options: CallOptions = {}): Promise<Outcome<{ otp?: string }>> {
  return parsedCall(api, 'POST', '/otp/send', sentAnswer, { ...options, json: input, fallback: MESSAGES.otp.sendFailed });
}

/** `POST /login/otp` `{ mobile }`: the sign-in OTP. */
export function sendLoginOtp(api: ApiClient, input: OtpSendPayload, options: CallOptions = {}): Promise<Outcome<{ otp?: string }>> {
  return parsedCall(api, 'POST', '/login/otp', sentAnswer, { ...options, json: input, fallback: MESSAGES.otp.sendFailed });
}

/** `POST /otp/verify/login` `{ mobile, otp }`: the token and the customer. */
export function verifyLoginOtp(api: ApiClient, input: OtpVerifyPayload, options: CallOptions = {}): Promise<Outcome<SignedInSession>> {
  return parsedCall(api, 'POST', '/otp/verify/login', loginAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.otp.verificationFailed,
    unexplained: MESSAGES.otp.invalid,
  });
}

/** `POST /otp/verify/checkout` `{ mobile, otp }`: the token, the customer and whether the account existed. */
export function verifyCheckoutOtp(api: ApiClient, input: OtpVerifyPayload, options: CallOptions = {}): Promise<Outcome<CheckoutOtpSession>> {
  return parsedCall(api, 'POST', '/otp/verify/checkout', checkoutAnswer, {
    ...options,
    json: input,
    fallback: MESSAGES.otp.verificationFailed,
  });
}

/** The answer shapes, for the API tests that check the contract from the server's side. */
export const OTP_ANSWERS = { sent: sentAnswer, login: loginAnswer, checkout: checkoutAnswer };
