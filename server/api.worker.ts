/**
 * The store API's thread (server/api-thread.ts, decision 056): the same API
 * app as the main thread's, on a database connection of its own, answering
 * the calls page renders make. It is what a second process on the same
 * database would be (ARCHITECTURE.md 6: nothing two of them would disagree on
 * lives in memory), so it takes the main thread's configuration as it is:
 * the OTP key, unset in the environment, is drawn once per process.
 *
 * The main thread has migrated and seeded the database before it starts this
 * thread; the mail queue's timer and the payment jobs stay there too. Mail an
 * answer here queues is sent at once by this thread's queue, or by the main
 * thread's on its next round.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createApiApp } from '../api/app.ts';
import type { ApiConfig } from '../api/config.ts';
import { connect } from '../api/db/connect.ts';
import { createMailQueue } from '../api/mail/mail-queue.service.ts';
import { createMailTransport } from '../api/mail/mail.transport.ts';
import { composeStoreMail } from '../api/store-mail.ts';
import type { InProcessAnswer, InProcessCall } from '../src/lib/api/in-process-call.server.ts';
import { answerCall } from './api-call.ts';

export interface ApiThreadData {
  config: ApiConfig;
}

export interface ApiCall extends InProcessCall {
  id: number;
}

export type ApiThreadMessage = ApiCall | { stop: true };

export type ApiReply =
  | ({ id: number } & InProcessAnswer)
  | { id: number; error: string }
  | { stopped: true };

const { config } = workerData as ApiThreadData;
const store = connect({ url: config.databaseUrl });
const mailQueue = createMailQueue({ db: store.db, transport: createMailTransport(config), compose: composeStoreMail(config.siteOrigin) });
const app = createApiApp({ db: store.db, dialect: store.dialect, config, mailQueue });

// As on the main thread (SECURITY.md 25): a bug in one call must not end the thread.
process.on('uncaughtException', (error) => console.error('[storefront] API thread: uncaught exception:', error));
process.on('unhandledRejection', (reason) => console.error('[storefront] API thread: unhandled rejection:', reason));

const answering = new Set<Promise<void>>();

parentPort!.on('message', (message: ApiThreadMessage) => {
  if ('stop' in message) {
    // The calls under way are answered first; the main thread sends none after this.
    void Promise.all(answering)
      .then(() => mailQueue.stop())
      .then(() => store.close())
      .finally(() => parentPort!.postMessage({ stopped: true } satisfies ApiReply));
    return;
  }
  const answered = answer(message).then((reply) => parentPort!.postMessage(reply));
  answering.add(answered);
  void answered.finally(() => answering.delete(answered));
});

async function answer({ id, ...call }: ApiCall): Promise<ApiReply> {
  try {
    return { id, ...(await answerCall(app.fetch, call)) };
  } catch (error) {
    return { id, error: (error as Error)?.message ?? String(error) };
  }
}
