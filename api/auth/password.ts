import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Password hashing (SECURITY promise 1): argon2id, m = 19 MiB, t = 2, p = 1,
 * stored as a PHC string with its own random salt.
 */
// `Algorithm` is a const enum, which erasable syntax cannot import as a value.
const ARGON2ID: Algorithm = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown email, or
 * an account that only signs in by OTP) a dummy hash is verified instead, so
 * the answer takes as long as a real wrong password (SECURITY promise 3).
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    await safeVerify(await dummyHash, password);
    return false;
  }
  return safeVerify(storedHash, password);
}

async function safeVerify(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a 500.
    return false;
  }
}
