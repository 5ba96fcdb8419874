import type { Kysely } from 'kysely';
import { MESSAGES } from '../../src/lib/messages.ts';
import { verifyPassword } from '../auth/password.ts';
import { createSession } from '../auth/session.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { forgive, rateLimitBuckets, reset } from '../security/rate-limit.service.ts';
import { countTry } from '../security/limited.ts';
import { LOGIN_ACCOUNT_RULE, LOGIN_IP_RULE, PASSWORD_CHECK_ACCOUNT_RULE, PASSWORD_CHECK_IP_RULE } from './account-limits.ts';
import { findCustomerByEmail, findCustomerById, updateCustomerNames } from './customer.repository.ts';
import { ACCOUNT_MESSAGES } from '../messages.ts';

/**
 * Accounts (SPEC §5, §7; API-NOTES "Accounts and OTP"; SECURITY promises 1-5,
 * 9, 10, 24, 34, 35): the messages, the customer as answered, sign-in and the
 * profile. Registration, password resets and email changes have files of their own.
 */
type Db = Kysely<Database>;

/**
 * Stands in SPEC §3's `email_verification_token` (the client only tests that it
 * is present); the secret itself travels only by mail.
 */
export const VERIFICATION_PENDING = 'pending';

export type CustomerRow = NonNullable<Awaited<ReturnType<typeof findCustomerById>>>;

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

export async function login(db: Db, clientIp: string, email: string, password: string) {
  const accountBucket = rateLimitBuckets.loginAccount(email);
  const ipBucket = rateLimitBuckets.loginIp(clientIp);
  // Counted before the check, in one step with it: parallel tries cannot overshoot the limit (SECURITY 4).
  await countTry(db, [
    [accountBucket, LOGIN_ACCOUNT_RULE],
    [ipBucket, LOGIN_IP_RULE],
  ]);
  const customer = await findCustomerByEmail(db, email);
  // Unknown emails verify a dummy hash: same time, same answer (SECURITY 3).
  if (!(await verifyPassword(customer?.password_hash, password)) || !customer) {
    throw new ApiError(401, ACCOUNT_MESSAGES.invalidLogin);
  }
  // Right: the account's failures start again, and the address gets this try back.
  await Promise.all([reset(db, accountBucket), forgive(db, ipBucket)]);
  if (!customer.email_verified_at) return { verified: false as const };
  const token = await createSession(db, customer.id);
  return { verified: true as const, token, customer: presentCustomer(customer) };
}

/**
 * Checks the signed-in customer's current password before a change that needs
 * it (password, email). Wrong tries are limited per account and per address
 * (SECURITY 35); a right one clears the account's count.
 */
export async function checkCurrentPassword(
  db: Db,
  customer: CustomerRow,
  clientIp: string,
  password: string,
  wrong: () => ApiError,
): Promise<void> {
  const accountBucket = rateLimitBuckets.passwordCheckAccount(customer.id);
  const ipBucket = rateLimitBuckets.passwordCheckIp(clientIp);
  await countTry(db, [
    [accountBucket, PASSWORD_CHECK_ACCOUNT_RULE],
    [ipBucket, PASSWORD_CHECK_IP_RULE],
  ]);
  if (!(await verifyPassword(customer.password_hash, password))) throw wrong();
  await Promise.all([reset(db, accountBucket), forgive(db, ipBucket)]);
}

export async function findSignedInCustomer(db: Db, customerId: number): Promise<CustomerRow> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new ApiError(401, MESSAGES.cart.notAuthenticated);
  return customer;
}

export async function accountOf(db: Db, customerId: number) {
  return presentCustomer(await findSignedInCustomer(db, customerId));
}

export async function updateDetails(db: Db, customerId: number, names: { firstname: string; lastname: string }) {
  await updateCustomerNames(db, customerId, names, new Date().toISOString());
  return accountOf(db, customerId);
}
