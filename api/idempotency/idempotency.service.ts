import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_MS } from '../../src/lib/constants.ts';
import { IDEMPOTENCY_MESSAGES, idempotencyKeySchema } from '../../src/lib/schemas/idempotency.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { claimKey, deleteKeysBefore, findKey, saveResponse } from './idempotency.repository.ts';

/**
 * Requests that act once per `Idempotency-Key` (SECURITY 14; decision 014).
 * A repeat of a committed request gets the first answer back; the same key
 * with another body is refused. A request that failed left no key behind, so
 * its retry runs afresh. Answers are kept for IDEMPOTENCY_KEY_TTL_MS (a day):
 * a scope's older keys are dropped when it claims a new one, so the table
 * holds about a day of requests per shopper.
 */
export interface IdempotentRequest {
  /** Whose key it is and for what, e.g. `cart-sync:42`: keys of one scope never meet another's. */
  scope: string;
  key: string;
  requestHash: string;
}

/** The request's key, or null when it sent none (the header is optional). Bad keys are a 400. */
export function idempotentRequest(c: Context, scope: string, input: unknown): IdempotentRequest | null {
  const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new ApiError(400, IDEMPOTENCY_MESSAGES.invalid, { [IDEMPOTENCY_KEY_HEADER]: [IDEMPOTENCY_MESSAGES.invalid] });
  // The validated input, not the raw body: the same request in other spacing or key order is the same request.
  const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  return { scope, key: parsed.data, requestHash };
}

/**
 * Runs `work` in one transaction, once per key: its answer is stored with the
 * key and replayed for a repeat within a day. Without a key it simply runs.
 * Answers are 200 bodies; a thrown error rolls the key back with the work.
 */
export function runOnce<T>(
  db: Kysely<Database>,
  request: IdempotentRequest | null,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (request) {
      const { scope, key, requestHash } = request;
      const now = Date.now();
      await deleteKeysBefore(trx, scope, new Date(now - IDEMPOTENCY_KEY_TTL_MS).toISOString());
      const claimed = await claimKey(trx, { scope, key, requestHash, now: new Date(now).toISOString() });
      if (!claimed) {
        const earlier = await findKey(trx, scope, key);
        // A committed claim always has its answer; anything else is another request under this key.
        if (!earlier || earlier.request_hash !== requestHash || earlier.response_body === null) {
          throw new ApiError(422, IDEMPOTENCY_MESSAGES.reused);
        }
        return JSON.parse(earlier.response_body) as T;
      }
    }
    const answer = await work(trx);
    if (request) await saveResponse(trx, request.scope, request.key, 200, JSON.stringify(answer));
    return answer;
  });
}
