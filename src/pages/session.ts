/**
 * The storefront session cookie (ARCHITECTURE: Auth and sessions). After any
 * sign-in the browser posts the token it got from the store API here; the
 * token is checked with the API before the HttpOnly cookie is set, so the
 * cookie only ever holds a live token. DELETE clears it (and revokes the
 * token, in case the page's own logout call did not reach the API).
 *
 * POST { token } -> 200 { success: true } | 400 | 401; DELETE -> 200.
 * JSON only: a cross-site form cannot send it without a CORS preflight, and
 * Astro's origin check refuses cross-site form posts anyway.
 */
import type { APIRoute } from 'astro';
import { logout } from '../lib/api/account.ts';
import { MESSAGES } from '../lib/messages.ts';
import { SESSION_COOKIE, SESSION_TOKEN_MAX_LENGTH, isPlausibleToken, sessionCookieOptions } from '../lib/session-cookie.ts';
import { lookUpSession } from '../lib/session.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };
const MAX_BODY_BYTES = SESSION_TOKEN_MAX_LENGTH * 2;

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: NO_STORE });

async function readToken(request: Request): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers.get('Content-Type') ?? '')) return undefined;
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return undefined;
  try {
    return (JSON.parse(text) as { token?: unknown } | null)?.token;
  } catch {
    return undefined;
  }
}

export const POST: APIRoute = async ({ request, cookies, locals, url }) => {
  const token = await readToken(request);
  if (!isPlausibleToken(token)) return answer(400, { success: false, message: MESSAGES.general.somethingWentWrong });
  const session = await lookUpSession(locals.api, token);
  if (session.state !== 'signed-in') {
    cookies.delete(SESSION_COOKIE, { path: '/' });
    return answer(401, { success: false, message: MESSAGES.cart.notAuthenticated });
  }
  cookies.set(SESSION_COOKIE, token, sessionCookieOptions(url));
  return answer(200, { success: true });
};

export const DELETE: APIRoute = async ({ cookies, locals }) => {
  const token = cookies.get(SESSION_COOKIE)?.value;
  if (isPlausibleToken(token)) await logout(locals.api, token);
  cookies.delete(SESSION_COOKIE, { path: '/' });
  return answer(200, { success: true });
};
