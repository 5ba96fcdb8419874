import { z } from 'zod';
import {
  addressField,
  cityField,
  nameField,
  optionalPhoneField,
  phoneField,
  pincodeField,
  stateField,
} from './fields.ts';

/**
 * The shipping address form and POST /customer/shipping-address (SPEC §3
 * "Shipping address form fields", §5): address, pincode, city, state and an
 * optional alt_phone_number, alongside phone_number and the names. Every text
 * is trimmed; a blank alt_phone_number is left out. Unknown fields are dropped.
 */
export const shippingAddressSchema = z.object({
  firstname: nameField,
  lastname: nameField,
  phone_number: phoneField,
  alt_phone_number: optionalPhoneField,
  address: addressField,
  pincode: pincodeField,
  city: cityField,
  state: stateField,
});
export type ShippingAddressRequest = z.output<typeof shippingAddressSchema>;
