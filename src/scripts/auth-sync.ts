/**
 * Keeps the page, the persisted auth state and the session cookie agreeing
 * (SPEC §2 access column, §4 Cross-tab sync). The server guards each page
 * from the cookie; this covers what changes after the page arrived:
 * - signed out here (another tab's logout, cleared storage, a revoked token)
 *   while on a signed-in page: the cookie goes and the browser to /signin;
 * - signed in (another tab's sign-in, or a cookie that was lost) while on a
 *   signed-out page: the cookie is reopened from the stored token, then /;
 *   a token the API no longer accepts signs this tab out instead.
 */
import { routeAccess, ROUTES } from '../lib/routes.ts';
import { $auth, isAuthActionRunning, signOutLocally } from '../stores/auth.ts';
import { closeSession, goTo, openSession } from '../stores/session.ts';

let settling = false;

async function reconcile(): Promise<void> {
  // A sign-in or logout on this page navigates by itself, after keeping its toast for the next page.
  if (settling || isAuthActionRunning()) return;
  const access = routeAccess(window.location.pathname);
  const { isAuthenticated, user } = $auth.get();
  settling = true;
  try {
    if (access === 'signed-in' && !isAuthenticated) {
      await closeSession();
      goTo(ROUTES.signIn, { replace: true });
    } else if (access === 'signed-out' && isAuthenticated && user?.token) {
      const opened = await openSession(user.token);
      if (opened === 'open') goTo(ROUTES.home, { replace: true });
      else if (opened === 'refused') await signOutLocally();
    }
  } finally {
    settling = false;
  }
}

void reconcile();
$auth.listen(() => void reconcile());
