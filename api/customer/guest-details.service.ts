import type { Kysely } from 'kysely';
import { MESSAGES } from '../../src/lib/messages.ts';
import type { GuestDetailsRequest } from '../../src/lib/schemas/account.ts';
import { hashPassword } from '../auth/password.ts';
import { newSecretToken } from '../auth/session.service.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { MailTransport } from '../mail/mail.transport.ts';
import {
  findCustomerByEmail,
  findCustomerById,
  retireOneTimeTokens,
  setFirstPasswordHash,
  updateGuestDetails,
} from './customer.repository.ts';
import { ACCOUNT_MESSAGES, mailEmailVerification, presentCustomer, storeEmailVerification } from './customer.service.ts';

/**
 * POST /customer/update-user-details (API-NOTES "Accounts and OTP"): a
 * phone-only customer from checkout OTP completes names, email and,
 * optionally, a first password. A new email is unverified until its mailed
 * link is used; an existing password is changed only by change password.
 */
type Db = Kysely<Database>;

const emailTaken = () => new ApiError(409, ACCOUNT_MESSAGES.emailTaken, { email: [ACCOUNT_MESSAGES.emailTaken] });
const useChangePassword = () =>
  new ApiError(400, ACCOUNT_MESSAGES.useChangePassword, { password: [ACCOUNT_MESSAGES.useChangePassword] });

export async function completeGuestDetails(
  db: Db,
  mail: MailTransport,
  siteOrigin: string,
  customerId: number,
  input: GuestDetailsRequest,
) {
  const current = await findCustomerById(db, customerId);
  if (!current) throw new ApiError(401, MESSAGES.cart.notAuthenticated);
  if (input.password && current.password_hash) throw useChangePassword();
  // Hash before the transaction: slow CPU work that needs no lock.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const emailChanged = current.email !== input.email;
  const token = emailChanged ? newSecretToken() : undefined;
  const now = new Date();
  const stamp = now.toISOString();
  await db
    .transaction()
    .execute(async (trx) => {
      const holder = await findCustomerByEmail(trx, input.email);
      if (holder && holder.id !== customerId) throw emailTaken();
      await updateGuestDetails(
        trx,
        customerId,
        {
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          ...(emailChanged ? { email_verified_at: null } : {}),
          ...(input.alt_phone_number ? { alt_phone_number: input.alt_phone_number } : {}),
        },
        stamp,
      );
      if (passwordHash && !(await setFirstPasswordHash(trx, customerId, passwordHash, stamp))) throw useChangePassword();
      if (token) {
        // A link mailed to an earlier address must not verify this one.
        await retireOneTimeTokens(trx, 'email_verification_tokens', customerId, stamp);
        await storeEmailVerification(trx, customerId, token, now);
      }
    })
    .catch(async (error: unknown) => {
      // Two customers racing for one email past the check: the unique index decides.
      if (error instanceof ApiError) throw error;
      const holder = await findCustomerByEmail(db, input.email);
      if (holder && holder.id !== customerId) throw emailTaken();
      throw error;
    });
  // Committed: now the mail (never inside the transaction, SECURITY 27).
  if (token) await mailEmailVerification(db, mail, siteOrigin, input.email, token);
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new ApiError(401, MESSAGES.cart.notAuthenticated);
  return { customer: presentCustomer(customer) };
}
