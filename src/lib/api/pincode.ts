/**
 * PIN code lookup (API-NOTES "Shipping and PIN codes"): the city (district)
 * and state that fill an address form. Shared by checkout and My Account.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { ApiClient, RequestOptions } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

const placeAnswer = z
  .object({ success: z.literal(true), data: z.object({ city: z.string(), state: z.string() }) })
  .transform(({ data }) => ({ city: data.city, state: data.state }));

/** `GET /pincode/{pin}`: an unknown PIN is a failure with the server's message. */
export function lookUpPincode(
  api: ApiClient,
  pin: string,
  options: Pick<RequestOptions, 'signal' | 'key'> = {},
): Promise<Outcome<{ city: string; state: string }>> {
  return parsedCall(api, 'GET', `/pincode/${encodeURIComponent(pin)}`, placeAnswer, {
    ...options,
    fallback: MESSAGES.general.somethingWentWrong,
  });
}
