import { expect, test } from '@playwright/test';
import { spawnServer, untilListeningOrExit } from './spawned-server.ts';

/**
 * SECURITY.md 36 at the process level: without SMS_WEBHOOK_URL the API shows
 * one-time codes in its answers (demo mode). The server says so at every
 * start, and refuses to start on an https:// SITE_ORIGIN unless OTP_DEMO=1.
 */
const DEMO_WARNING = /OTP demo mode is on/;

test('on an https:// origin without an SMS sender the server refuses to start, naming SMS_WEBHOOK_URL and OTP_DEMO', async () => {
  const server = await spawnServer({ SITE_ORIGIN: 'https://shop.example' });
  try {
    expect(await untilListeningOrExit(server)).toBe(1);
    expect(server.output()).toMatch(/SMS_WEBHOOK_URL/);
    expect(server.output()).toMatch(/OTP_DEMO=1/);
  } finally {
    await server.stop();
  }
});

test('OTP_DEMO=1 lets it start on an https:// origin, with the demo-mode warning', async () => {
  const server = await spawnServer({ SITE_ORIGIN: 'https://shop.example', OTP_DEMO: '1', PAYMENT_PROVIDER: 'test' });
  try {
    expect(await untilListeningOrExit(server)).toBe('listening');
    await server.stop(); // the whole output, stdout and stderr, is read by then
    expect(server.output()).toMatch(DEMO_WARNING);
  } finally {
    await server.stop();
  }
});

test('a local start without an SMS sender runs in demo mode and prints the warning', async () => {
  const server = await spawnServer();
  try {
    expect(await untilListeningOrExit(server)).toBe('listening');
    await server.stop(); // the whole output, stdout and stderr, is read by then
    expect(server.output()).toMatch(DEMO_WARNING);
  } finally {
    await server.stop();
  }
});

test('with an SMS sender there is no demo mode and no warning, on https:// too', async () => {
  const server = await spawnServer({ SITE_ORIGIN: 'https://shop.example', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms', PAYMENT_PROVIDER: 'test' });
  try {
    expect(await untilListeningOrExit(server)).toBe('listening');
    await server.stop();
    expect(server.output()).not.toMatch(DEMO_WARNING);
  } finally {
    await server.stop();
  }
});

test('in proxy mode (no local API) the rule does not apply', async () => {
  const server = await spawnServer({ SITE_ORIGIN: 'https://shop.example', STORE_API_URL: 'http://127.0.0.1:9/api' });
  try {
    expect(await untilListeningOrExit(server)).toBe('listening');
    await server.stop();
    expect(server.output()).not.toMatch(DEMO_WARNING);
  } finally {
    await server.stop();
  }
});

test('on an https:// origin without a chosen payment provider the server refuses to start, naming PAYMENT_PROVIDER', async () => {
  const server = await spawnServer({ SITE_ORIGIN: 'https://shop.example', SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' });
  try {
    expect(await untilListeningOrExit(server)).toBe(1);
    expect(server.output()).toMatch(/PAYMENT_PROVIDER=razorpay/);
    expect(server.output()).toMatch(/PAYMENT_PROVIDER=test/);
  } finally {
    await server.stop();
  }
});
