import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countHit, deleteEndedWindows, deleteWindow, uncountHit } from './rate-limit.repository.ts';

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

const emailKey = (email: string) => email.trim().toLowerCase();

/** Bucket names, one place so callers cannot spell the same limit two ways. */
export const rateLimitBuckets = {
  loginAccount: (email: string) => `login:account:${emailKey(email)}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  otpSendPhone: (phone: string) => `otp:send:phone:${phone.replace(/\D/g, '')}`,
  otpSendIp: (ip: string) => `otp:send:ip:${ip}`,
  forgotEmail: (email: string) => `forgot:email:${emailKey(email)}`,
  forgotIp: (ip: string) => `forgot:ip:${ip}`,
  registerEmail: (email: string) => `register:email:${emailKey(email)}`,
  registerIp: (ip: string) => `register:ip:${ip}`,
  resendEmail: (email: string) => `resend:email:${emailKey(email)}`,
  resendIp: (ip: string) => `resend:ip:${ip}`,
  /** Wrong current passwords of a signed-in customer (change password, change email). */
  passwordCheckAccount: (customerId: number) => `password-check:account:${customerId}`,
  passwordCheckIp: (ip: string) => `password-check:ip:${ip}`,
  guestDetails: (customerId: number) => `guest-details:account:${customerId}`,
  checkout: (customerId: number) => `checkout:account:${customerId}`,
  couponIp: (ip: string) => `coupon:ip:${ip}`,
  couponCustomer: (customerId: number) => `coupon:account:${customerId}`,
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
 * Counts one hit in each bucket and says whether all are within their limits,
 * with the longest wait when not. Counting first makes the check and the count
 * one step: 20 parallel tries against a limit of 10 let exactly 10 through.
 * A try that turns out fine (a right password) gives its hit back with `forgive`.
 */
export async function hitAll(db: Db, limits: Array<[bucket: string, rule: RateLimitRule]>): Promise<RateLimitResult> {
  const results = await Promise.all(limits.map(([bucket, rule]) => hit(db, bucket, rule)));
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    remaining: Math.min(...results.map((r) => r.remaining)),
    retryAfterSeconds: Math.max(0, ...refused.map((r) => r.retryAfterSeconds)),
  };
}

/** Takes back one hit of a bucket (an address's count after a right password). */
export async function forgive(db: Db, bucket: string): Promise<void> {
  await uncountHit(db, bucket);
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
