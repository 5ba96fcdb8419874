import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MESSAGES } from '../../src/lib/messages.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  guestDetailsSchema,
  loginSchema,
  profileSchema,
  registrationRequestSchema,
  tokenPasswordSchema,
} from '../../src/lib/schemas/account.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import { clientIpKey } from '../auth/client-ip.ts';
import { endSession } from '../auth/session.service.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { fail, ok } from '../http/envelope.ts';
import { parseWith, readBody } from '../http/validate.ts';
import {
  ACCOUNT_MESSAGES,
  RateLimitedError,
  accountOf,
  changePassword,
  forgotPassword,
  login,
  register,
  resetPasswordWithToken,
  updateDetails,
  verifyEmail,
} from './customer.service.ts';
import { completeGuestDetails } from './guest-details.service.ts';

/** Account endpoints of SPEC §7 (API-NOTES "Accounts and OTP"). */
const verifyEmailSchema = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.verificationInvalid }).trim().min(1, ACCOUNT_MESSAGES.verificationInvalid),
});

export function customerRoutes({ db, config, mail }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireCustomer(db);

  app.post('/customer/register', async (c) => {
    const input = await readBody(c, registrationRequestSchema);
    const user = await register(db, mail, config.siteOrigin, input);
    return ok(c, user, ACCOUNT_MESSAGES.registered);
  });

  const verify = async (c: Context<AppEnv>, input: unknown) => {
    const { token } = parseWith(verifyEmailSchema, input);
    await verifyEmail(db, token);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.emailVerified });
  };
  app.get('/customer/verify-email', (c) => verify(c, { token: c.req.query('token') }));
  app.post('/customer/verify-email', async (c) => verify(c, await readBody(c, z.unknown())));

  app.post('/customer/login', async (c) => {
    const { email, password } = await readBody(c, loginSchema);
    const result = await withRetryAfter(c, () => login(db, clientIpKey(c), email, password));
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
    const result = await withRetryAfter(c, () => forgotPassword(db, mail, config.siteOrigin, clientIpKey(c), email));
    if (result instanceof Response) return result;
    return c.json({ success: true, message: ACCOUNT_MESSAGES.resetLinkSent });
  });

  app.post('/customer/token-password', async (c) => {
    const input = await readBody(c, tokenPasswordSchema);
    await resetPasswordWithToken(db, input);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.passwordReset });
  });

  app.post('/customer/reset-password', signedIn, async (c) => {
    const input = await readBody(c, changePasswordSchema);
    const { customerId, sessionId } = c.get('auth');
    await changePassword(db, customerId, sessionId, input);
    return c.json({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
  });

  app.post('/customer/account-details', signedIn, async (c) => {
    const names = await readBody(c, profileSchema);
    return ok(c, await updateDetails(db, c.get('auth').customerId, names), ACCOUNT_MESSAGES.detailsUpdated);
  });

  app.post('/customer/update-user-details', signedIn, async (c) => {
    const input = await readBody(c, guestDetailsSchema);
    const details = await completeGuestDetails(db, mail, config.siteOrigin, c.get('auth').customerId, input);
    return ok(c, details, ACCOUNT_MESSAGES.guestDetailsUpdated);
  });

  app.get('/customer/account', signedIn, async (c) => ok(c, await accountOf(db, c.get('auth').customerId)));

  return app;
}

/** Runs a rate-limited action; a refusal becomes 429 with `Retry-After` (SECURITY 4, 24). */
async function withRetryAfter<T>(c: Context, action: () => Promise<T>): Promise<T | Response> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    c.header('Retry-After', String(error.retryAfterSeconds));
    return fail(c, 429, error.message);
  }
}
