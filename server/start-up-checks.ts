/**
 * Settings the server checks before it starts (server.ts): a setting that
 * would make a public store unsafe, or that cannot be read, stops it with a
 * message naming what to set; a risky but allowed one prints a warning.
 * Pure: the environment and the read configuration in, a verdict out.
 */
import { invalidTrustProxyMessage, parseTrustProxy } from '../api/auth/client-ip.ts';

export const OTP_DEMO_WARNING =
  'OTP demo mode is on: no SMS_WEBHOOK_URL is set, so one-time codes are shown in API answers (data.otp) and ' +
  'anyone can sign in as any customer with a phone number on file. Set SMS_WEBHOOK_URL before the store is public.';

export const OTP_DEMO_REFUSAL =
  'Refusing to start: SITE_ORIGIN is https:// (a public store) but SMS_WEBHOOK_URL is not set, so OTP demo mode ' +
  'would show one-time codes to anyone. Set SMS_WEBHOOK_URL to send codes by SMS, or set OTP_DEMO=1 to run the ' +
  'demo in public on purpose.';

export const invalidOtpDemoMessage = (value: string) =>
  `OTP_DEMO must be 1 (allow OTP demo mode on an https:// SITE_ORIGIN) or 0, not "${value}".`;

export interface OtpDemoSettings {
  /** STORE_API_URL is set: no local API, so no local OTP codes either. */
  proxyMode: boolean;
  smsWebhookUrl: string | undefined;
  siteOrigin: string;
  /** OTP_DEMO as given. */
  otpDemo: string | undefined;
}

export type OtpDemoVerdict = { demo: false } | { demo: true; warning: string } | { refusal: string };

/**
 * Demo mode (no SMS sender: the API answers `data.otp`) is the default for a
 * local start; on an https:// origin it needs OTP_DEMO=1 (SECURITY.md 36).
 */
export function otpDemoVerdict(settings: OtpDemoSettings): OtpDemoVerdict {
  if (settings.proxyMode) return { demo: false };
  const otpDemo = settings.otpDemo?.trim() ?? '';
  if (!['', '0', '1'].includes(otpDemo)) return { refusal: invalidOtpDemoMessage(otpDemo) };
  if (settings.smsWebhookUrl) return { demo: false };
  if (/^https:\/\//i.test(settings.siteOrigin) && otpDemo !== '1') return { refusal: OTP_DEMO_REFUSAL };
  return { demo: true, warning: OTP_DEMO_WARNING };
}

export interface StartUpVerdict {
  /** Set: print it and exit with code 1. */
  refusal: string | undefined;
  warnings: string[];
}

export function checkStartUp(env: NodeJS.ProcessEnv, config: { smsWebhookUrl: string | undefined; siteOrigin: string }): StartUpVerdict {
  if (parseTrustProxy(env.TRUST_PROXY) === null) {
    return { refusal: invalidTrustProxyMessage(env.TRUST_PROXY ?? ''), warnings: [] };
  }
  const otp = otpDemoVerdict({
    proxyMode: Boolean(env.STORE_API_URL?.trim()),
    smsWebhookUrl: config.smsWebhookUrl,
    siteOrigin: config.siteOrigin,
    otpDemo: env.OTP_DEMO,
  });
  if ('refusal' in otp) return { refusal: otp.refusal, warnings: [] };
  return { refusal: undefined, warnings: otp.demo ? [otp.warning] : [] };
}
