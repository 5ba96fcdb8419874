import type { Kysely, Transaction } from 'kysely';
import type { ChangePasswordRequest, TokenPasswordRequest } from '../../src/lib/schemas/account.ts';
import { hashPassword } from '../auth/password.ts';
import { endCustomerSessions, hashToken } from '../auth/session.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { rateLimitBuckets } from '../security/rate-limit.service.ts';
import { countTry } from '../security/limited.ts';
import { FORGOT_EMAIL_RULE, FORGOT_IP_RULE } from './account-limits.ts';
import { ACCOUNT_MAIL } from './account-mail.service.ts';
import {
  consumeOneTimeToken,
  findCustomerById,
  markEmailVerified,
  retireOneTimeTokens,
  updatePasswordHash,
} from './customer.repository.ts';
import { checkCurrentPassword, findSignedInCustomer } from './customer.service.ts';
import { ACCOUNT_MESSAGES } from '../messages.ts';

/** Forgot password, reset from the mailed link, and change password (SECURITY 3, 9, 10, 34, 35). */
type Db = Kysely<Database>;

/**
 * Queues a reset mail. The request does the same work for every address (two
 * counts and one queued row); whether the address has an account is decided
 * when the queue composes the mail, after the answer (SECURITY 3).
 */
export async function forgotPassword(db: Db, clientIp: string, email: string): Promise<void> {
  await countTry(db, [
    [rateLimitBuckets.forgotEmail(email), FORGOT_EMAIL_RULE],
    [rateLimitBuckets.forgotIp(clientIp), FORGOT_IP_RULE],
  ]);
  await queueMail(db, { kind: ACCOUNT_MAIL.passwordReset, recipient: email });
}

/**
 * Sets a new password from a reset link. The link proved the mailbox it was
 * sent to, so that address counts as verified; every other reset link and
 * every pending email change ends, and so does every session (SECURITY 9, 34).
 */
export async function resetPasswordWithToken(db: Db, input: TokenPasswordRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  const customerId = await db.transaction().execute(async (trx) => {
    const used = await consumeOneTimeToken(trx, 'password_reset_tokens', hashToken(input.token), now);
    const customer = used ? await findCustomerById(trx, used.customerId) : undefined;
    if (!used || !customer) return undefined;
    await updatePasswordHash(trx, customer.id, passwordHash, now);
    await endOutstandingLinks(trx, customer, now);
    if (used.email && used.email.toLowerCase() === customer.email?.toLowerCase()) {
      await markEmailVerified(trx, customer.id, now);
    }
    return customer.id;
  });
  if (customerId === undefined) throw new ApiError(400, ACCOUNT_MESSAGES.resetLinkInvalid);
  await endCustomerSessions(db, customerId);
}

/** Changes the signed-in customer's password: needs the current one (SECURITY 10), wrong tries are limited. */
export async function changePassword(
  db: Db,
  customerId: number,
  sessionId: number,
  clientIp: string,
  input: ChangePasswordRequest,
): Promise<void> {
  const customer = await findSignedInCustomer(db, customerId);
  await checkCurrentPassword(db, customer, clientIp, input.old_password, () => {
    return new ApiError(400, ACCOUNT_MESSAGES.oldPasswordIncorrect, { old_password: [ACCOUNT_MESSAGES.oldPasswordIncorrect] });
  });
  const passwordHash = await hashPassword(input.new_password);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, customerId, passwordHash, now);
    await endOutstandingLinks(trx, customer, now);
  });
  await endCustomerSessions(db, customerId, sessionId);
}

/**
 * A new password ends what an attacker who knew the old one (or read the old
 * mailbox) could still complete: reset links, and links of email changes.
 */
async function endOutstandingLinks(trx: Transaction<Database>, customer: { id: number; email: string | null }, now: string) {
  await retireOneTimeTokens(trx, 'password_reset_tokens', customer.id, now);
  await retireOneTimeTokens(trx, 'email_verification_tokens', customer.id, now, { notEmail: customer.email ?? '' });
}
