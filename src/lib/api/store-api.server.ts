/**
 * The store API client the server builds for one request (src/middleware.ts;
 * a guarded page gets one carrying the shopper's token, other server code
 * passes `{ token }` per call). Server only: it reads process.env.
 *
 * Over `callApi` (the in-process API, no HTTP) when server.ts passes it; else
 * over HTTP to STORE_API_URL; else to the configured origin's /api (never one
 * built from the request's Host, which would send the shopper's token to
 * whatever host a client names).
 */
import { DEFAULT_STORE_API_KEY } from '../constants.ts';
import { siteOrigin } from '../site-origin.server.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { inProcessFetch } from './in-process-call.server.ts';

/** The store's API key: a client identifier, not a secret (API-NOTES), so pages hand it to islands too. */
export const storeApiKey = (): string => process.env.STORE_API_KEY || DEFAULT_STORE_API_KEY;

export function serverApiClient(callApi: App.Locals['callApi'], token?: string): ApiClient {
  const apiKey = storeApiKey();
  const ownApi = `${siteOrigin()}/api`;
  if (callApi) {
    // The origin only makes the URL absolute; the request never leaves the process.
    return createApiClient({ baseUrl: ownApi, apiKey, token, fetch: inProcessFetch(callApi) });
  }
  return createApiClient({ baseUrl: process.env.STORE_API_URL || ownApi, apiKey, token });
}
