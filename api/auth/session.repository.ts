import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Sessions: all SQL of bearer tokens. Only SHA-256 hashes of tokens are stored. */
type Db = Kysely<Database>;

export interface NewSession {
  customer_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findSessionByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'customer_id', 'last_used_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a customer, except `keepId` when given. */
export async function revokeCustomerSessions(db: Db, customerId: number, now: string, keepId?: number): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null);
  if (keepId !== undefined) query = query.where('id', '!=', keepId);
  await query.execute();
}
