import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, fail } from '../http/envelope.ts';
import { TOO_MANY_ATTEMPTS } from '../messages.ts';
import { hitAll, type RateLimitRule } from './rate-limit.service.ts';

/** A refused try (SECURITY 4, 24, 35): services throw it, routes answer 429 with `Retry-After`. */

export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Counts a try in every bucket; throws RateLimitedError when one is over its limit. */
export async function countTry(db: Kysely<Database>, limits: Array<[bucket: string, rule: RateLimitRule]>): Promise<void> {
  const result = await hitAll(db, limits);
  if (!result.allowed) throw new RateLimitedError(result.retryAfterSeconds);
}

/** Runs a rate-limited action; a refusal becomes 429 with `Retry-After`. */
export async function limited<T>(c: Context, action: () => Promise<T>): Promise<T | Response> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    c.header('Retry-After', String(error.retryAfterSeconds));
    return fail(c, 429, error.message);
  }
}
