/**
 * The shopper's one shipping address (SPEC §3 Shipping address form fields,
 * §4 Wishlist, address and account; API-NOTES): GET answers it in `data.data`
 * (null before the first), POST answers the saved address in `data`.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { ShippingAddressRequest } from '../schemas/address.ts';
import type { ApiClient, RequestOptions } from './client.ts';
import { parsedCall, type Outcome } from './parsed.ts';

/** The server's pages pass the shopper's token per call (`token`); islands use the client's own. */
type CallOptions = Pick<RequestOptions, 'signal' | 'key' | 'token'>;

export interface ShippingAddress {
  firstname: string;
  lastname: string;
  phoneNumber: string;
  altPhoneNumber: string | null;
  address: string;
  pincode: string;
  city: string;
  state: string;
}

const addressSchema = z
  .object({
    firstname: z.string().nullish(),
    lastname: z.string().nullish(),
    phone_number: z.string().nullish(),
    alt_phone_number: z.string().nullish(),
    address: z.string(),
    pincode: z.union([z.string(), z.number()]).transform(String),
    city: z.string(),
    state: z.string(),
  })
  .transform(
    (a): ShippingAddress => ({
      firstname: a.firstname ?? '',
      lastname: a.lastname ?? '',
      phoneNumber: a.phone_number ?? '',
      altPhoneNumber: a.alt_phone_number || null,
      address: a.address,
      pincode: a.pincode,
      city: a.city,
      state: a.state,
    }),
  );

const getAnswer = z
  .object({ success: z.literal(true), data: z.object({ data: addressSchema.nullish() }).nullish() })
  .transform(({ data }) => data?.data ?? null);

const saveAnswer = z.object({ success: z.literal(true), data: addressSchema }).transform(({ data }) => data);

/** `GET /customer/get-shipping-address`: the address, or null before the first save. */
export function getShippingAddress(api: ApiClient, options: CallOptions = {}): Promise<Outcome<ShippingAddress | null>> {
  return parsedCall(api, 'GET', '/customer/get-shipping-address', getAnswer, {
    ...options,
    fallback: MESSAGES.account.fetchAddressFailed,
  });
}

/** `POST /customer/shipping-address`: the saved address and the server's message. */
export function saveShippingAddress(api: ApiClient, payload: ShippingAddressRequest, options: CallOptions = {}): Promise<Outcome<ShippingAddress>> {
  return parsedCall(api, 'POST', '/customer/shipping-address', saveAnswer, {
    ...options,
    json: payload,
    fallback: MESSAGES.account.saveAddressFailed,
  });
}

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const SHIPPING_ANSWERS = { get: getAnswer, save: saveAnswer };
