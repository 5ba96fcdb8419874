import { Hono, type Context } from 'hono';
import { MESSAGES } from '../../src/lib/messages.ts';
import { otpSendSchema, otpVerifySchema } from '../../src/lib/schemas/account.ts';
import { clientIpKey } from '../auth/client-ip.ts';
import { limited } from '../security/limited.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { readBody } from '../http/validate.ts';
import type { OtpPurpose } from './otp.repository.ts';
import { sendOtp, verifyCheckoutOtp, verifyLoginOtp, type OtpContext } from './otp.service.ts';
import { OTP_MESSAGES } from '../messages.ts';
import { createSmsSender } from './sms.sender.ts';

/** OTP endpoints of SPEC §7 (API-NOTES "Accounts and OTP"; SECURITY 3, 7, 8, 24). */
export function otpRoutes({ db, config }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const ctx: OtpContext = { db, secret: config.otpSecret, sms: createSmsSender(config.smsWebhookUrl) };

  const send = (purpose: OtpPurpose) => async (c: Context<AppEnv>) => {
    const { mobile } = await readBody(c, otpSendSchema);
    const sent = await limited(c, () => sendOtp(ctx, clientIpKey(c), mobile, purpose));
    if (sent instanceof Response) return sent;
    // data.otp only in demo mode (SECURITY 8).
    return ok(c, sent.otp === undefined ? {} : { otp: sent.otp }, OTP_MESSAGES.sent);
  };
  app.post('/otp/send', send('checkout'));
  app.post('/login/otp', send('login'));

  app.post('/otp/verify/login', async (c) => {
    const { mobile, otp } = await readBody(c, otpVerifySchema);
    return ok(c, await verifyLoginOtp(ctx, mobile, otp), MESSAGES.otp.verified);
  });

  app.post('/otp/verify/checkout', async (c) => {
    const { mobile, otp } = await readBody(c, otpVerifySchema);
    return ok(c, await verifyCheckoutOtp(ctx, mobile, otp), MESSAGES.otp.verified);
  });

  return app;
}
