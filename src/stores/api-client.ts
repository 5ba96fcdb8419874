/**
 * The browser's store API client, shared by every island: same-origin /api
 * (ARCHITECTURE property 4), the store key the layout prints in
 * <meta name="store-api-key">, and the bearer token of the persisted auth
 * state (SPEC §6). A signed-in call the API refuses with 401 means the token
 * was revoked or expired: it fires the manual-logout event, which signs out.
 */
import { createApiClient, type ApiClient, type FetchLike } from '../lib/api/client.ts';
import { DEFAULT_STORE_API_KEY } from '../lib/constants.ts';
import { $auth } from './auth.ts';
import { MANUAL_LOGOUT_EVENT } from './session.ts';

export const API_KEY_META = 'store-api-key';

function pageApiKey(): string {
  if (typeof document === 'undefined') return DEFAULT_STORE_API_KEY;
  return document.querySelector<HTMLMetaElement>(`meta[name="${API_KEY_META}"]`)?.content || DEFAULT_STORE_API_KEY;
}

const watchingFetch: FetchLike = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  const sentBearer = new Headers(init?.headers).has('Authorization');
  if (response.status === 401 && sentBearer && typeof window !== 'undefined') {
    window.dispatchEvent(new Event(MANUAL_LOGOUT_EVENT));
  }
  return response;
};

let client: ApiClient | undefined;

export function browserApi(): ApiClient {
  client ??= createApiClient({
    baseUrl: '/api',
    apiKey: pageApiKey(),
    token: () => $auth.get().user?.token,
    fetch: watchingFetch,
  });
  return client;
}
