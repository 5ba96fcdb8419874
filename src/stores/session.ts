/**
 * The browser's side of the storefront session cookie (src/pages/session.ts):
 * after a sign-in the token goes to /session, which sets the HttpOnly cookie
 * the route guards read; a sign-out clears it. Neither ever throws: the
 * persisted auth state stays the client's truth, and a page load reconciles
 * the two (src/scripts/auth-sync.ts).
 */
import { ROUTES } from '../lib/routes.ts';

export const SESSION_PATH = '/session';

/** Window event that signs this tab out without a server call (SPEC §4 Cross-tab sync). */
export const MANUAL_LOGOUT_EVENT = 'manual-logout';

/** 'open': cookie set; 'refused': the token is not live (sign out); 'failed': could not tell. */
export type SessionOpening = 'open' | 'refused' | 'failed';

export async function openSession(token: string): Promise<SessionOpening> {
  try {
    const response = await fetch(SESSION_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'same-origin',
    });
    if (response.ok) return 'open';
    return response.status === 401 || response.status === 400 ? 'refused' : 'failed';
  } catch (error) {
    console.warn('Could not open the session', error);
    return 'failed';
  }
}

export async function closeSession(): Promise<void> {
  try {
    await fetch(SESSION_PATH, { method: 'DELETE', credentials: 'same-origin' });
  } catch (error) {
    console.warn('Could not close the session', error);
  }
}

/** Where a sign-in or sign-out lands (SPEC §4): full loads, so the server guards see the new cookie. */
export function goTo(path: (typeof ROUTES)[keyof typeof ROUTES] | string, { replace = false } = {}): void {
  if (typeof window === 'undefined') return;
  if (replace) window.location.replace(path);
  else window.location.assign(path);
}
