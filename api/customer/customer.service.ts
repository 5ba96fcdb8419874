import type { Kysely, Transaction } from 'kysely';
import { MESSAGES } from '../../src/lib/messages.ts';
import type { ChangePasswordRequest, RegistrationRequest, TokenPasswordRequest } from '../../src/lib/schemas/account.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { createSession, endCustomerSessions, hashToken, newSecretToken } from '../auth/session.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { MailTransport } from '../mail/mail.transport.ts';
import { passwordResetMail, verificationMail, type MailContent } from '../mail/mail.templates.ts';
import { hit, peek, reset, rateLimitBuckets, type RateLimitRule } from '../security/rate-limit.service.ts';
import { findStoreSettings } from '../store/store.repository.ts';
import {
  consumeOneTimeToken,
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  insertOneTimeToken,
  markEmailVerified,
  phoneTaken,
  updateCustomerNames,
  updatePasswordHash,
} from './customer.repository.ts';

/** Accounts (SPEC §5, §7; API-NOTES "Accounts and OTP"; SECURITY promises 1-5, 9, 10, 24). */
type Db = Kysely<Database>;

const HOUR_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * HOUR_MS;
export const PASSWORD_RESET_TTL_MS = HOUR_MS;

/** 10 straight failures lock an account's logins for the rest of the window (SECURITY 4). */
export const LOGIN_ACCOUNT_RULE: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** Failures from one address, across accounts. */
export const LOGIN_IP_RULE: RateLimitRule = { limit: 100, windowMs: 15 * 60 * 1000 };
export const FORGOT_EMAIL_RULE: RateLimitRule = { limit: 5, windowMs: HOUR_MS };
export const FORGOT_IP_RULE: RateLimitRule = { limit: 30, windowMs: HOUR_MS };
const forgotBuckets = {
  email: (email: string) => `forgot:email:${email.trim().toLowerCase()}`,
  ip: (ip: string) => `forgot:ip:${ip}`,
};

export const ACCOUNT_MESSAGES = {
  emailTaken: 'This email is already registered',
  phoneTaken: 'This phone number is already registered',
  registered: 'Registration successful. Please check your email to verify your account.',
  emailVerified: 'Your email address is verified. You can now sign in.',
  verificationInvalid: 'The email verification link is not valid',
  invalidLogin: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Try again later.',
  resetLinkSent: 'If an account exists for this email, a reset link has been sent.',
  resetLinkInvalid: 'The password reset link is not valid',
  passwordReset: 'Your password has been reset. Please sign in.',
  oldPasswordIncorrect: 'Old password is incorrect',
  passwordChanged: 'Password changed successfully',
  detailsUpdated: 'Account details updated successfully',
  guestDetailsUpdated: 'Details updated',
  useChangePassword: 'Use change password to change an existing password',
} as const;

/**
 * Stands in SPEC §3's `email_verification_token` (the client only tests that it
 * is present); the secret itself travels only by mail.
 */
export const VERIFICATION_PENDING = 'pending';

type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomerById>>>;

/** The customer of SPEC §3; alt_phone_number falls back to phone_number. */
export function presentCustomer(row: CustomerRow) {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone_number: row.phone_number,
    alt_phone_number: row.alt_phone_number ?? row.phone_number,
  };
}

export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, ACCOUNT_MESSAGES.tooManyAttempts);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export async function register(db: Db, mail: MailTransport, siteOrigin: string, input: RegistrationRequest) {
  // Hash before the transaction: slow CPU work that needs no lock.
  const passwordHash = await hashPassword(input.password);
  const token = newSecretToken();
  const now = new Date();
  const stamp = now.toISOString();
  const phone = input.phone_number ?? null;
  const customerId = await db.transaction().execute(async (trx) => {
    if (await findCustomerByEmail(trx, input.email)) {
      throw new ApiError(409, ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });
    }
    if (phone && (await phoneTaken(trx, phone))) {
      throw new ApiError(409, ACCOUNT_MESSAGES.phoneTaken, { phone_number: [ACCOUNT_MESSAGES.phoneTaken] });
    }
    const id = await insertCustomer(trx, {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      phone_number: phone,
      password_hash: passwordHash,
      created_at: stamp,
      updated_at: stamp,
    });
    await storeEmailVerification(trx, id, token, now);
    return id;
  }).catch(async (error: unknown) => {
    // Two registrations racing past the checks: the unique index decides.
    if (error instanceof ApiError) throw error;
    if (await findCustomerByEmail(db, input.email)) {
      throw new ApiError(409, ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });
    }
    if (phone && (await phoneTaken(db, phone))) {
      throw new ApiError(409, ACCOUNT_MESSAGES.phoneTaken, { phone_number: [ACCOUNT_MESSAGES.phoneTaken] });
    }
    throw error;
  });
  // Committed: now the mail (never inside the transaction, SECURITY 27).
  await mailEmailVerification(db, mail, siteOrigin, input.email, token);
  const customer = await findCustomerById(db, customerId);
  return {
    customer: presentCustomer(customer!),
    email_verification_token: VERIFICATION_PENDING,
    is_existing_customer: false,
  };
}

/** Stores the hash of a new email-verification token; call inside the transaction that sets the email. */
export async function storeEmailVerification(db: Db | Transaction<Database>, customerId: number, token: string, now: Date) {
  await insertOneTimeToken(db, 'email_verification_tokens', {
    customer_id: customerId,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
}

/** Mails the verification link; call only after the transaction has committed (SECURITY 27). */
export async function mailEmailVerification(db: Db, mail: MailTransport, siteOrigin: string, email: string, token: string) {
  await sendQuietly(db, mail, email, (store) => verificationMail(siteOrigin, token, store));
}

export async function verifyEmail(db: Db, token: string): Promise<void> {
  const now = new Date().toISOString();
  const customerId = await db.transaction().execute(async (trx) => {
    const id = await consumeOneTimeToken(trx, 'email_verification_tokens', hashToken(token), now);
    if (id !== undefined) await markEmailVerified(trx, id, now);
    return id;
  });
  if (customerId === undefined) throw new ApiError(400, ACCOUNT_MESSAGES.verificationInvalid);
}

export async function login(db: Db, clientIp: string, email: string, password: string) {
  const accountBucket = rateLimitBuckets.loginAccount(email);
  const ipBucket = rateLimitBuckets.loginIp(clientIp);
  const [account, ip] = await Promise.all([
    peek(db, accountBucket, LOGIN_ACCOUNT_RULE),
    peek(db, ipBucket, LOGIN_IP_RULE),
  ]);
  if (!account.allowed || !ip.allowed) {
    throw new RateLimitedError(Math.max(account.retryAfterSeconds, ip.retryAfterSeconds));
  }
  const customer = await findCustomerByEmail(db, email);
  // Unknown emails verify a dummy hash: same time, same answer (SECURITY 3).
  if (!(await verifyPassword(customer?.password_hash, password)) || !customer) {
    await hit(db, accountBucket, LOGIN_ACCOUNT_RULE);
    await hit(db, ipBucket, LOGIN_IP_RULE);
    throw new ApiError(401, ACCOUNT_MESSAGES.invalidLogin);
  }
  await reset(db, accountBucket);
  if (!customer.email_verified_at) return { verified: false as const };
  const token = await createSession(db, customer.id);
  return { verified: true as const, token, customer: presentCustomer(customer) };
}

export async function forgotPassword(db: Db, mail: MailTransport, siteOrigin: string, clientIp: string, email: string) {
  const [byEmail, byIp] = [
    await hit(db, forgotBuckets.email(email), FORGOT_EMAIL_RULE),
    await hit(db, forgotBuckets.ip(clientIp), FORGOT_IP_RULE),
  ];
  if (!byEmail.allowed || !byIp.allowed) {
    throw new RateLimitedError(Math.max(byEmail.retryAfterSeconds, byIp.retryAfterSeconds));
  }
  const customer = await findCustomerByEmail(db, email);
  if (!customer) return;
  const token = newSecretToken();
  const now = new Date();
  await insertOneTimeToken(db, 'password_reset_tokens', {
    customer_id: customer.id,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
    created_at: now.toISOString(),
  });
  await sendQuietly(db, mail, email, (store) => passwordResetMail(siteOrigin, token, store));
}

/** Sets a new password from a reset link; ends every session of the account (SECURITY 9). */
export async function resetPasswordWithToken(db: Db, input: TokenPasswordRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  const customerId = await db.transaction().execute(async (trx) => {
    const id = await consumeOneTimeToken(trx, 'password_reset_tokens', hashToken(input.token), now);
    if (id === undefined) return undefined;
    await updatePasswordHash(trx, id, passwordHash, now);
    return id;
  });
  if (customerId === undefined) throw new ApiError(400, ACCOUNT_MESSAGES.resetLinkInvalid);
  await endCustomerSessions(db, customerId);
}

/** Changes the password of the signed-in customer; needs the current one (SECURITY 10). */
export async function changePassword(db: Db, customerId: number, sessionId: number, input: ChangePasswordRequest) {
  const customer = await findCustomerById(db, customerId);
  if (!customer || !(await verifyPassword(customer.password_hash, input.old_password))) {
    throw new ApiError(400, ACCOUNT_MESSAGES.oldPasswordIncorrect, {
      old_password: [ACCOUNT_MESSAGES.oldPasswordIncorrect],
    });
  }
  await updatePasswordHash(db, customerId, await hashPassword(input.new_password), new Date().toISOString());
  await endCustomerSessions(db, customerId, sessionId);
}

export async function accountOf(db: Db, customerId: number) {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new ApiError(401, MESSAGES.cart.notAuthenticated);
  return presentCustomer(customer);
}

export async function updateDetails(db: Db, customerId: number, names: { firstname: string; lastname: string }) {
  await updateCustomerNames(db, customerId, names, new Date().toISOString());
  return accountOf(db, customerId);
}

/** Mail failures are logged, not answered: the account work is already committed. */
async function sendQuietly(db: Db, mail: MailTransport, to: string, build: (storeName: string) => MailContent) {
  try {
    const storeName = (await findStoreSettings(db))?.store_name ?? 'Store';
    await mail.send({ to, ...build(storeName) });
  } catch (error) {
    console.error('Account mail could not be sent:', error instanceof Error ? error.message : error);
  }
}
