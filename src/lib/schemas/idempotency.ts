import { z } from 'zod';

/**
 * The `Idempotency-Key` request header (SECURITY 14; decision 014): a client
 * sends one key per logical request and the same key again when it retries
 * that request, and the server answers a repeat with the first answer instead
 * of acting twice. The guest-cart sync uses it now; placing an order will.
 * The header's name lives in constants.ts, so browser code that only sends a
 * key does not load zod.
 */
export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible characters',
  reused: 'This Idempotency-Key was already used for a different request',
} as const;

/** Visible ASCII only, so a key is stored and compared byte for byte. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.invalid);
