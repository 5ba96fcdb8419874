/**
 * Auth state of SPEC §3 and its transitions of SPEC §4 (Registration, Login,
 * Logout, OTP, Customer record, Cross-tab sync). Persisted through persist.ts.
 * Actions take the ApiClient (islands pass a browser client) and resolve to the
 * call's result so the caller can toast its message and navigate. Every
 * sign-in also opens the storefront session (the HttpOnly cookie the route
 * guards read) before it resolves, and every sign-out closes it.
 */
import { atom } from 'nanostores';
import {
  login,
  logout,
  register,
  updateUserDetails,
  type AuthUser,
  type Customer,
  type GuestDetailsPayload,
  type LoginCredentials,
  type RegisterRequest,
  type SignedInSession,
} from '../lib/api/account.ts';
import type { ApiClient } from '../lib/api/client.ts';
import {
  sendCheckoutOtp,
  sendLoginOtp as sendLoginOtpCall,
  verifyCheckoutOtp as verifyCheckoutOtpCall,
  verifyLoginOtp as verifyLoginOtpCall,
  type CheckoutOtpSession,
  type OtpSendPayload,
  type OtpVerifyPayload,
} from '../lib/api/otp.ts';
import type { Outcome } from '../lib/api/parsed.ts';
import { clearPersistedState, onPersistedStateChange, persistGroup, type PersistedState } from './persist.ts';
import { MANUAL_LOGOUT_EVENT, closeSession, openSession } from './session.ts';

export interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  error: string | null;
  isAuthenticated: boolean;
  verificationLoading: boolean;
  /** The registration (checkout) OTP was sent. */
  sent: boolean;
  /** The login OTP was sent. */
  loginSent: boolean;
  verified: boolean;
  verificationError: string | null;
}

export const INITIAL_AUTH: AuthState = Object.freeze({
  user: null,
  loading: false,
  error: null,
  isAuthenticated: false,
  verificationLoading: false,
  sent: false,
  loginSent: false,
  verified: false,
  verificationError: null,
});

export const $auth = atom<AuthState>(INITIAL_AUTH);

/** A stored auth group made whole: missing fields initial, loading flags off, signed in only with a user. */
export function restoreAuth(stored: unknown): AuthState {
  if (typeof stored !== 'object' || stored === null) return INITIAL_AUTH;
  const state = { ...INITIAL_AUTH, ...(stored as Partial<AuthState>), loading: false, verificationLoading: false };
  const user = state.user && typeof state.user === 'object' ? state.user : null;
  return { ...state, user, isAuthenticated: Boolean(state.isAuthenticated && user) };
}

persistGroup('auth', $auth, (stored) => restoreAuth(stored));

/**
 * Cross-tab sync (SPEC §4): another tab's stored user signs this tab in; its
 * absence signs out. The key also changes with the cart and every other group:
 * when the sign-in is the same as this tab's, only a newer customer record is
 * taken, so this tab's in-flight flags (a sign-in, an OTP) are not cleared mid-request.
 */
export function applyStoredAuth(state: PersistedState): void {
  const restored = restoreAuth(state.auth);
  const stored = restored.user ? restored : INITIAL_AUTH;
  const current = $auth.get();
  const sameSignIn = stored.isAuthenticated === current.isAuthenticated && stored.user?.token === current.user?.token;
  if (!sameSignIn) {
    $auth.set(stored);
    return;
  }
  if (JSON.stringify(stored.user) !== JSON.stringify(current.user)) $auth.set({ ...current, user: stored.user });
}

onPersistedStateChange(applyStoredAuth);

/**
 * Signs this tab out without asking the API (a revoked token, another tab's
 * logout, the manual-logout event): the app reset of SPEC §4 Logout.
 */
export async function signOutLocally(): Promise<void> {
  clearPersistedState({ keep: ['storeInfo'] });
  $auth.set(INITIAL_AUTH);
  await closeSession();
}

if (typeof window !== 'undefined') {
  window.addEventListener(MANUAL_LOGOUT_EVENT, () => void signOutLocally());
}

let actionsRunning = 0;

/**
 * True while a sign-in or sign-out action of this tab runs: its caller
 * navigates when it resolves (after keeping its toast for the next page), so
 * the page's own reconciliation (auth-sync.ts) stands aside instead of racing it.
 */
export function isAuthActionRunning(): boolean {
  return actionsRunning > 0;
}

async function tracked<T>(work: () => Promise<T>): Promise<T> {
  actionsRunning += 1;
  try {
    return await work();
  } finally {
    actionsRunning -= 1;
  }
}

/** The storefront session follows a sign-in; a failure only warns (the page load retries, auth-sync.ts). */
async function openSessionFor(token: string | undefined): Promise<void> {
  if (token && (await openSession(token)) !== 'open') console.warn('The storefront session could not be opened');
}

/** SPEC §4 Customer record: a missing alt_phone_number becomes phone_number. */
export function withAltPhone<T extends Customer | undefined>(customer: T): T {
  if (!customer || customer.alt_phone_number) return customer;
  return { ...customer, alt_phone_number: customer.phone_number ?? customer.alt_phone_number };
}

function withUserAltPhone(user: AuthUser): AuthUser {
  return user.customer ? { ...user, customer: withAltPhone(user.customer) } : user;
}

const update = (patch: Partial<AuthState>) => $auth.set({ ...$auth.get(), ...patch });

/**
 * One auth action (SPEC §4): its loading flag on while the call runs; a
 * failure sets the error flag to its texts; a success applies `onSuccess`'s
 * patch; a cancelled call only clears the flag. Resolves to the call's outcome
 * so the caller can toast and navigate.
 */
async function act<T>(
  flags: { loading: 'loading' | 'verificationLoading'; error: 'error' | 'verificationError' },
  call: () => Promise<Outcome<T>>,
  onSuccess: (value: T) => Partial<AuthState> | Promise<Partial<AuthState>>,
  onFailure: (messages: string[]) => Partial<AuthState> = () => ({}),
): Promise<Outcome<T>> {
  update({ [flags.loading]: true, [flags.error]: null });
  const outcome = await call();
  if (outcome.ok) update({ [flags.loading]: false, ...(await onSuccess(outcome.value)) });
  else if (outcome.cancelled) update({ [flags.loading]: false });
  else update({ [flags.loading]: false, [flags.error]: outcome.messages.join(', '), ...onFailure(outcome.messages) });
  return outcome;
}

const ACCOUNT = { loading: 'loading', error: 'error' } as const;
const VERIFICATION = { loading: 'verificationLoading', error: 'verificationError' } as const;

/** A signed-in session: the storefront cookie opened, the user stored. */
async function signedIn({ token, customer }: SignedInSession): Promise<Partial<AuthState>> {
  await openSessionFor(token);
  return { error: null, isAuthenticated: true, user: { token, customer: withAltPhone(customer) } };
}

/** Registration (SPEC §4): the user is stored; authenticated only without an email_verification_token. */
function registerAccountNow(api: ApiClient, input: RegisterRequest): Promise<Outcome<AuthUser>> {
  return act(ACCOUNT, () => register(api, input), async (registered) => {
    const user = withUserAltPhone(registered);
    const isAuthenticated = !user.email_verification_token;
    if (isAuthenticated) await openSessionFor(user.token);
    return { user, isAuthenticated };
  });
}

/** Login (SPEC §4): success signs in; failure sets error and signs out. */
function signInNow(api: ApiClient, credentials: LoginCredentials): Promise<Outcome<SignedInSession>> {
  return act(ACCOUNT, () => login(api, credentials), signedIn, () => ({ isAuthenticated: false }));
}

/**
 * Logout (SPEC §4): asks the server to revoke the token, then clears auth and
 * the whole client state (keeping store info) whatever the server said.
 */
async function signOutNow(api: ApiClient): Promise<Outcome<true>> {
  update({ loading: true });
  const result = await logout(api, $auth.get().user?.token ?? null);
  await signOutLocally();
  return result;
}

/** Guest details after checkout OTP: the customer record is merged (SPEC §4 Customer record). */
export function saveGuestDetails(api: ApiClient, input: GuestDetailsPayload): Promise<Outcome<Customer>> {
  return act(ACCOUNT, () => updateUserDetails(api, input), (customer) => {
    const user = $auth.get().user ?? {};
    return { user: { ...user, customer: withAltPhone({ ...user.customer, ...customer }) } };
  });
}

/** Registration (checkout) OTP send (SPEC §4 OTP): sent true, verified false. */
export function sendRegistrationOtp(api: ApiClient, input: OtpSendPayload): Promise<Outcome<{ otp?: string }>> {
  return act(VERIFICATION, () => sendCheckoutOtp(api, input), () => ({ sent: true, verified: false }));
}

/** Login OTP send (SPEC §4 OTP): loginSent true, verified false. */
export function sendLoginOtp(api: ApiClient, input: OtpSendPayload): Promise<Outcome<{ otp?: string }>> {
  return act(VERIFICATION, () => sendLoginOtpCall(api, input), () => ({ loginSent: true, verified: false }));
}

/** Login OTP verification (SPEC §4 OTP): verified and authenticated on success. */
function verifyLoginOtpNow(api: ApiClient, input: OtpVerifyPayload): Promise<Outcome<SignedInSession>> {
  return act(VERIFICATION, () => verifyLoginOtpCall(api, input), async (session) => ({ ...(await signedIn(session)), verified: true }));
}

/**
 * Checkout OTP verification (SPEC §4 OTP): verified and the user stored;
 * authenticated only for an existing customer.
 */
function verifyCheckoutOtpNow(api: ApiClient, input: OtpVerifyPayload): Promise<Outcome<CheckoutOtpSession>> {
  return act(VERIFICATION, () => verifyCheckoutOtpCall(api, input), async ({ token, customer, is_existing_customer }) => {
    if (is_existing_customer) await openSessionFor(token);
    return { verified: true, user: { token, customer, is_existing_customer }, isAuthenticated: is_existing_customer };
  });
}

export const registerAccount = (api: ApiClient, input: RegisterRequest) => tracked(() => registerAccountNow(api, input));
export const signIn = (api: ApiClient, credentials: LoginCredentials) => tracked(() => signInNow(api, credentials));
export const signOut = (api: ApiClient) => tracked(() => signOutNow(api));
export const verifyLoginOtp = (api: ApiClient, input: OtpVerifyPayload) => tracked(() => verifyLoginOtpNow(api, input));
export const verifyCheckoutOtp = (api: ApiClient, input: OtpVerifyPayload) => tracked(() => verifyCheckoutOtpNow(api, input));
