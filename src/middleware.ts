/**
 * Per-request set-up for every page (ARCHITECTURE: Client, Auth and sessions).
 *
 * 1. attachApi: `locals.api`, the store API client (src/lib/api/store-api.server.ts):
 *    over `locals.callApi` (in-process, no HTTP) when server.ts passes it;
 *    else over HTTP to STORE_API_URL; else to the configured origin's /api.
 * 2. guardRoutes: SPEC §2 access column, from the session cookie (set by
 *    /session after a sign-in). Signed-out visitors to a signed-in route go
 *    to /signin, signed-in visitors to a signed-out route go to /, before the
 *    page renders (no flash of the wrong page). Only those routes ask the API
 *    who the cookie belongs to; on a guarded page `locals.session` holds the
 *    customer and the page's client sends its token. Everyone's pages never
 *    read the cookie, so they stay the same for all and cacheable.
 *
 * A page's module scripts become placeholders that start after its first paint
 * (decision 039) in server.ts, on the page's bytes (decision 043).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { serverApiClient, storeApiKey } from './lib/api/store-api.server.ts';
import { getStoreInfo, valueOf } from './lib/api/store.ts';
import { ROUTES, routeAccess } from './lib/routes.ts';
import { SESSION_COOKIE } from './lib/session-cookie.ts';
import { lookUpSession } from './lib/session.server.ts';

const attachApi = defineMiddleware((context, next) => {
  // server.ts hands Astro a fresh locals object per request, so this client
  // (later carrying the shopper's token) is never shared between requests.
  const api = serverApiClient(context.locals.callApi);
  context.locals.api = api;
  context.locals.apiKey = storeApiKey();
  let storeInfo: ReturnType<App.Locals['storeInfo']> | undefined;
  // A page prerendered at build has no store to ask: it is built with the
  // default store parts, and server.ts dresses it per request (decision 013).
  context.locals.storeInfo = context.isPrerendered
    ? () => Promise.resolve(undefined)
    : () => (storeInfo ??= getStoreInfo(api).then(valueOf));
  return next();
});

const NO_STORE = 'private, no-store';

/** Personal pages and their redirects are never stored by a shared cache. */
function noStore(response: Response): Response {
  response.headers.set('Cache-Control', NO_STORE);
  return response;
}

const redirectTo = (location: string) =>
  new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': NO_STORE } });

const guardRoutes = defineMiddleware(async (context, next) => {
  const access = routeAccess(context.url.pathname);
  if (access === 'everyone') return next();
  const session = await lookUpSession(context.locals.api, context.cookies.get(SESSION_COOKIE)?.value);
  // A revoked or expired token: the cookie goes, the visitor is signed out here.
  if (session.state === 'refused') context.cookies.delete(SESSION_COOKIE, { path: '/' });
  const signedIn = session.state === 'signed-in';
  if (access === 'signed-in' && !signedIn) return redirectTo(ROUTES.signIn);
  if (access === 'signed-out' && signedIn) return redirectTo(ROUTES.home);
  if (signedIn) {
    context.locals.session = { customer: session.customer };
    context.locals.api = serverApiClient(context.locals.callApi, session.token);
  }
  return noStore(await next());
});

export const onRequest = sequence(attachApi, guardRoutes);
