/**
 * `GET /pincode/{pin}` (API-NOTES "Shipping and PIN codes"): the city (the
 * district) and state of a six-digit PIN code, for forms that fill them in
 * (checkout, My Account's shipping address). An unknown PIN is a failure; the
 * fields then stay as the shopper typed them.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { PINCODE_PATTERN } from '../schemas/fields.ts';
import type { ApiClient, RequestOptions } from './client.ts';
import { failed, parsedCall, type Outcome } from './parsed.ts';

export interface PlaceOfPincode {
  city: string;
  state: string;
}

const text = z.string().trim().min(1);

export const pincodeAnswerSchema = z
  .object({ success: z.literal(true), data: z.object({ city: text, state: text }) })
  .transform((body): PlaceOfPincode => ({ city: body.data.city, state: body.data.state }));

export function lookUpPincode(
  api: ApiClient,
  pin: string,
  options: Pick<RequestOptions, 'signal' | 'key'> = {},
): Promise<Outcome<PlaceOfPincode>> {
  const trimmed = pin.trim();
  // Only a well-formed PIN goes out: anything else could not name a place (or a path).
  if (!PINCODE_PATTERN.test(trimmed)) return Promise.resolve(failed([MESSAGES.general.somethingWentWrong]));
  return parsedCall(api, 'GET', `/pincode/${trimmed}`, pincodeAnswerSchema, {
    ...options,
    fallback: MESSAGES.general.somethingWentWrong,
  });
}

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const PINCODE_ANSWERS = { place: pincodeAnswerSchema };
