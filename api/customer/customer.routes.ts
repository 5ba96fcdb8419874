import { Hono } from 'hono';
import { z } from 'zod';
import { MESSAGES } from '../../src/lib/messages.ts';
import {
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  guestDetailsSchema,
  loginSchema,
  profileSchema,
  registrationRequestSchema,
  resendVerificationSchema,
  tokenPasswordSchema,
} from '../../src/lib/schemas/account.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import { clientIpKey } from '../auth/client-ip.ts';
import { endSession } from '../auth/session.service.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { fail, ok } from '../http/envelope.ts';
import { parseWith, readBody } from '../http/validate.ts';
import { limited } from '../security/limited.ts';
import { accountOf, login, updateDetails } from './customer.service.ts';
import { ACCOUNT_MESSAGES } from '../messages.ts';
import { changeEmail } from './email-change.service.ts';
import { completeGuestDetails } from './guest-details.service.ts';
import { changePassword, forgotPassword, resetPasswordWithToken } from './password-reset.service.ts';
import { register, resendVerification, verifyEmail } from './registration.service.ts';

/** Account endpoints of SPEC §7 (API-NOTES "Accounts and OTP"). */
const verifyEmailSchema = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.verificationInvalid }).trim().min(1, ACCOUNT_MESSAGES.verificationInvalid),
});

export function customerRoutes({ db, mailQueue }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireCustomer(db);
  /** Runs an action that queues mail, then lets the queue send it after this answer. */
  const thenMail = async <T>(action: Promise<T>): Promise<T> => {
    try {
      return await action;
    } finally {
      mailQueue.kick();
    }
  };

  app.post('/customer/register', async (c) => {
    const input = await readBody(c, registrationRequestSchema);
    const user = await limited(c, () => thenMail(register(db, clientIpKey(c), input)));
    return user instanceof Response ? user : ok(c, user, ACCOUNT_MESSAGES.registered);
  });

  // POST only: a GET must not spend the link (mail scanners open links first).
  app.post('/customer/verify-email', async (c) => {
    const { token } = parseWith(verifyEmailSchema, await readBody(c, z.unknown()));
    await verifyEmail(db, token);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.emailVerified });
  });

  app.post('/customer/resend-verification', async (c) => {
    const { email } = await readBody(c, resendVerificationSchema);
    const done = await limited(c, () => thenMail(resendVerification(db, clientIpKey(c), email)));
    return done instanceof Response ? done : c.json({ success: true, message: ACCOUNT_MESSAGES.verificationResent });
  });

  app.post('/customer/login', async (c) => {
    const { email, password } = await readBody(c, loginSchema);
    const result = await limited(c, () => login(db, clientIpKey(c), email, password));
    if (result instanceof Response) return result;
    if (!result.verified) return fail(c, 403, MESSAGES.auth.verifyEmailFirst);
    return ok(c, { token: result.token, customer: result.customer }, MESSAGES.auth.loginSuccessful);
  });

  app.post('/customer/logout', signedIn, async (c) => {
    await endSession(db, c.get('auth').sessionId);
    return c.json({ success: true, message: MESSAGES.auth.logoutSuccessful });
  });

  app.post('/customer/forgot-password', async (c) => {
    const { email } = await readBody(c, forgotPasswordSchema);
    const done = await limited(c, () => thenMail(forgotPassword(db, clientIpKey(c), email)));
    return done instanceof Response ? done : c.json({ success: true, message: ACCOUNT_MESSAGES.resetLinkSent });
  });

  app.post('/customer/token-password', async (c) => {
    const input = await readBody(c, tokenPasswordSchema);
    await resetPasswordWithToken(db, input);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.passwordReset });
  });

  app.post('/customer/reset-password', signedIn, async (c) => {
    const input = await readBody(c, changePasswordSchema);
    const { customerId, sessionId } = c.get('auth');
    const done = await limited(c, () => changePassword(db, customerId, sessionId, clientIpKey(c), input));
    return done instanceof Response ? done : c.json({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
  });

  app.post('/customer/change-email', signedIn, async (c) => {
    const input = await readBody(c, changeEmailSchema);
    const result = await limited(c, () => thenMail(changeEmail(db, c.get('auth').customerId, clientIpKey(c), input)));
    return result instanceof Response ? result : ok(c, result, ACCOUNT_MESSAGES.emailChangeRequested);
  });

  app.post('/customer/account-details', signedIn, async (c) => {
    const names = await readBody(c, profileSchema);
    return ok(c, await updateDetails(db, c.get('auth').customerId, names), ACCOUNT_MESSAGES.detailsUpdated);
  });

  app.post('/customer/update-user-details', signedIn, async (c) => {
    const input = await readBody(c, guestDetailsSchema);
    const details = await limited(c, () => thenMail(completeGuestDetails(db, c.get('auth').customerId, input)));
    return details instanceof Response ? details : ok(c, details, ACCOUNT_MESSAGES.guestDetailsUpdated);
  });

  app.get('/customer/account', signedIn, async (c) => ok(c, await accountOf(db, c.get('auth').customerId)));

  return app;
}
