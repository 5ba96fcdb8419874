import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { startSmsStandIn, type SmsStandIn } from '../helpers/sms-stand-in.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { accountWithPhone, sendCode, storedCodes, uniqueAddress, uniquePhone } from '../fixtures/otp.fixtures.ts';

describe('OTP sending', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  it('answers a 6-digit code in demo mode and stores only its hash', async () => {
    const phone = uniquePhone();
    const res = await api.post('/otp/send', { mobile: phone, user_token: 'anything' }, uniqueAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'OTP sent successfully', data: { otp: expect.stringMatching(/^\d{6}$/) } });
    const rows = await storedCodes(store, phone);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'checkout', attempts: 0, consumed_at: null });
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(res.body.data.otp);
    const lifeMs = new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime();
    expect(lifeMs).toBe(10 * 60 * 1000);
  });

  it('answers a login code for an unknown phone exactly like a known one, storing nothing', async () => {
    const known = uniquePhone();
    await accountWithPhone(api, known);
    const unknown = uniquePhone();
    const a = await api.post('/login/otp', { mobile: known }, uniqueAddress());
    const b = await api.post('/login/otp', { mobile: unknown }, uniqueAddress());
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    const shape = (body: { data: { otp: string } }) => ({ ...body, data: { otp: body.data.otp.replace(/\d/g, '#') } });
    expect(shape(b.body)).toEqual(shape(a.body));
    expect(await storedCodes(store, known)).toHaveLength(1);
    expect(await storedCodes(store, unknown)).toHaveLength(0);
  });

  it('limits sends per phone to 5 an hour with Retry-After, across purposes', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i += 1) await sendCode(api, i % 2 ? '/login/otp' : '/otp/send', phone);
    const refused = await api.post('/otp/send', { mobile: phone }, uniqueAddress());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: 'Too many attempts. Try again later.' });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await storedCodes(store, phone)).toHaveLength(3);
  });

  it('limits sends per client address to 20 an hour with Retry-After', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await api.post('/otp/send', { mobile: uniquePhone() }, address)).status).toBe(200);
    }
    const refused = await api.post('/otp/send', { mobile: uniquePhone() }, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await api.post('/otp/send', { mobile: uniquePhone() }, uniqueAddress())).status).toBe(200);
  });

  it('answers 400, never 5xx, for odd bodies', async () => {
    const bodies: unknown[] = [undefined, null, [], 'text', 42, {}, { mobile: 12345 }, { mobile: ['9876543210'] }, { mobile: { $gt: '' } }, { mobile: '0123456789' }, { mobile: '98765432101' }, { mobile: 'x'.repeat(5000) }];
    for (const path of ['/otp/send', '/login/otp', '/otp/verify/login', '/otp/verify/checkout']) {
      for (const json of bodies) {
        const res = await api.call('POST', path, { json, headers: uniqueAddress() });
        expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(400);
      }
      for (const json of [{ mobile: '9876543210', otp: 123456 }, { mobile: '9876543210', otp: '12345' }, { mobile: '9876543210', otp: 'abcdef' }, { mobile: '9876543210', otp: null }]) {
        const res = await api.call('POST', path, { json, headers: uniqueAddress() });
        expect(res.status).toBeLessThan(500);
      }
      const broken = await api.call('POST', path, { body: '{"mobile":', headers: { 'Content-Type': 'application/json' } });
      expect(broken.status).toBe(400);
    }
  });
});

describe('OTP sending with an SMS webhook configured', () => {
  let store: StoreDatabase;
  let api: TestApi;
  let sms: SmsStandIn;

  beforeAll(async () => {
    sms = await startSmsStandIn();
    store = await createTestDatabase();
    api = createTestApi(store, { smsWebhookUrl: sms.url });
  });
  afterAll(async () => {
    await store.close();
    await sms.close();
  });

  it('posts {to, message} to the webhook and never answers or logs the code', async () => {
    const logged = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error'), vi.spyOn(console, 'info'), vi.spyOn(console, 'warn')];
    const phone = uniquePhone();
    const delivered = sms.nextText();
    const res = await api.post('/otp/send', { mobile: phone }, uniqueAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'OTP sent successfully', data: {} });
    await delivered;
    const text = sms.received.at(-1)!;
    expect(text.to).toBe(phone);
    const code = /\b(\d{6})\b/.exec(text.message)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(res.body)).not.toContain(code);
    for (const spy of logged) {
      expect(JSON.stringify(spy.mock.calls)).not.toContain(code);
      spy.mockRestore();
    }
    const verified = await api.post('/otp/verify/checkout', { mobile: phone, otp: code });
    expect(verified.status).toBe(200);
  });

  it('sends nothing for a login code to an unknown phone, and answers the same', async () => {
    const known = uniquePhone();
    await accountWithPhone(api, known);
    const before = sms.received.length;
    const delivered = sms.nextText();
    const a = await api.post('/login/otp', { mobile: known }, uniqueAddress());
    await delivered;
    const b = await api.post('/login/otp', { mobile: uniquePhone() }, uniqueAddress());
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    // A text to the unknown phone would have left before its answer; one more to the known phone,
    // awaited, marks the point by which it would have arrived.
    const marker = sms.nextText();
    await api.post('/login/otp', { mobile: known }, uniqueAddress());
    await marker;
    expect(sms.received.slice(before).map((text) => text.to)).toEqual([known, known]);
  });
});
