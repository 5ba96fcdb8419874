import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  findSessionByHash,
  insertSession,
  revokeCustomerSessions,
  revokeSession,
  touchSession,
} from './session.repository.ts';

/**
 * Bearer sessions (SECURITY promise 5; ARCHITECTURE "Auth and sessions").
 *
 * A token is 32 random bytes (256 bits) in base64url; only its SHA-256 hex is
 * stored. Every login makes a new one. A session ends at the first of:
 * - idle expiry: SESSION_IDLE_MS (30 days) after it was last used;
 * - absolute expiry: SESSION_ABSOLUTE_MS (90 days) after it was created
 *   (stored as `expires_at`);
 * - logout, a password reset (all sessions) or a password change (all others).
 * `last_used_at` is written at most once per SESSION_TOUCH_INTERVAL_MS so
 * reads do not each cost a write.
 */
type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
export const TOKEN_BYTES = 32;

export interface SessionAuth {
  sessionId: number;
  customerId: number;
}

/** A new random secret (32 bytes, base64url) for sessions and one-time links. */
export function newSecretToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The stored form of a secret token: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session and answers its token (the only time the secret exists outside the client). */
export async function createSession(db: Db, customerId: number, now: Date = new Date()): Promise<string> {
  const token = newSecretToken();
  await insertSession(db, {
    customer_id: customerId,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    last_used_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
  });
  return token;
}

/** The live session of a token, or undefined when unknown, expired or revoked. */
export async function authenticate(db: Db, token: string, now: Date = new Date()): Promise<SessionAuth | undefined> {
  if (!token) return undefined;
  const session = await findSessionByHash(db, hashToken(token));
  if (!session || session.revoked_at) return undefined;
  const lastUsed = new Date(session.last_used_at).getTime();
  if (new Date(session.expires_at).getTime() <= now.getTime()) return undefined;
  if (lastUsed + SESSION_IDLE_MS <= now.getTime()) return undefined;
  if (now.getTime() - lastUsed >= SESSION_TOUCH_INTERVAL_MS) await touchSession(db, session.id, now.toISOString());
  return { sessionId: session.id, customerId: session.customer_id };
}

export async function endSession(db: Db, sessionId: number, now: Date = new Date()): Promise<void> {
  await revokeSession(db, sessionId, now.toISOString());
}

/** Ends every session of a customer, or every other one when `keepSessionId` is given. */
export async function endCustomerSessions(db: Db, customerId: number, keepSessionId?: number): Promise<void> {
  await revokeCustomerSessions(db, customerId, new Date().toISOString(), keepSessionId);
}
