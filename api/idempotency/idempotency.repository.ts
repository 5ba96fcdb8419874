import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * `idempotency_keys`: all SQL of the idempotent requests (decision 014). A
 * key is claimed by inserting its row inside the request's own transaction,
 * so the row, the work and the stored answer commit together or not at all.
 */
type Db = Kysely<Database> | Transaction<Database>;

export interface KeyClaim {
  scope: string;
  key: string;
  requestHash: string;
  now: string;
}

/**
 * True when this call took the key. A key another transaction holds waits for
 * it (PostgreSQL blocks on the unique index; SQLite has one writer), then
 * answers false if that transaction committed.
 */
export async function claimKey(db: Db, claim: KeyClaim): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      idempotency_key: claim.key,
      request_hash: claim.requestHash,
      created_at: claim.now,
    })
    .onConflict((oc) => oc.columns(['scope', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Drops the scope's keys claimed before `before` (ISO time); the scope's rows only, through the key's index. */
export async function deleteKeysBefore(db: Db, scope: string, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('created_at', '<', before).execute();
}

export interface StoredRequest {
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
}

export function findKey(db: Db, scope: string, key: string): Promise<StoredRequest | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body'])
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export async function saveResponse(db: Db, scope: string, key: string, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: body })
    .where('scope', '=', scope)
    .where('idempotency_key', '=', key)
    .execute();
}
