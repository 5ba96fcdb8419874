/**
 * The header's profile control (SPEC §2 Header: profile button; §4 Logout).
 * The server, and a signed-out shopper, get the plain link to /signin, so the
 * page's HTML is the same for every visitor and stays cacheable. Once hydrated
 * and signed in ($auth, restored from local storage and kept in step with
 * other tabs) it becomes a disclosure button opening My Account, My Orders and
 * Logout. The dropdown closes on an outside click, on focus leaving it, on
 * Escape (focus back to the button) and when a link is chosen. Logout asks
 * first (the shared confirmation dialog), then signs out, keeps the toast for
 * the next page and goes to /signin.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGES } from '../../lib/messages.ts';
import { ROUTES } from '../../lib/routes.ts';
import { browserApi } from '../../stores/api-client.ts';
import { $auth, signOut } from '../../stores/auth.ts';
import { goTo } from '../../stores/session.ts';
import { toastOnNextPage, toastsForOutcome } from '../../stores/toast.ts';
import {
  $headerMenu,
  $logoutConfirmOpen,
  closeHeaderMenu,
  closeLogoutConfirm,
  openHeaderMenu,
  openLogoutConfirm,
} from '../../stores/ui.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { useEnhanced } from '../ui/use-enhanced.ts';
import { useDismiss } from '../ui/use-dismiss.ts';
import { markPureIsland } from '../../lib/pure-island.ts';

const PANEL_ID = 'account-menu';
// The link's name is 'My Account'; SPEC's 'manage your profile' is its description.
const ACCOUNT_LABEL_ID = 'account-menu-account';
const ACCOUNT_HINT_ID = 'account-menu-account-hint';
const ITEMS = 'a[href], button:not([disabled])';

/** SPEC §2 Confirmation dialog, logout use. */
const LOGOUT_CONFIRM = {
  title: 'Confirm Logout',
  text: "Are you sure you want to log out? You'll need to sign in again to access your account.",
  confirmLabel: 'Logout',
  cancelLabel: 'Cancel',
} as const;

// The same classes as the header's other icon links (Header.astro).
const iconLink =
  'inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-current/10';
const item = 'block w-full rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-current/10';

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="8" r="4"></circle>
      <path d="M4 21a8 8 0 0 1 16 0"></path>
    </svg>
  );
}

export default function ProfileMenu() {
  const { isAuthenticated, user } = useStore($auth);
  const open = useStore($headerMenu) === 'account';
  const confirmOpen = useStore($logoutConfirmOpen);
  // The first render matches the server's link; the stored sign-in shows only after hydration.
  const [leaving, setLeaving] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const hydrated = useEnhanced(() => wrapperRef.current ?? linkRef.current);
  const focusButtonAfterDialog = useRef(false);
  const signedIn = hydrated && isAuthenticated;
  const firstName = user?.customer?.firstname?.trim();

  // Signed out meanwhile (another tab, a revoked token): nothing of the menu stays open.
  useEffect(() => {
    if (signedIn) return;
    closeHeaderMenu('account');
    closeLogoutConfirm();
  }, [signedIn]);

  // An outside click or Escape closes the dropdown; Escape hands focus back to the button.
  useDismiss(open, wrapperRef, () => closeHeaderMenu('account'), buttonRef);

  const items = () => [...(wrapperRef.current?.querySelectorAll<HTMLElement>(`#${PANEL_ID} :is(${ITEMS})`) ?? [])];

  // ArrowDown on the button opens the dropdown and moves in; arrows, Home and End move between entries.
  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.target === buttonRef.current && event.key === 'ArrowDown') {
      openHeaderMenu('account');
      requestAnimationFrame(() => items()[0]?.focus());
      event.preventDefault();
      return;
    }
    if (at < 0) return;
    if (event.key === 'ArrowDown') next = list[(at + 1) % list.length];
    else if (event.key === 'ArrowUp') next = list[(at - 1 + list.length) % list.length];
    else if (event.key === 'Home') next = list[0];
    else if (event.key === 'End') next = list.at(-1);
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  const askToLogout = () => {
    closeHeaderMenu('account');
    openLogoutConfirm();
  };

  const cancelLogout = () => {
    focusButtonAfterDialog.current = true;
    closeLogoutConfirm();
  };

  // Focus can return only once the modal has closed (the page is inert until then);
  // the dialog's effect closes it before this parent effect runs.
  useEffect(() => {
    if (confirmOpen || !focusButtonAfterDialog.current) return;
    focusButtonAfterDialog.current = false;
    buttonRef.current?.focus();
  }, [confirmOpen]);

  // SPEC §4 Logout: the state is cleared whatever the server answers; the toast says which it was.
  const confirmLogout = async () => {
    setLeaving(true);
    const result = await signOut(browserApi());
    toastOnNextPage(
      toastsForOutcome(result, { success: MESSAGES.auth.logoutSuccessful }),
    );
    goTo(ROUTES.signIn);
  };

  if (!signedIn) {
    return (
      <a ref={linkRef} href={ROUTES.signIn} className={iconLink} aria-label="Sign in" data-reach="account">
        <UserIcon />
      </a>
    );
  }

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !wrapperRef.current?.contains(event.relatedTarget as Node | null)) closeHeaderMenu('account');
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        data-reach="account"
        onClick={() => (open ? closeHeaderMenu('account') : openHeaderMenu('account'))}
        className={`${iconLink} aria-expanded:bg-current/10`}
      >
        <UserIcon />
      </button>
      <div
        id={PANEL_ID}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-60 rounded-xl border border-current/10 bg-header p-2 text-on-header shadow-lg"
      >
        {firstName && <p className="truncate px-3 pt-1 pb-2 text-sm">Hello, {firstName}</p>}
        <ul className={firstName ? 'border-t border-current/10 pt-1' : undefined}>
          <li>
            <a
              href={ROUTES.myAccount}
              aria-labelledby={ACCOUNT_LABEL_ID}
              aria-describedby={ACCOUNT_HINT_ID}
              onClick={() => closeHeaderMenu('account')}
              className={item}
            >
              <span id={ACCOUNT_LABEL_ID}>My Account</span>
              <span id={ACCOUNT_HINT_ID} className="block text-xs font-normal opacity-75">
                manage your profile
              </span>
            </a>
          </li>
          <li>
            <a href={ROUTES.myOrders} onClick={() => closeHeaderMenu('account')} className={item}>
              My Orders
            </a>
          </li>
          <li className="mt-1 border-t border-current/10 pt-1">
            <button type="button" onClick={askToLogout} className={item}>
              Logout
            </button>
          </li>
        </ul>
      </div>
      <ConfirmDialog
        {...LOGOUT_CONFIRM}
        open={confirmOpen}
        busy={leaving}
        onConfirm={() => void confirmLogout()}
        onCancel={cancelLogout}
      />
    </div>
  );
}

// Its server HTML depends on its props alone: rendered once per props (decision 034).
markPureIsland(ProfileMenu, 'pm');
