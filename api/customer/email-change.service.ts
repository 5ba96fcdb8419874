import type { Kysely } from 'kysely';
import type { ChangeEmailRequest } from '../../src/lib/schemas/account.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { queueMail } from '../mail/mail-queue.service.ts';
import { ACCOUNT_MAIL } from './account-mail.service.ts';
import { checkCurrentPassword, findSignedInCustomer, presentCustomer } from './customer.service.ts';
import { ACCOUNT_MESSAGES } from '../messages.ts';

/**
 * POST /customer/change-email (SECURITY 34): the signed-in customer asks to
 * move the account to another address, with the current password. The new
 * address gets a link; the old one gets a notice at once. The account keeps
 * its old address, for sign-in and resets, until the link is opened
 * (registration.service.ts verifyEmail completes the change).
 */
type Db = Kysely<Database>;

export async function changeEmail(db: Db, customerId: number, clientIp: string, input: ChangeEmailRequest) {
  const customer = await findSignedInCustomer(db, customerId);
  if (!customer.password_hash) {
    throw new ApiError(400, ACCOUNT_MESSAGES.setPasswordByReset, { password: [ACCOUNT_MESSAGES.setPasswordByReset] });
  }
  await checkCurrentPassword(db, customer, clientIp, input.password, () => {
    return new ApiError(400, ACCOUNT_MESSAGES.passwordIncorrect, { password: [ACCOUNT_MESSAGES.passwordIncorrect] });
  });
  if (customer.email?.toLowerCase() === input.email) {
    throw new ApiError(400, ACCOUNT_MESSAGES.sameEmail, { email: [ACCOUNT_MESSAGES.sameEmail] });
  }
  await db.transaction().execute(async (trx) => {
    await queueMail(trx, { kind: ACCOUNT_MAIL.emailChange, recipient: input.email, customerId });
    if (customer.email) {
      await queueMail(trx, {
        kind: ACCOUNT_MAIL.emailChangeNotice,
        recipient: customer.email,
        customerId,
        details: { newEmail: input.email },
      });
    }
  });
  return { customer: presentCustomer(customer) };
}
