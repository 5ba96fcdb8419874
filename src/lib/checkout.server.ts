/**
 * What /checkout knows on the server (SPEC §2 /checkout, open to guests): the
 * cart's lines (src/lib/cart.server.ts) and, for a signed-in shopper, the
 * form prefilled from the profile and the saved shipping address. Server only.
 */
import type { CartLine } from './cart.ts';
import { serverCart, sessionToken, type ServerCartContext } from './cart.server.ts';
import { getAccount } from './api/account.ts';
import type { ApiClient } from './api/client.ts';
import { getShippingAddress } from './api/shipping.ts';
import { prefillDetails, type CheckoutDetails } from './checkout.ts';

async function prefillFor(api: ApiClient, token: string): Promise<CheckoutDetails | null> {
  const [account, address] = await Promise.all([
    getAccount(api, { token }),
    getShippingAddress(api, { token }),
  ]);
  if (!account.ok) return null;
  return prefillDetails(account.value, address.ok ? address.value : null);
}

export interface CheckoutStart {
  lines: CartLine[];
  signedIn: boolean;
  /** A signed-in shopper's details from their profile and saved address. */
  prefill: CheckoutDetails | null;
}

export async function checkoutStart(context: ServerCartContext): Promise<CheckoutStart> {
  const [lines, token] = await Promise.all([serverCart(context), sessionToken(context)]);
  const prefill = token ? await prefillFor(context.locals.api, token) : null;
  return { lines, signedIn: token !== null, prefill };
}
