import { describe, expect, it } from 'vitest';
import { readApiConfig } from '../../api/config.ts';
import {
  OTP_DEMO_REFUSAL,
  OTP_DEMO_WARNING,
  TEST_GATEWAY_REFUSAL,
  TEST_GATEWAY_WARNING,
  checkStartUp,
  paymentVerdict,
  invalidOtpDemoMessage,
  otpDemoVerdict,
} from '../../server/start-up-checks.ts';

const local = { proxyMode: false, smsWebhookUrl: undefined, siteOrigin: 'http://localhost:4321', otpDemo: undefined };
const publicHttps = { ...local, siteOrigin: 'https://shop.example' };

describe('OTP demo mode at start-up', () => {
  it('is on, with a warning, for a local start without an SMS sender', () => {
    expect(otpDemoVerdict(local)).toEqual({ demo: true, warning: OTP_DEMO_WARNING });
  });

  it('refuses an https:// origin without an SMS sender, naming SMS_WEBHOOK_URL and OTP_DEMO', () => {
    expect(otpDemoVerdict(publicHttps)).toEqual({ refusal: OTP_DEMO_REFUSAL });
    expect(otpDemoVerdict({ ...publicHttps, siteOrigin: 'HTTPS://Shop.Example' })).toEqual({ refusal: OTP_DEMO_REFUSAL });
    expect(otpDemoVerdict({ ...publicHttps, otpDemo: '0' })).toEqual({ refusal: OTP_DEMO_REFUSAL });
    expect(OTP_DEMO_REFUSAL).toMatch(/SMS_WEBHOOK_URL/);
    expect(OTP_DEMO_REFUSAL).toMatch(/OTP_DEMO=1/);
  });

  it('lets OTP_DEMO=1 run the demo on an https:// origin, still with the warning', () => {
    expect(otpDemoVerdict({ ...publicHttps, otpDemo: '1' })).toEqual({ demo: true, warning: OTP_DEMO_WARNING });
  });

  it('is off with an SMS sender, on any origin', () => {
    expect(otpDemoVerdict({ ...publicHttps, smsWebhookUrl: 'https://sms.example/send' })).toEqual({ demo: false });
    expect(otpDemoVerdict({ ...local, smsWebhookUrl: 'https://sms.example/send' })).toEqual({ demo: false });
  });

  it('does not apply in proxy mode, which opens no local API', () => {
    expect(otpDemoVerdict({ ...publicHttps, proxyMode: true })).toEqual({ demo: false });
  });

  it('refuses an OTP_DEMO other than 0 or 1 rather than guess', () => {
    expect(otpDemoVerdict({ ...publicHttps, otpDemo: 'yes' })).toEqual({ refusal: invalidOtpDemoMessage('yes') });
  });
});

describe('the start-up check of the settings', () => {
  const verdictFor = (env: NodeJS.ProcessEnv) => checkStartUp(env, readApiConfig(env));

  it('refuses a TRUST_PROXY that is not a whole number, naming it', () => {
    const verdict = verdictFor({ TRUST_PROXY: 'true' });
    expect(verdict.refusal).toMatch(/^TRUST_PROXY must be .* not "true"\.$/);
  });

  // A public store that took real payments, so that only the OTP setting decides in these cases.
  const razorpay = { PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_1', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };

  it('reads SITE_ORIGIN, SMS_WEBHOOK_URL, OTP_DEMO and STORE_API_URL from the environment', () => {
    expect(verdictFor({})).toEqual({ refusal: undefined, warnings: [OTP_DEMO_WARNING, TEST_GATEWAY_WARNING] });
    expect(verdictFor({ SITE_ORIGIN: 'https://shop.example', ...razorpay })).toEqual({ refusal: OTP_DEMO_REFUSAL, warnings: [] });
    expect(verdictFor({ SITE_ORIGIN: 'https://shop.example', OTP_DEMO: '1', ...razorpay })).toEqual({
      refusal: undefined,
      warnings: [OTP_DEMO_WARNING],
    });
    expect(verdictFor({ SITE_ORIGIN: 'https://shop.example', SMS_WEBHOOK_URL: 'https://sms.example', ...razorpay })).toEqual({
      refusal: undefined,
      warnings: [],
    });
    expect(verdictFor({ SITE_ORIGIN: 'https://shop.example', STORE_API_URL: 'https://api.example' })).toEqual({
      refusal: undefined,
      warnings: [],
    });
  });
});

describe('the payment provider at start-up', () => {
  const verdictFor = (env: NodeJS.ProcessEnv) => paymentVerdict(readApiConfig(env).payment, readApiConfig(env).siteOrigin, Boolean(env.STORE_API_URL));

  it('runs the test gateway locally with a warning, and refuses it on a public store unless chosen', () => {
    expect(verdictFor({})).toEqual({ warning: TEST_GATEWAY_WARNING });
    expect(verdictFor({ SITE_ORIGIN: 'https://shop.example' })).toEqual({ refusal: TEST_GATEWAY_REFUSAL });
    expect(verdictFor({ SITE_ORIGIN: 'https://shop.example', PAYMENT_PROVIDER: 'test' })).toEqual({ warning: TEST_GATEWAY_WARNING });
    expect(verdictFor({ SITE_ORIGIN: 'https://shop.example', STORE_API_URL: 'https://api.example' })).toEqual({ warning: undefined });
  });

  it('refuses Razorpay without its keys, naming the missing ones, and an unknown provider', () => {
    expect(verdictFor({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_1' })).toEqual({
      refusal: 'Refusing to start: PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET.',
    });
    expect(verdictFor({ PAYMENT_PROVIDER: 'stripe' })).toEqual({ refusal: 'Refusing to start: PAYMENT_PROVIDER must be test or razorpay, not "stripe".' });
    expect(
      verdictFor({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w', SITE_ORIGIN: 'https://shop.example' }),
    ).toEqual({ warning: undefined });
  });
});
