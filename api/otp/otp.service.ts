import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MESSAGES } from '../../src/lib/messages.ts';
import { createSession } from '../auth/session.service.ts';
import { findCustomerById } from '../customer/customer.repository.ts';
import { RateLimitedError } from '../security/limited.ts';
import { presentCustomer } from '../customer/customer.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { hit, rateLimitBuckets, type RateLimitRule } from '../security/rate-limit.service.ts';
import {
  consumeCode,
  countWrongTry,
  findCustomerByPhone,
  findLiveCode,
  insertCode,
  insertPhoneCustomer,
  retireCodes,
  type OtpPurpose,
} from './otp.repository.ts';
import { dispatchSms, type SmsSender } from './sms.sender.ts';

/**
 * One-time codes by SMS (SPEC §4 OTP, §7; SECURITY promises 3, 7, 8, 24).
 *
 * - A code is 6 digits from crypto.randomInt, stored only as
 *   HMAC-SHA-256(OTP_SECRET, "phone:purpose:code"), so a leaked table cannot be
 *   reversed by trying the million codes without the secret.
 * - It lives OTP_TTL_MS (10 minutes) and is used once. A new code for the same
 *   phone and purpose replaces the old one and inherits its wrong-try count;
 *   a code replacing a burned one also keeps the burned one's expiry, so
 *   resending neither resets nor extends a lock.
 * - OTP_MAX_ATTEMPTS (5) wrong tries burn the code.
 * - Sends are limited per phone and per address (429 with Retry-After).
 * - A login code for a phone without an account is neither stored nor sent,
 *   and the answer is the same as for a known phone.
 */
type Db = Kysely<Database>;

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SEND_PHONE_RULE: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };
export const OTP_SEND_IP_RULE: RateLimitRule = { limit: 20, windowMs: 60 * 60 * 1000 };

export interface OtpContext {
  db: Db;
  secret: string;
  /** Undefined: demo mode, the code is answered instead of sent. */
  sms: SmsSender | undefined;
}

export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashOtp(secret: string, phone: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${purpose}:${code}`).digest('hex');
}

/** Issues a code; answers it only in demo mode. */
export async function sendOtp(ctx: OtpContext, clientIp: string, phone: string, purpose: OtpPurpose) {
  const byPhone = await hit(ctx.db, rateLimitBuckets.otpSendPhone(phone), OTP_SEND_PHONE_RULE);
  const byIp = await hit(ctx.db, rateLimitBuckets.otpSendIp(clientIp), OTP_SEND_IP_RULE);
  if (!byPhone.allowed || !byIp.allowed) {
    throw new RateLimitedError(Math.max(byPhone.retryAfterSeconds, byIp.retryAfterSeconds));
  }
  const code = newOtpCode();
  const known = purpose !== 'login' || (await findCustomerByPhone(ctx.db, phone)) !== undefined;
  if (known) {
    await storeCode(ctx, phone, purpose, code);
    // Committed: now the network (never inside the transaction, SECURITY 27).
    if (ctx.sms) void dispatchSms(ctx.sms, { to: phone, message: smsText(code) });
  }
  return { otp: ctx.sms ? undefined : code };
}

async function storeCode(ctx: OtpContext, phone: string, purpose: OtpPurpose, code: string) {
  const now = new Date();
  const stamp = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const replaced = await retireCodes(trx, phone, purpose, stamp);
    const attempts = Math.min(OTP_MAX_ATTEMPTS, Math.max(0, ...replaced.map((r) => r.attempts)));
    const burned = replaced.find((r) => r.attempts >= OTP_MAX_ATTEMPTS);
    await insertCode(trx, {
      phone,
      purpose,
      codeHash: hashOtp(ctx.secret, phone, purpose, code),
      attempts,
      expiresAt: burned?.expires_at ?? new Date(now.getTime() + OTP_TTL_MS).toISOString(),
      now: stamp,
    });
  });
}

function smsText(code: string): string {
  return `${code} is your verification code. It expires in 10 minutes. Do not share it with anyone.`;
}

/**
 * Uses the live code of the phone and purpose. Anything wrong (no code,
 * expired, burned, wrong digits, lost a race) is the same 400 'Invalid OTP'.
 */
async function useCode(ctx: OtpContext, phone: string, purpose: OtpPurpose, code: string): Promise<void> {
  const invalid = new ApiError(400, MESSAGES.otp.invalid);
  const now = new Date().toISOString();
  const live = await findLiveCode(ctx.db, phone, purpose);
  if (!live || live.expires_at <= now || live.attempts >= OTP_MAX_ATTEMPTS) throw invalid;
  const given = Buffer.from(hashOtp(ctx.secret, phone, purpose, code));
  if (!timingSafeEqual(given, Buffer.from(live.code_hash))) {
    await countWrongTry(ctx.db, live.id, OTP_MAX_ATTEMPTS);
    throw invalid;
  }
  if (!(await consumeCode(ctx.db, live.id, OTP_MAX_ATTEMPTS, now))) throw invalid;
}

async function sessionFor(db: Db, customerId: number) {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new ApiError(400, MESSAGES.otp.invalid);
  const token = await createSession(db, customer.id);
  return { token, customer: presentCustomer(customer) };
}

/** POST /otp/verify/login: signs the phone's customer in. */
export async function verifyLoginOtp(ctx: OtpContext, phone: string, code: string) {
  await useCode(ctx, phone, 'login', code);
  const customer = await findCustomerByPhone(ctx.db, phone);
  if (!customer) throw new ApiError(400, MESSAGES.otp.invalid);
  return sessionFor(ctx.db, customer.id);
}

/** POST /otp/verify/checkout: signs in the phone's customer, created on first use. */
export async function verifyCheckoutOtp(ctx: OtpContext, phone: string, code: string) {
  await useCode(ctx, phone, 'checkout', code);
  const existing = await findCustomerByPhone(ctx.db, phone);
  let customerId = existing?.id;
  if (customerId === undefined) {
    customerId = await insertPhoneCustomer(ctx.db, phone, new Date().toISOString()).catch(async (error: unknown) => {
      // Another request created the customer first: the unique phone decides.
      const winner = await findCustomerByPhone(ctx.db, phone);
      if (!winner) throw error;
      return winner.id;
    });
  }
  const session = await sessionFor(ctx.db, customerId);
  return { is_existing_customer: Boolean(existing?.email), ...session };
}
