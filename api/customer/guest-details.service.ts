import type { Kysely } from 'kysely';
import type { GuestDetailsRequest } from '../../src/lib/schemas/account.ts';
import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { rateLimitBuckets } from '../security/rate-limit.service.ts';
import { countTry } from '../security/limited.ts';
import { GUEST_DETAILS_RULE } from './account-limits.ts';
import { ACCOUNT_MAIL } from './account-mail.service.ts';
import {
  findCustomerByEmail,
  retireOneTimeTokens,
  setFirstPasswordHash,
  updateGuestDetails,
} from './customer.repository.ts';
import { findSignedInCustomer, presentCustomer, type CustomerRow } from './customer.service.ts';
import { ACCOUNT_MESSAGES } from '../messages.ts';

/**
 * POST /customer/update-user-details (API-NOTES "Accounts and OTP"): a
 * phone-only customer from checkout OTP completes names, email and,
 * optionally, a first password.
 *
 * A bearer token alone must not move an account to another address (SECURITY
 * 34): the email (and a first password) are set only on an account nobody has
 * secured yet, one with no password and no confirmed email. Any other account
 * may send its own email again with new names and alternate phone; a different
 * email is refused here and changed from My Account with the password.
 */
type Db = Kysely<Database>;

const emailTaken = () => new ApiError(409, ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });

/** An account made by checkout OTP that has no password and no confirmed email yet. */
const isUnsecured = (customer: CustomerRow) => !customer.password_hash && !customer.email_verified_at;

export async function completeGuestDetails(db: Db, customerId: number, input: GuestDetailsRequest) {
  const current = await findSignedInCustomer(db, customerId);
  // Each call may learn whether an address has an account (409): a guest needs a few, a prober many.
  await countTry(db, [[rateLimitBuckets.guestDetails(customerId), GUEST_DETAILS_RULE]]);
  const unsecured = isUnsecured(current);
  const emailChanged = current.email?.toLowerCase() !== input.email;
  if (!unsecured && emailChanged) {
    throw new ApiError(403, ACCOUNT_MESSAGES.emailChangeNeedsPassword, { email: [ACCOUNT_MESSAGES.emailChangeNeedsPassword] });
  }
  if (!unsecured && input.password) {
    const message = current.password_hash ? ACCOUNT_MESSAGES.useChangePassword : ACCOUNT_MESSAGES.setPasswordByReset;
    throw new ApiError(400, message, { password: [message] });
  }
  // Hash before the transaction: slow CPU work that needs no lock.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const stamp = new Date().toISOString();
  await db
    .transaction()
    .execute(async (trx) => {
      if (emailChanged) {
        const holder = await findCustomerByEmail(trx, input.email);
        if (holder && holder.id !== customerId) throw emailTaken();
      }
      await updateGuestDetails(
        trx,
        customerId,
        {
          firstname: input.firstname,
          lastname: input.lastname,
          ...(emailChanged ? { email: input.email, email_verified_at: null } : {}),
          ...(input.alt_phone_number ? { alt_phone_number: input.alt_phone_number } : {}),
        },
        stamp,
      );
      if (passwordHash && !(await setFirstPasswordHash(trx, customerId, passwordHash, stamp))) {
        throw new ApiError(400, ACCOUNT_MESSAGES.useChangePassword, { password: [ACCOUNT_MESSAGES.useChangePassword] });
      }
      if (emailChanged) {
        // A link mailed to an earlier address must not verify this one.
        await retireOneTimeTokens(trx, 'email_verification_tokens', customerId, stamp);
        await queueMail(trx, { kind: ACCOUNT_MAIL.verifyEmail, recipient: input.email, customerId });
      }
    })
    .catch(async (error: unknown) => {
      // Two customers racing for one email past the check: the unique index decides.
      if (error instanceof ApiError) throw error;
      const holder = await findCustomerByEmail(db, input.email);
      if (holder && holder.id !== customerId) throw emailTaken();
      throw error;
    });
  return { customer: presentCustomer(await findSignedInCustomer(db, customerId)) };
}
