import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countHit, deleteEndedWindows, deleteWindow, findWindow } from './rate-limit.repository.ts';

/**
 * Fixed-window rate limits kept in the database (SECURITY promises 4, 7, 24):
 * every process sees the same counts, so nothing lives in process memory.
 */
type Db = Kysely<Database>;

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  /** The clock; tests pass it to step over a window. */
  now?: Date;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits still allowed in this window after this one. */
  remaining: number;
  /** Seconds until the window ends when refused (for `Retry-After`); 0 when allowed. */
  retryAfterSeconds: number;
}

/** Bucket names, one place so callers cannot spell the same limit two ways. */
export const rateLimitBuckets = {
  loginAccount: (email: string) => `login:account:${email.trim().toLowerCase()}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  otpSendPhone: (phone: string) => `otp:send:phone:${phone.replace(/\D/g, '')}`,
  otpSendIp: (ip: string) => `otp:send:ip:${ip}`,
};

/** Counts one hit and says whether it is within the limit. */
export async function hit(db: Db, bucket: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = rule.now ?? new Date();
  const newWindowEndsAt = new Date(now.getTime() + rule.windowMs).toISOString();
  const { hits, windowEndsAt } = await countHit(db, bucket, now.toISOString(), newWindowEndsAt);
  const allowed = hits <= rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: allowed ? 0 : secondsUntil(windowEndsAt, now),
  };
}

/**
 * Whether one more hit would be allowed, without counting it: a login checks
 * this before verifying the password and calls `hit` only on a failure.
 */
export async function peek(db: Db, bucket: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = rule.now ?? new Date();
  const window = await findWindow(db, bucket);
  const hits = window && new Date(window.windowEndsAt).getTime() > now.getTime() ? window.hits : 0;
  const allowed = hits < rule.limit;
  return {
    allowed,
    remaining: Math.max(0, rule.limit - hits),
    retryAfterSeconds: allowed || !window ? 0 : secondsUntil(window.windowEndsAt, now),
  };
}

/** Clears the bucket (a successful login resets its account's failures). */
export async function reset(db: Db, bucket: string): Promise<void> {
  await deleteWindow(db, bucket);
}

/** Deletes ended windows; they already count as zero, this only keeps the table small. */
export async function pruneEndedWindows(db: Db, now: Date = new Date()): Promise<number> {
  return deleteEndedWindows(db, now.toISOString());
}

function secondsUntil(isoTime: string, now: Date): number {
  return Math.max(1, Math.ceil((new Date(isoTime).getTime() - now.getTime()) / 1000));
}
