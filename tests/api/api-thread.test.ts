import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { readApiConfig, type ApiConfig } from '../../api/config.ts';
import { seedDemoStore } from '../../api/db/seed/demo-store.ts';
import { answerCall } from '../../server/api-call.ts';
import { apiThreadWanted, startApiThread, type ApiThread } from '../../server/api-thread.ts';
import type { CallApi, InProcessAnswer, InProcessCall } from '../../src/lib/api/in-process-call.server.ts';
import { multipartBody } from '../../src/lib/api/multipart.ts';
import { registration, uniqueEmail } from '../fixtures/customer.fixtures.ts';
import { uniqueAddress, uniquePhone } from '../fixtures/otp.fixtures.ts';
import { TEST_API_KEY } from '../helpers/api-harness.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const ORIGIN = 'http://localhost:4321';

/** A call as the storefront's server client makes one: the store's key, a text body with its length. */
function call(method: string, path: string, body?: { json: unknown } | { form: Record<string, string> }, headers: Record<string, string> = {}): InProcessCall {
  const all: Record<string, string> = { 'API-KEY': TEST_API_KEY, ...headers };
  let text: string | undefined;
  if (body && 'json' in body) {
    text = JSON.stringify(body.json);
    all['Content-Type'] = 'application/json';
  } else if (body) {
    const form = multipartBody(body.form);
    text = form.body;
    all['Content-Type'] = form.contentType;
  }
  if (text !== undefined) all['Content-Length'] = String(Buffer.byteLength(text));
  return { method, url: `${ORIGIN}/api${path}`, headers: Object.entries(all), body: text };
}

const json = (answer: InProcessAnswer) => JSON.parse(answer.body);

describe('the API thread (page renders call the store API on a thread of its own)', () => {
  let store: TestDatabase;
  let config: ApiConfig;
  let mainApi: CallApi;
  let thread: ApiThread;
  const fallbackCalls: string[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    // A database a second connection can open: a file, or a schema of its own on PostgreSQL.
    store = await createTestDatabase({ shared: true });
    await seedDemoStore(store.db);
    const outboxDir = mkdtempSync(join(tmpdir(), 'api-thread-outbox-'));
    config = { ...readApiConfig({}), databaseUrl: store.url, apiKey: TEST_API_KEY, seedDemo: false, outboxDir };
    const app = createApiApp({ db: store.db, dialect: store.dialect, config });
    mainApi = (sent) => answerCall(app.fetch, sent);
    thread = startApiThread({
      config,
      fallback: (sent) => {
        fallbackCalls.push(new URL(sent.url).pathname);
        return mainApi(sent);
      },
      log: (line) => logged.push(line),
    });
  }, 30_000);
  afterAll(async () => {
    await thread.stop();
    await store.close();
  });

  const answerOf = (answer: InProcessAnswer) => ({
    status: answer.status,
    type: answer.headers.find(([name]) => name === 'content-type')?.[1],
    body: json(answer),
  });

  it('answers the reads of a page render exactly as the main thread would: store-info, a listing, a product', async () => {
    const listed = answerOf(await thread.call(call('POST', '/get-products?page=1', { form: { sort_by: 'price_low_high' } })));
    expect(listed.status).toBe(200);
    expect(listed.body.data.products.data.length).toBeGreaterThan(0);
    const slug = listed.body.data.products.data[0].slug as string;
    for (const request of [
      () => call('POST', '/store-info', { json: {} }),
      () => call('POST', '/get-products?page=1', { form: { sort_by: 'price_low_high' } }),
      () => call('GET', `/single-product-details/${slug}`),
      () => call('GET', '/single-product-details/no-such-product'),
    ]) {
      const [onThread, onMain] = await Promise.all([thread.call(request()), mainApi(request())]);
      expect(answerOf(onThread)).toEqual(answerOf(onMain));
    }
    expect(fallbackCalls).toEqual([]);
  });

  it('answers many calls at once, each to its own caller', async () => {
    const listed = json(await thread.call(call('POST', '/get-products?page=1', { form: {} })));
    const slugs = (listed.data.products.data as Array<{ slug: string }>).map((product) => product.slug);
    const answers = await Promise.all(slugs.map((slug) => thread.call(call('GET', `/single-product-details/${slug}`)).then(json)));
    expect(answers.map((answer) => answer.data.product.slug)).toEqual(slugs);
  });

  it('writes to the same database, with the same OTP key: a code sent through the thread is verified by the main thread', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail('thread');
    const registered = await thread.call(call('POST', '/customer/register', { json: { ...registration(email), phone_number: phone } }, uniqueAddress()));
    expect(registered.status).toBe(200);
    const sent = await thread.call(call('POST', '/login/otp', { json: { mobile: phone } }, uniqueAddress()));
    expect(sent.status).toBe(200);
    const { otp } = json(sent).data as { otp: string };
    const verified = await mainApi(call('POST', '/otp/verify/login', { json: { mobile: phone, otp } }));
    expect(answerOf(verified)).toMatchObject({ status: 200, body: { success: true, data: { customer: { email } } } });
  });

  it('once stopped, leaves every call to the main thread, which answers it', async () => {
    await thread.stop();
    const answer = await thread.call(call('POST', '/store-info', { json: {} }));
    expect(answer.status).toBe(200);
    expect(fallbackCalls).toEqual(['/api/store-info']);
  });
});

describe('an API thread that fails', () => {
  it('has the main thread answer the reads it held and from then on, and fails the writes it held as a network error would', async () => {
    const store = await createTestDatabase({ shared: true });
    await seedDemoStore(store.db);
    const config = { ...readApiConfig({}), databaseUrl: store.url, apiKey: TEST_API_KEY, seedDemo: false };
    const app = createApiApp({ db: store.db, dialect: store.dialect, config });
    const logged: string[] = [];
    const thread = startApiThread({
      config,
      fallback: (sent) => answerCall(app.fetch, sent),
      log: (line) => logged.push(line),
      script: new URL('../fixtures/failing-api.worker.ts', import.meta.url),
    });
    try {
      const read = thread.call(call('GET', '/new-arrivals'));
      // Its refusal is awaited below; the expectation holds it from the start, so it is never left unhandled.
      const writeRefused = expect(
        thread.call(call('POST', '/customer/register', { json: registration(uniqueEmail('failed-thread')) }, uniqueAddress())),
      ).rejects.toThrow('fetch failed');
      // The third call ends the thread: it is a read too, so the main thread answers it.
      const third = thread.call(call('GET', '/new-arrivals'));
      expect((await read).status).toBe(200);
      expect((await third).status).toBe(200);
      await writeRefused;
      expect((await thread.call(call('POST', '/store-info', { json: {} }))).status).toBe(200);
      expect(logged.some((line) => line.includes('The API thread stopped'))).toBe(true);
    } finally {
      await thread.stop();
      await store.close();
    }
  }, 30_000);
});

describe('apiThreadWanted', () => {
  it('gives page renders the thread on a machine with a second core', () => {
    expect(apiThreadWanted({}, 2, './data/store.db')).toBe(true);
    expect(apiThreadWanted({}, 8, 'postgres://db/store')).toBe(true);
  });

  it('keeps the calls on the main thread on one core, with API_THREAD=off, or for an in-memory database', () => {
    expect(apiThreadWanted({}, 1, './data/store.db')).toBe(false);
    for (const off of ['off', 'OFF', '0', 'false', ' off ']) expect(apiThreadWanted({ API_THREAD: off }, 4, './data/store.db')).toBe(false);
    expect(apiThreadWanted({ API_THREAD: 'on' }, 4, './data/store.db')).toBe(true);
    expect(apiThreadWanted({}, 4, ':memory:')).toBe(false);
    expect(apiThreadWanted({}, 4, 'sqlite::memory:')).toBe(false);
  });
});
