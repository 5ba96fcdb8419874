import type { Kysely, Transaction } from 'kysely';
import type { Database, OtpsTable } from '../db/schema.ts';

/**
 * All SQL of one-time codes (SECURITY promise 7). `consumed_at` is set when a
 * code is used and also when a newer code for the same phone and purpose
 * replaces it, so "the newest row with consumed_at null" is the only live code.
 * Every state change is one conditional UPDATE, so concurrent requests cannot
 * both win.
 */
type Db = Kysely<Database> | Transaction<Database>;
export type OtpPurpose = OtpsTable['purpose'];

export interface LiveOtp {
  id: number;
  code_hash: string;
  attempts: number;
  expires_at: string;
}

/**
 * Marks every unconsumed code of the phone and purpose as replaced and answers
 * the ones that were still live (not expired at `now`), whose wrong-try counts
 * carry over to the new code.
 */
export async function retireCodes(db: Db, phone: string, purpose: OtpPurpose, now: string) {
  return db
    .updateTable('otps')
    .set({ consumed_at: now })
    .where('phone_number', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .returning(['attempts', 'expires_at'])
    .execute()
    .then((rows) => rows.filter((row) => row.expires_at > now));
}

export async function insertCode(
  db: Db,
  code: { phone: string; purpose: OtpPurpose; codeHash: string; attempts: number; expiresAt: string; now: string },
) {
  await db
    .insertInto('otps')
    .values({
      phone_number: code.phone,
      purpose: code.purpose,
      code_hash: code.codeHash,
      attempts: code.attempts,
      expires_at: code.expiresAt,
      created_at: code.now,
    })
    .execute();
}

/** The live code of the phone and purpose, if any (expiry and tries are the caller's to check). */
export async function findLiveCode(db: Db, phone: string, purpose: OtpPurpose): Promise<LiveOtp | undefined> {
  return db
    .selectFrom('otps')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('phone_number', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong try, only while the code is live and under the limit; answers whether it counted. */
export async function countWrongTry(db: Db, id: number, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('otps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Uses the code; true for exactly one caller, and only while it is live, unexpired and not burned. */
export async function consumeCode(db: Db, id: number, maxAttempts: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('otps')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

const CUSTOMER_BY_PHONE_COLUMNS = ['id', 'email'] as const;

export async function findCustomerByPhone(db: Db, phone: string) {
  return db.selectFrom('customers').select(CUSTOMER_BY_PHONE_COLUMNS).where('phone_number', '=', phone).executeTakeFirst();
}

/** A customer known only by phone (checkout OTP): empty names, no email, no password. */
export async function insertPhoneCustomer(db: Db, phone: string, now: string): Promise<number> {
  const row = await db
    .insertInto('customers')
    .values({ firstname: '', lastname: '', email: null, phone_number: phone, password_hash: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
