import { randomBytes } from 'node:crypto';
import { parseCorsOrigins } from './http/cors.middleware.ts';
import { readMediaFetchHosts } from './media/image-fetch.ts';
import { mediaBaseUrl } from './media/media-url.ts';

/** Process configuration, read once from the environment (README: Configuration). */
export interface ApiConfig {
  databaseUrl: string | undefined;
  apiKey: string;
  /** Origin used to build links in mail (never taken from the Host header). */
  siteOrigin: string;
  /** Folder for generated media (demo images); served at /media. */
  mediaDir: string;
  /** Origins whose web apps may call the API from the browser (STORE_API_CORS_ORIGINS; default none). */
  corsOrigins: string[];
  /** Where clients load media from (MEDIA_BASE_URL; default the site origin + /media): API answers name media absolute. */
  mediaBaseUrl: string;
  /** Seed the demo store when the database has no store settings yet. */
  seedDemo: boolean;
  /** SMTP server for mail; undefined (no SMTP_HOST): mail is written to outboxDir instead. */
  smtp: SmtpConfig | undefined;
  /** The From address of every mail. */
  mailFrom: string;
  /** Development mail folder: one .eml and one .json per message (README: Mail). */
  outboxDir: string;
  /** SMS sender: an HTTP endpoint that receives `{ to, message }` JSON; undefined: OTP demo mode (the code is answered). */
  smsWebhookUrl: string | undefined;
  /** HMAC key for stored OTP hashes; unset: a random key per process start (pending codes die at a restart). */
  otpSecret: string;
  /** Who takes prepaid payments (PAYMENT_PROVIDER; decision 018). */
  payment: PaymentConfig;
  /** Hosts an import may fetch images from (MEDIA_FETCH_HOSTS; default any public host; decision 066). */
  mediaFetchHosts: readonly string[] | 'any-public';
}

export const DEFAULT_RAZORPAY_API_URL = 'https://api.razorpay.com';

export type PaymentConfig =
  /** `explicit`: PAYMENT_PROVIDER=test was given (a public demo on purpose); unset is the local default. */
  | { provider: 'test'; explicit: boolean }
  | { provider: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; apiUrl: string }
  /** A setting that cannot be used: the server refuses to start, naming it. */
  | { provider: 'invalid'; problem: string };

export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
}

export const DEFAULT_SMTP_PORT = 587;
export const DEFAULT_OUTBOX_DIR = './data/outbox';

export const DEFAULT_STORE_API_KEY = 'demo-store-key';
export const DEFAULT_PORT = 4321;

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const port = Number(env.PORT) || DEFAULT_PORT;
  const siteOrigin = (env.SITE_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    apiKey: env.STORE_API_KEY || DEFAULT_STORE_API_KEY,
    siteOrigin,
    mediaDir: env.MEDIA_DIR || './data/media',
    mediaBaseUrl: mediaBaseUrl(env, siteOrigin),
    corsOrigins: parseCorsOrigins(env.STORE_API_CORS_ORIGINS),
    seedDemo: env.SEED_DEMO !== '0',
    smtp: readSmtpConfig(env),
    mailFrom: env.MAIL_FROM || 'Store <no-reply@localhost>',
    outboxDir: env.OUTBOX_DIR || DEFAULT_OUTBOX_DIR,
    smsWebhookUrl: env.SMS_WEBHOOK_URL?.trim() || undefined,
    otpSecret: env.OTP_SECRET || randomBytes(32).toString('base64url'),
    payment: readPaymentConfig(env),
    mediaFetchHosts: readMediaFetchHosts(env),
  };
}

export function readPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const provider = env.PAYMENT_PROVIDER?.trim().toLowerCase() ?? '';
  if (provider === '' || provider === 'test') return { provider: 'test', explicit: provider === 'test' };
  if (provider !== 'razorpay') {
    return { provider: 'invalid', problem: `PAYMENT_PROVIDER must be test or razorpay, not "${env.PAYMENT_PROVIDER}".` };
  }
  const keys = { keyId: env.RAZORPAY_KEY_ID?.trim(), keySecret: env.RAZORPAY_KEY_SECRET?.trim(), webhookSecret: env.RAZORPAY_WEBHOOK_SECRET?.trim() };
  const missing = Object.entries({ RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length) return { provider: 'invalid', problem: `PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')}.` };
  const apiUrl = (env.RAZORPAY_API_URL?.trim() || DEFAULT_RAZORPAY_API_URL).replace(/\/+$/, '');
  return { provider: 'razorpay', keyId: keys.keyId!, keySecret: keys.keySecret!, webhookSecret: keys.webhookSecret!, apiUrl };
}

function readSmtpConfig(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const port = Number(env.SMTP_PORT) || DEFAULT_SMTP_PORT;
  const secure = env.SMTP_SECURE ? ['1', 'true', 'yes'].includes(env.SMTP_SECURE.toLowerCase()) : port === 465;
  return { host, port, secure, user: env.SMTP_USER || undefined, password: env.SMTP_PASSWORD || undefined };
}
