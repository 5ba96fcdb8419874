import type { RateLimitRule } from '../security/rate-limit.service.ts';

/**
 * The account limits (SECURITY promises 4, 24, 35), each a fixed window in the
 * database. Per-address limits are generous: shoppers on one mobile carrier's
 * network often share an address.
 */
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** 10 straight failures lock an account's logins for the rest of the window (SECURITY 4). */
export const LOGIN_ACCOUNT_RULE: RateLimitRule = { limit: 10, windowMs: 15 * MINUTE_MS };
/** Failures from one address, across accounts. */
export const LOGIN_IP_RULE: RateLimitRule = { limit: 100, windowMs: 15 * MINUTE_MS };
export const FORGOT_EMAIL_RULE: RateLimitRule = { limit: 5, windowMs: HOUR_MS };
export const FORGOT_IP_RULE: RateLimitRule = { limit: 30, windowMs: HOUR_MS };
/** Each registration mails an address and costs an argon2 hash. */
export const REGISTER_EMAIL_RULE: RateLimitRule = { limit: 5, windowMs: HOUR_MS };
export const REGISTER_IP_RULE: RateLimitRule = { limit: 60, windowMs: HOUR_MS };
export const RESEND_EMAIL_RULE: RateLimitRule = { limit: 3, windowMs: HOUR_MS };
export const RESEND_IP_RULE: RateLimitRule = { limit: 20, windowMs: HOUR_MS };
/** Wrong current passwords of a signed-in customer (change password, change email). */
export const PASSWORD_CHECK_ACCOUNT_RULE: RateLimitRule = { limit: 5, windowMs: 15 * MINUTE_MS };
export const PASSWORD_CHECK_IP_RULE: RateLimitRule = { limit: 50, windowMs: 15 * MINUTE_MS };

/** Guest details after checkout OTP: a guest sends them a few times at most. */
export const GUEST_DETAILS_RULE: RateLimitRule = { limit: 20, windowMs: HOUR_MS };
