import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readApiConfig, type ApiConfig } from '../../api/config.ts';
import { createApiApp } from '../../api/app.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { composeStoreMail } from '../../api/store-mail.ts';
import { createMailQueue } from '../../api/mail/mail-queue.service.ts';
import { createOutboxTransport, readOutbox, type MailTransport } from '../../api/mail/mail.transport.ts';
import { createRefundQueue } from '../../api/refunds/refund-queue.ts';
import { refundProviders } from '../../api/refunds/refund.service.ts';
import { checkAnswer } from './contract.ts';

export const TEST_API_KEY = 'test-store-key';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // The envelope; tests assert on its fields.
  body: any;
}

/** The real store API app over a test database, called in process like server rendering does. */
export function createTestApi(
  store: StoreDatabase,
  overrides: Partial<ApiConfig> = {},
  mail: { transport?: MailTransport; now?: () => Date } = {},
) {
  // Mail lands in a fresh folder per harness (unless a test brings a transport); tests read it with mailTo.
  const outboxDir = mkdtempSync(join(tmpdir(), 'api-outbox-'));
  const config: ApiConfig = { ...readApiConfig({}), apiKey: TEST_API_KEY, seedDemo: false, outboxDir, ...overrides };
  const transport = mail.transport ?? createOutboxTransport({ dir: outboxDir, from: config.mailFrom });
  const mailQueue = createMailQueue({
    db: store.db,
    transport,
    compose: composeStoreMail(config.siteOrigin),
    ...(mail.now ? { now: mail.now } : {}),
  });
  const refundQueue = createRefundQueue({
    db: store.db,
    providers: refundProviders(config.payment),
    mailKick: () => mailQueue.kick(),
    ...(mail.now ? { now: mail.now } : {}),
  });
  const app = createApiApp({ db: store.db, dialect: store.dialect, config, mailQueue, refundQueue });
  // Test files close their store in afterAll: let the queue finish with it first.
  const closeStore = store.close;
  store.close = async () => {
    await refundQueue.idle();
    await mailQueue.idle();
    await closeStore();
  };

  async function call(
    method: string,
    path: string,
    options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> {
    const headers: Record<string, string> = { 'API-KEY': TEST_API_KEY, ...options.headers };
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await app.fetch(new Request(`http://store.test/api${path}`, { method, headers, body }));
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: tests see the raw text
    }
    checkAnswer(method, path, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed };
  }

  return {
    app,
    config,
    outboxDir,
    mailQueue,
    /** The refunds the calls so far owed are sent once `refundQueue.idle()` resolves. */
    refundQueue,
    /** The outbox's mail to `to` (newest first), once the queues have sent what the calls so far queued. */
    async mailTo(to: string) {
      await refundQueue.idle();
      await mailQueue.idle();
      return readOutbox(outboxDir, { to });
    },
    call,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, { headers }),
    post: (path: string, json?: unknown, headers?: Record<string, string>) => call('POST', path, { json, headers }),
  };
}
