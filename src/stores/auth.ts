/**
 * Auth state of SPEC §3 and its transitions of SPEC §4 (Registration, Login,
 * Logout, OTP, Customer record, Cross-tab sync). Persisted through persist.ts.
 * Actions take the ApiClient (islands pass a browser client) and resolve to the
 * call's result so the caller can toast its message and navigate. Every
 * sign-in also opens the storefront session (the HttpOnly cookie the route
 * guards read) before it resolves, and every sign-out closes it.
 */
import { atom } from 'nanostores';
import { login, logout, register, updateUserDetails } from '../lib/api/account.ts';
import { failureMessages, isFailure, type ApiClient } from '../lib/api/client.ts';
import { sendCheckoutOtp, sendLoginOtp as sendLoginOtpCall, verifyCheckoutOtp as verifyCheckoutOtpCall, verifyLoginOtp as verifyLoginOtpCall } from '../lib/api/otp.ts';
import type {
  ApiMessageOnly,
  ApiResult,
  AuthUser,
  CheckoutOtpVerifyResponse,
  Customer,
  GuestDetailsPayload,
  GuestDetailsResponse,
  LoginCredentials,
  LoginOtpVerifyResponse,
  LoginResponse,
  OtpSendPayload,
  OtpSendResponse,
  OtpVerifyPayload,
  RegisterRequest,
  RegisterResponse,
} from '../lib/api/types.ts';
import { MESSAGES } from '../lib/messages.ts';
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
const errorText = (result: Parameters<typeof failureMessages>[0], fallback: string) =>
  failureMessages(result, fallback).join(', ');

/** Registration (SPEC §4): the user is stored; authenticated only without an email_verification_token. */
async function registerAccountNow(api: ApiClient, input: RegisterRequest): Promise<ApiResult<RegisterResponse>> {
  update({ loading: true, error: null });
  const result = await register(api, input);
  if (result === null) update({ loading: false });
  else if (isFailure(result) || result.success !== true) {
    update({ loading: false, error: errorText(result, MESSAGES.auth.registrationFailed) });
  } else {
    const user = withUserAltPhone(result.data);
    const isAuthenticated = !user.email_verification_token;
    if (isAuthenticated) await openSessionFor(user.token);
    update({ loading: false, user, isAuthenticated });
  }
  return result;
}

/** Login (SPEC §4): success signs in; failure sets error and signs out. */
async function signInNow(api: ApiClient, credentials: LoginCredentials): Promise<ApiResult<LoginResponse>> {
  update({ loading: true, error: null });
  const result = await login(api, credentials);
  if (result === null) update({ loading: false });
  else if (isFailure(result) || result.success !== true) {
    // An unsuccessful answer with no message means an unverified email (SPEC §4).
    update({
      loading: false,
      isAuthenticated: false,
      error: errorText(result, MESSAGES.auth.verifyEmailFirst),
    });
  } else {
    const { token, customer } = result.data;
    await openSessionFor(token);
    update({ loading: false, error: null, isAuthenticated: true, user: { token, customer: withAltPhone(customer) } });
  }
  return result;
}

/**
 * Logout (SPEC §4): asks the server to revoke the token, then clears auth and
 * the whole client state (keeping store info) whatever the server said.
 */
async function signOutNow(api: ApiClient): Promise<ApiResult<ApiMessageOnly>> {
  update({ loading: true });
  const result = await logout(api, $auth.get().user?.token ?? null);
  await signOutLocally();
  return result;
}

/** Guest details after checkout OTP: the customer record is merged (SPEC §4 Customer record). */
export async function saveGuestDetails(api: ApiClient, input: GuestDetailsPayload): Promise<ApiResult<GuestDetailsResponse>> {
  update({ loading: true, error: null });
  const result = await updateUserDetails(api, input);
  if (result === null) update({ loading: false });
  else if (isFailure(result) || result.success !== true) {
    update({ loading: false, error: errorText(result, MESSAGES.account.updateDetailsFailed) });
  } else {
    const user = $auth.get().user ?? {};
    update({ loading: false, user: { ...user, customer: withAltPhone({ ...user.customer, ...result.data.customer }) } });
  }
  return result;
}

async function sendOtp(
  call: typeof sendCheckoutOtp,
  flag: 'sent' | 'loginSent',
  api: ApiClient,
  input: OtpSendPayload,
): Promise<ApiResult<OtpSendResponse>> {
  update({ verificationLoading: true, verificationError: null });
  const result = await call(api, input);
  if (result === null) update({ verificationLoading: false });
  else if (isFailure(result) || result.success !== true) {
    update({ verificationLoading: false, verificationError: errorText(result, MESSAGES.otp.sendFailed) });
  } else update({ verificationLoading: false, [flag]: true, verified: false });
  return result;
}

/** Registration (checkout) OTP send (SPEC §4 OTP): sent true, verified false. */
export function sendRegistrationOtp(api: ApiClient, input: OtpSendPayload): Promise<ApiResult<OtpSendResponse>> {
  return sendOtp(sendCheckoutOtp, 'sent', api, input);
}

/** Login OTP send (SPEC §4 OTP): loginSent true, verified false. */
export function sendLoginOtp(api: ApiClient, input: OtpSendPayload): Promise<ApiResult<OtpSendResponse>> {
  return sendOtp(sendLoginOtpCall, 'loginSent', api, input);
}

/** Login OTP verification (SPEC §4 OTP): verified and authenticated on success. */
async function verifyLoginOtpNow(api: ApiClient, input: OtpVerifyPayload): Promise<ApiResult<LoginOtpVerifyResponse>> {
  update({ verificationLoading: true, verificationError: null });
  const result = await verifyLoginOtpCall(api, input);
  if (result === null) update({ verificationLoading: false });
  else if (isFailure(result) || result.success !== true) {
    update({ verificationLoading: false, verificationError: errorText(result, MESSAGES.otp.verificationFailed) });
  } else {
    const { token, customer } = result.data;
    await openSessionFor(token);
    update({
      verificationLoading: false,
      verified: true,
      isAuthenticated: true,
      user: { token, customer: withAltPhone(customer) },
    });
  }
  return result;
}

/**
 * Checkout OTP verification (SPEC §4 OTP): verified and the user stored;
 * authenticated only for an existing customer.
 */
async function verifyCheckoutOtpNow(
  api: ApiClient,
  input: OtpVerifyPayload,
): Promise<ApiResult<CheckoutOtpVerifyResponse>> {
  update({ verificationLoading: true, verificationError: null });
  const result = await verifyCheckoutOtpCall(api, input);
  if (result === null) update({ verificationLoading: false });
  else if (isFailure(result) || result.success !== true) {
    update({ verificationLoading: false, verificationError: errorText(result, MESSAGES.otp.verificationFailed) });
  } else {
    const { token, customer, is_existing_customer } = result.data;
    if (is_existing_customer) await openSessionFor(token);
    update({
      verificationLoading: false,
      verified: true,
      user: { token, customer, is_existing_customer },
      isAuthenticated: Boolean(is_existing_customer),
    });
  }
  return result;
}

export const registerAccount = (api: ApiClient, input: RegisterRequest) => tracked(() => registerAccountNow(api, input));
export const signIn = (api: ApiClient, credentials: LoginCredentials) => tracked(() => signInNow(api, credentials));
export const signOut = (api: ApiClient) => tracked(() => signOutNow(api));
export const verifyLoginOtp = (api: ApiClient, input: OtpVerifyPayload) => tracked(() => verifyLoginOtpNow(api, input));
export const verifyCheckoutOtp = (api: ApiClient, input: OtpVerifyPayload) => tracked(() => verifyCheckoutOtpNow(api, input));
