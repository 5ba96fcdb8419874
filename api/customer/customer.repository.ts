import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Customers and their one-time tokens (email verification, password reset): all SQL of accounts. */
type Db = Kysely<Database> | Transaction<Database>;
export type OneTimeTokenTable = 'password_reset_tokens' | 'email_verification_tokens';

const CUSTOMER_COLUMNS = [
  'id',
  'firstname',
  'lastname',
  'email',
  'phone_number',
  'alt_phone_number',
  'password_hash',
  'email_verified_at',
] as const;

export async function findCustomerByEmail(db: Db, email: string) {
  return db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function findCustomerById(db: Db, id: number) {
  return db.selectFrom('customers').select(CUSTOMER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function phoneTaken(db: Db, phone: string): Promise<boolean> {
  const row = await db.selectFrom('customers').select('id').where('phone_number', '=', phone).executeTakeFirst();
  return row !== undefined;
}

export interface NewCustomer {
  firstname: string;
  lastname: string;
  email: string;
  phone_number: string | null;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export async function insertCustomer(db: Db, customer: NewCustomer): Promise<number> {
  const row = await db.insertInto('customers').values(customer).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCustomerNames(db: Db, id: number, names: { firstname: string; lastname: string }, now: string) {
  await db
    .updateTable('customers')
    .set({ ...names, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export interface GuestDetailsChange {
  firstname: string;
  lastname: string;
  /** Undefined: the email stays as it is. */
  email?: string;
  /** Null: the email is new and awaits verification; undefined: verification unchanged. */
  email_verified_at?: null;
  alt_phone_number?: string;
}

export async function updateGuestDetails(db: Db, id: number, change: GuestDetailsChange, now: string) {
  await db
    .updateTable('customers')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Sets a first password; only for an account that has none, so a race cannot overwrite one. */
export async function setFirstPasswordHash(db: Db, id: number, passwordHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('id', '=', id)
    .where('password_hash', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string, now: string) {
  await db.updateTable('customers').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
}

export async function markEmailVerified(db: Db, id: number, now: string) {
  await db
    .updateTable('customers')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** Sets the account's email, verified at `verifiedAt` (an email change confirmed from its link). */
export async function updateCustomerEmail(db: Db, id: number, email: string, verifiedAt: string) {
  await db
    .updateTable('customers')
    .set({ email, email_verified_at: verifiedAt, updated_at: verifiedAt })
    .where('id', '=', id)
    .execute();
}

export async function insertOneTimeToken(
  db: Db,
  table: OneTimeTokenTable,
  token: { customer_id: number; token_hash: string; email: string; expires_at: string; created_at: string },
) {
  await db.insertInto(table).values(token).execute();
}

/**
 * Marks unused tokens of a customer used. `email`: only the links mailed to
 * that address (or to an unrecorded one); `notEmail`: only those mailed
 * elsewhere (email-change links, while the account keeps `notEmail`).
 */
export async function retireOneTimeTokens(
  db: Db,
  table: OneTimeTokenTable,
  customerId: number,
  now: string,
  only: { email?: string; notEmail?: string } = {},
) {
  let query = db.updateTable(table).set({ used_at: now }).where('customer_id', '=', customerId).where('used_at', 'is', null);
  if (only.email !== undefined) {
    const email = only.email;
    query = query.where((eb) => eb.or([eb('email', '=', email), eb('email', 'is', null)]));
  }
  if (only.notEmail !== undefined) query = query.where('email', 'is not', null).where('email', '!=', only.notEmail);
  await query.execute();
}

/**
 * Uses a one-time token: marks it used only if it is unused and unexpired, in
 * one statement, so two concurrent uses cannot both succeed. Answers the
 * customer and the address the link was mailed to, or undefined when the token is not usable.
 */
export async function consumeOneTimeToken(
  db: Db,
  table: OneTimeTokenTable,
  tokenHash: string,
  now: string,
): Promise<{ customerId: number; email: string | null } | undefined> {
  const row = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['customer_id', 'email'])
    .executeTakeFirst();
  return row ? { customerId: row.customer_id, email: row.email } : undefined;
}
