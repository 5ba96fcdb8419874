import type { Transaction } from 'kysely';
import { hashToken, newSecretToken } from '../auth/session.service.ts';
import type { Database } from '../db/schema.ts';
import type { MailComposer } from '../mail/mail-queue.service.ts';
import {
  addressInUseMail,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordResetMail,
  registrationAttemptMail,
  verificationMail,
} from '../mail/mail.templates.ts';
import {
  findCustomerByEmail,
  findCustomerById,
  insertOneTimeToken,
  retireOneTimeTokens,
  type OneTimeTokenTable,
} from './customer.repository.ts';

/**
 * The account mails of the queue (decision 015). A request queues what to
 * write; the mail is composed here when the queue sends it, in the claim's
 * transaction. Whatever needs the account (is the address known, still
 * unverified, still free?) is decided here, after the answer, so a request's
 * work never depends on it. A link's token is made here too, so the request
 * never holds a secret and a dropped job leaves none behind.
 */
type Trx = Transaction<Database>;

export const ACCOUNT_MAIL = {
  /** Confirm the account's address (after registration, a guest's first email, or a resend). */
  verifyEmail: 'verify_email',
  passwordReset: 'password_reset',
  /** Confirm a new address; the account keeps the old one until then. */
  emailChange: 'email_change',
  /** To the old address when a change is asked for. */
  emailChangeNotice: 'email_change_notice',
  /** To an address that already has an account, when someone registers with it. */
  registrationAttempt: 'registration_attempt',
} as const;

const HOUR_MS = 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * HOUR_MS;
export const PASSWORD_RESET_TTL_MS = HOUR_MS;

const sameEmail = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/** The account mails by kind (api/store-mail.ts puts every feature's composers together). */
export function accountMailComposers(siteOrigin: string): Record<string, MailComposer> {
  return {
    [ACCOUNT_MAIL.verifyEmail]: async (trx, job, now) => {
      const customer = job.customerId === null ? await findCustomerByEmail(trx, job.recipient) : await findCustomerById(trx, job.customerId);
      // Sent only while the account still has this address and has not confirmed it.
      if (!customer || !sameEmail(customer.email, job.recipient) || customer.email_verified_at) return null;
      // A newer link replaces the older ones to the same address.
      await retireOneTimeTokens(trx, 'email_verification_tokens', customer.id, now.toISOString(), { email: job.recipient });
      const token = await newLink(trx, 'email_verification_tokens', customer.id, job.recipient, now, EMAIL_VERIFICATION_TTL_MS);
      const phoneNotAdded = job.details.phoneNotAdded === true;
      return (store) => verificationMail(siteOrigin, token, store, { phoneNotAdded });
    },
    [ACCOUNT_MAIL.passwordReset]: async (trx, job, now) => {
      const customer = await findCustomerByEmail(trx, job.recipient);
      if (!customer?.email) return null;
      const token = await newLink(trx, 'password_reset_tokens', customer.id, customer.email, now, PASSWORD_RESET_TTL_MS);
      return (store) => passwordResetMail(siteOrigin, token, store);
    },
    [ACCOUNT_MAIL.emailChange]: async (trx, job, now) => {
      if (job.customerId === null) return null;
      const customer = await findCustomerById(trx, job.customerId);
      if (!customer || sameEmail(customer.email, job.recipient)) return null;
      const holder = await findCustomerByEmail(trx, job.recipient);
      // The address has an account: its owner hears of the try, nobody gets a link.
      if (holder) return (store) => addressInUseMail(siteOrigin, store);
      // Only the newest change request can complete.
      await retireOneTimeTokens(trx, 'email_verification_tokens', customer.id, now.toISOString(), { notEmail: customer.email ?? '' });
      const token = await newLink(trx, 'email_verification_tokens', customer.id, job.recipient, now, EMAIL_VERIFICATION_TTL_MS);
      return (store) => emailChangeMail(siteOrigin, token, store);
    },
    [ACCOUNT_MAIL.emailChangeNotice]: async (_trx, job) => {
      const newEmail = typeof job.details.newEmail === 'string' ? job.details.newEmail : '';
      return newEmail ? (store) => emailChangeNoticeMail(siteOrigin, store, newEmail) : null;
    },
    [ACCOUNT_MAIL.registrationAttempt]: async (trx, job) => {
      if (!(await findCustomerByEmail(trx, job.recipient))) return null;
      return (store) => registrationAttemptMail(siteOrigin, store);
    },
  };
}

/** Stores the hash of a new link token for `email` and answers the token (it exists only in the mail). */
async function newLink(trx: Trx, table: OneTimeTokenTable, customerId: number, email: string, now: Date, ttlMs: number) {
  const token = newSecretToken();
  await insertOneTimeToken(trx, table, {
    customer_id: customerId,
    token_hash: hashToken(token),
    email,
    expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    created_at: now.toISOString(),
  });
  return token;
}
