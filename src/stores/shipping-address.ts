/**
 * The shopper's shipping address on My Account (SPEC §3 Shipping address form
 * fields, §4 Wishlist, address and account): saving shows the server's
 * message, stores the returned address, then refetches it. Not persisted.
 */
import { atom } from 'nanostores';
import type { ApiClient } from '../lib/api/client.ts';
import type { Outcome } from '../lib/api/parsed.ts';
import { getShippingAddress, saveShippingAddress, type ShippingAddress } from '../lib/api/shipping.ts';
import { MESSAGES } from '../lib/messages.ts';
import type { ShippingAddressRequest } from '../lib/schemas/address.ts';
import { $auth } from './auth.ts';
import { showToast } from './toast.ts';

export interface ShippingAddressState {
  address: ShippingAddress | null;
  loading: boolean;
  error: string | null;
}

export const INITIAL_SHIPPING_ADDRESS: ShippingAddressState = Object.freeze({ address: null, loading: false, error: null });

export const $shippingAddress = atom<ShippingAddressState>(INITIAL_SHIPPING_ADDRESS);

const update = (patch: Partial<ShippingAddressState>) => $shippingAddress.set({ ...$shippingAddress.get(), ...patch });

/** The address the server rendered the page with. */
export function adoptShippingAddress(address: ShippingAddress | null, error: string | null = null): void {
  $shippingAddress.set({ address, loading: false, error });
}

/** `GET /customer/get-shipping-address`; 'Failed to fetch shipping address' when it fails without a message, toasted and stored (SPEC §8). */
export async function fetchShippingAddress(api: ApiClient): Promise<Outcome<ShippingAddress | null> | null> {
  if (!$auth.get().isAuthenticated) return null;
  update({ loading: true, error: null });
  const outcome = await getShippingAddress(api, { key: 'shipping-address' });
  if (outcome.ok) update({ address: outcome.value, loading: false });
  else if (outcome.cancelled) update({ loading: false });
  else {
    const message = outcome.messages[0] ?? MESSAGES.account.fetchAddressFailed;
    update({ loading: false, error: message });
    showToast('error', message);
  }
  return outcome;
}

/** SPEC §4: on success the message shows, the returned address is stored, then it is fetched again. */
export async function saveAddress(api: ApiClient, payload: ShippingAddressRequest): Promise<Outcome<ShippingAddress> | null> {
  if (!$auth.get().isAuthenticated) return null;
  update({ loading: true, error: null });
  const outcome = await saveShippingAddress(api, payload);
  if (outcome.ok) {
    for (const message of outcome.messages) showToast('success', message);
    update({ address: outcome.value, loading: false });
    await fetchShippingAddress(api);
  } else if (outcome.cancelled) {
    update({ loading: false });
  } else {
    const messages = outcome.messages.length > 0 ? outcome.messages : [MESSAGES.account.saveAddressFailed];
    update({ loading: false, error: messages[0] ?? MESSAGES.account.saveAddressFailed });
    for (const message of messages) showToast('error', message);
  }
  return outcome;
}

$auth.listen((state) => {
  if (!state.isAuthenticated && $shippingAddress.get() !== INITIAL_SHIPPING_ADDRESS) $shippingAddress.set(INITIAL_SHIPPING_ADDRESS);
});
