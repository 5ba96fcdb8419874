import type { Kysely } from 'kysely';
import type { RegistrationRequest } from '../../src/lib/schemas/account.ts';
import { hashPassword } from '../auth/password.ts';
import { hashToken } from '../auth/session.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { rateLimitBuckets } from '../security/rate-limit.service.ts';
import { countTry } from '../security/limited.ts';
import { REGISTER_EMAIL_RULE, REGISTER_IP_RULE, RESEND_EMAIL_RULE, RESEND_IP_RULE } from './account-limits.ts';
import { ACCOUNT_MAIL } from './account-mail.service.ts';
import {
  consumeOneTimeToken,
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  markEmailVerified,
  phoneTaken,
  retireOneTimeTokens,
  updateCustomerEmail,
} from './customer.repository.ts';
import { VERIFICATION_PENDING } from './customer.service.ts';
import { ACCOUNT_MESSAGES } from '../messages.ts';

/**
 * Registration and email verification (SPEC §4 Registration; SECURITY 3, 34, 35).
 *
 * Registration answers every address alike (decision 015): a new one gets an
 * account and a verification link, one that already has an account gets a
 * mail telling its owner that someone tried (sign in, or reset the password,
 * which also confirms the address). Either way the shopper is told to check
 * their email and goes to /signin, as SPEC's flow has it.
 */
type Db = Kysely<Database>;

const sameEmail = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
const emailTaken = () => new ApiError(409, ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });

export async function register(db: Db, clientIp: string, input: RegistrationRequest) {
  await countTry(db, [
    [rateLimitBuckets.registerEmail(input.email), REGISTER_EMAIL_RULE],
    [rateLimitBuckets.registerIp(clientIp), REGISTER_IP_RULE],
  ]);
  // Hashed whether or not the address is new: the same slow work either way, and no lock held.
  const passwordHash = await hashPassword(input.password);
  const phone = input.phone_number ?? null;
  // A second round settles a race another registration won (its unique email or phone).
  for (let round = 1; ; round += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        const stamp = new Date().toISOString();
        const existing = await findCustomerByEmail(trx, input.email);
        if (existing) {
          await queueMail(trx, { kind: ACCOUNT_MAIL.registrationAttempt, recipient: input.email, customerId: existing.id });
          return;
        }
        // A phone another account has is left off this one; the mail to the new address says so.
        const keepPhone = phone !== null && !(await phoneTaken(trx, phone));
        const id = await insertCustomer(trx, {
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          phone_number: keepPhone ? phone : null,
          password_hash: passwordHash,
          created_at: stamp,
          updated_at: stamp,
        });
        const details = phone !== null && !keepPhone ? { phoneNotAdded: true } : {};
        await queueMail(trx, { kind: ACCOUNT_MAIL.verifyEmail, recipient: input.email, customerId: id, details });
      });
      break;
    } catch (error) {
      if (round >= 2) throw error;
    }
  }
  // SPEC §3's user object, from what the shopper sent: the same for a new and a known address.
  return {
    customer: {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      phone_number: phone,
      alt_phone_number: phone,
    },
    email_verification_token: VERIFICATION_PENDING,
    is_existing_customer: false,
  };
}

/**
 * Mails a new verification link when the address belongs to an account still
 * waiting for it; answers alike for every address (the queue decides, after
 * the answer). Limited per address and per email (SECURITY 35).
 */
export async function resendVerification(db: Db, clientIp: string, email: string): Promise<void> {
  await countTry(db, [
    [rateLimitBuckets.resendEmail(email), RESEND_EMAIL_RULE],
    [rateLimitBuckets.resendIp(clientIp), RESEND_IP_RULE],
  ]);
  await queueMail(db, { kind: ACCOUNT_MAIL.verifyEmail, recipient: email });
}

/**
 * Uses a verification link (a POST: opening the link only shows a button, so
 * a mail scanner cannot spend it). A link to the account's own address
 * confirms it; a link to another address completes an email change: the
 * account takes that address, and links mailed to the old one stop working.
 */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  const now = new Date().toISOString();
  let verified: boolean;
  try {
    verified = await db.transaction().execute(async (trx) => {
      const used = await consumeOneTimeToken(trx, 'email_verification_tokens', hashToken(token), now);
      const customer = used ? await findCustomerById(trx, used.customerId) : undefined;
      const address = used?.email ?? customer?.email;
      if (!customer || !address) return false;
      if (sameEmail(customer.email, address)) {
        await markEmailVerified(trx, customer.id, now);
        return true;
      }
      const holder = await findCustomerByEmail(trx, address);
      if (holder) throw emailTaken();
      await updateCustomerEmail(trx, customer.id, address, now);
      await retireOneTimeTokens(trx, 'email_verification_tokens', customer.id, now);
      await retireOneTimeTokens(trx, 'password_reset_tokens', customer.id, now);
      return true;
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // An account took the address between the check and the update: the unique index decided.
    throw emailTaken();
  }
  if (!verified) throw new ApiError(400, ACCOUNT_MESSAGES.verificationInvalid);
}
