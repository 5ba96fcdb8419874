/**
 * Settings the server checks before it starts (server.ts): a setting that
 * would make a public store unsafe, or that cannot be read, stops it with a
 * message naming what to set; a risky but allowed one prints a warning.
 * Pure: the environment and the read configuration in, a verdict out.
 */
import { invalidTrustProxyMessage, parseTrustProxy } from '../api/auth/client-ip.ts';
import type { PaymentConfig } from '../api/config.ts';

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

export const TEST_GATEWAY_WARNING =
  'Payments run through the built-in test gateway: a prepaid order is marked paid by pressing a button on a page ' +
  'marked TEST MODE, and no money moves. Set PAYMENT_PROVIDER=razorpay with its keys to take real payments.';

export const TEST_GATEWAY_REFUSAL =
  'Refusing to start: SITE_ORIGIN is https:// (a public store) but PAYMENT_PROVIDER is not set, so the test ' +
  'gateway would let anyone mark a prepaid order paid without paying. Set PAYMENT_PROVIDER=razorpay with ' +
  'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or PAYMENT_PROVIDER=test to run the demo in public on purpose.';

export type PaymentVerdict = { warning: string | undefined } | { refusal: string };

/** The test gateway is the local default; a public store must choose (SECURITY 33). */
export function paymentVerdict(payment: PaymentConfig, siteOrigin: string, proxyMode: boolean): PaymentVerdict {
  if (proxyMode) return { warning: undefined };
  if (payment.provider === 'invalid') return { refusal: `Refusing to start: ${payment.problem}` };
  if (payment.provider === 'razorpay') return { warning: undefined };
  if (/^https:\/\//i.test(siteOrigin) && !payment.explicit) return { refusal: TEST_GATEWAY_REFUSAL };
  return { warning: TEST_GATEWAY_WARNING };
}

export interface StartUpVerdict {
  /** Set: print it and exit with code 1. */
  refusal: string | undefined;
  warnings: string[];
}

export function checkStartUp(
  env: NodeJS.ProcessEnv,
  config: { smsWebhookUrl: string | undefined; siteOrigin: string; payment: PaymentConfig },
): StartUpVerdict {
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
  const payment = paymentVerdict(config.payment, config.siteOrigin, Boolean(env.STORE_API_URL?.trim()));
  if ('refusal' in payment) return { refusal: payment.refusal, warnings: [] };
  return { refusal: undefined, warnings: [...(otp.demo ? [otp.warning] : []), ...(payment.warning ? [payment.warning] : [])] };
}
