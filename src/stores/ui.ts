/**
 * UI flags shared by islands (SPEC §2 Header, Interface flags). Not persisted:
 * SPEC §3 says the ui part is not restored on start.
 */
import { atom } from 'nanostores';

/** The header's popups; at most one is open at a time. */
export type HeaderMenu = 'category' | 'shop' | 'search' | 'drawer' | 'account';

export const $headerMenu = atom<HeaderMenu | null>(null);

export function openHeaderMenu(menu: HeaderMenu): void {
  $headerMenu.set(menu);
}

/** Closes `menu` if it is the open one (a late close never shuts another popup). */
export function closeHeaderMenu(menu: HeaderMenu): void {
  if ($headerMenu.get() === menu) $headerMenu.set(null);
}

/** SPEC §2 Interface flags: the logout confirmation modal. */
export const $logoutConfirmOpen = atom(false);

export function openLogoutConfirm(): void {
  $logoutConfirmOpen.set(true);
}

export function closeLogoutConfirm(): void {
  $logoutConfirmOpen.set(false);
}
