/**
 * Parsers of the OTP answers (zod/mini), loaded with the first OTP call.
 */
import * as z from 'zod/mini';
import { customerSchema, dataOf, sessionSchema } from './account.answers.ts';

/** `otp` only in demo mode (no SMS sender configured). */
export const sentAnswer = dataOf(z.object({ otp: z.optional(z.string()) }));
export const loginAnswer = dataOf(sessionSchema);
export const checkoutAnswer = dataOf(
  z.object({ token: z.string().check(z.minLength(1)), customer: customerSchema, is_existing_customer: z.boolean() }),
);

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const OTP_ANSWERS = { sent: sentAnswer, login: loginAnswer, checkout: checkoutAnswer };
