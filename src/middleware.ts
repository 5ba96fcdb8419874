/**
 * Per-request set-up for every page (ARCHITECTURE: Client, Auth and sessions).
 *
 * 1. attachApi: `locals.api`, the store API client. Over `locals.apiFetch`
 *    (in-process, no HTTP) when server.ts passes it; else over HTTP to
 *    STORE_API_URL; else to this origin's /api. Key from STORE_API_KEY.
 * 2. Route guards (SPEC §2 access column): a later issue. They go between
 *    attachApi and the page, in `sequence(...)` below, using `routeAccess()`
 *    from src/lib/routes.ts and the session cookie (ARCHITECTURE: Auth and
 *    sessions); the bearer token read from the cookie should then be passed
 *    to the client as `token` in attachApi.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { createApiClient, type ApiClient } from './lib/api/client.ts';
import { getStoreInfo } from './lib/api/store.ts';
import { DEFAULT_STORE_API_KEY } from './lib/constants.ts';

function serverApiClient(apiFetch: App.Locals['apiFetch'], url: URL): ApiClient {
  const apiKey = process.env.STORE_API_KEY || DEFAULT_STORE_API_KEY;
  if (apiFetch) {
    // The origin only makes the URL absolute; the request never leaves the process.
    return createApiClient({
      baseUrl: new URL('/api', url).href,
      apiKey,
      fetch: (input, init) => apiFetch(new Request(input, init)),
    });
  }
  return createApiClient({ baseUrl: process.env.STORE_API_URL || new URL('/api', url).href, apiKey });
}

const attachApi = defineMiddleware((context, next) => {
  // server.ts hands Astro a fresh locals object per request, so this client
  // (later carrying the shopper's token) is never shared between requests.
  const api = serverApiClient(context.locals.apiFetch, context.url);
  context.locals.api = api;
  let storeInfo: ReturnType<App.Locals['storeInfo']> | undefined;
  context.locals.storeInfo = () => (storeInfo ??= getStoreInfo(api));
  return next();
});

// Route guards go here (see 2. above): export const onRequest = sequence(attachApi, guardRoutes);
export const onRequest = sequence(attachApi);
