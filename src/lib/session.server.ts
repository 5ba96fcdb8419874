/**
 * Who the session cookie belongs to, asked of the store API (GET
 * /customer/account with the cookie's token as bearer). Used by the route
 * guards and the /session endpoint; a revoked or expired token reads as none.
 */
import { getAccount, type Customer } from './api/account.ts';
import type { ApiClient } from './api/client.ts';
import { isPlausibleToken } from './session-cookie.ts';

export type SessionLookup =
  | { state: 'none' }
  | { state: 'signed-in'; token: string; customer: Customer }
  /** The API refused the token, or could not be asked: not signed in as far as this request goes. */
  | { state: 'refused' };

export async function lookUpSession(api: ApiClient, token: string | undefined): Promise<SessionLookup> {
  if (token === undefined || token === '') return { state: 'none' };
  if (!isPlausibleToken(token)) return { state: 'refused' };
  const result = await getAccount(api, { token });
  if (!result.ok) return { state: 'refused' };
  return { state: 'signed-in', token, customer: result.value };
}
