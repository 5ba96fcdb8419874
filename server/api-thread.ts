/**
 * Page renders reach the store API on a thread of its own (decision 056).
 *
 * The main thread renders every page; the API calls a render makes (SQL,
 * Kysely, the answer's JSON) took a third to a half of it: a `/shop` render
 * spent about 0.45 ms of its 1.5 ms in `/get-products` and
 * `/subcategory-variations`, and on SQLite every statement runs synchronously
 * on the thread that asks. Here they run on a second thread, with its own
 * connection, while the main thread renders the next page. Requests from
 * outside (`/api/*` over HTTP) and the background jobs stay on the main
 * thread's API.
 *
 * A call crosses as its method, URL, headers and text body (what the
 * storefront's client sends: JSON or a multipart form written as text), and
 * the answer comes back as its status, headers and text (decision 060: no
 * Request or Response on the main thread). Should the thread
 * fail, the main thread's API answers from then on; a call the thread had
 * taken is answered there too when it reads only (GET or HEAD), and fails as
 * a network error would otherwise, since it may have been carried out.
 */
import { Worker } from 'node:worker_threads';
import { switchedOff } from './env-switch.ts';
import type { CallApi, InProcessAnswer, InProcessCall } from '../src/lib/api/in-process-call.server.ts';
import type { ApiReply, ApiThreadData, ApiThreadMessage } from './api.worker.ts';

export interface ApiThread {
  call: CallApi;
  /** Lets the thread finish the calls it has, stop its mail queue and close its database, then ends it. */
  stop(): Promise<void>;
}

interface Pending {
  call: InProcessCall;
  resolve: (answer: InProcessAnswer) => void;
  reject: (error: Error) => void;
}

export interface ApiThreadOptions extends ApiThreadData {
  /** The main thread's own API, which answers once the thread has failed. */
  fallback: CallApi;
  log: (line: string) => void;
  /** The thread's script (tests give one that fails). */
  script?: URL;
}

export function startApiThread({ config, fallback, log, script = new URL('./api.worker.ts', import.meta.url) }: ApiThreadOptions): ApiThread {
  let worker: Worker | undefined = new Worker(script, {
    workerData: { config } satisfies ApiThreadData,
  });
  let nextId = 0;
  const pending = new Map<number, Pending>();
  let stopped: (() => void) | undefined;

  const giveUp = (why: string) => {
    if (worker) log(`The API thread stopped (${why}); the main thread's API answers page renders`);
    worker = undefined;
    for (const { call, resolve, reject } of pending.values()) {
      if (call.method === 'GET' || call.method === 'HEAD') fallback(call).then(resolve, reject);
      else reject(new TypeError('fetch failed: the API thread stopped during the call'));
    }
    pending.clear();
  };

  worker.unref(); // the HTTP server holds the process open while it serves
  worker.on('message', (reply: ApiReply) => {
    if ('stopped' in reply) return stopped?.();
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if ('error' in reply) waiting.reject(new TypeError(`fetch failed: ${reply.error}`));
    else waiting.resolve({ status: reply.status, headers: reply.headers, body: reply.body });
  });
  worker.on('error', (error) => {
    console.error('[storefront] The API thread failed:', error);
    giveUp(error.message);
  });
  worker.on('exit', (code) => giveUp(`exit code ${code}`));

  return {
    call(call) {
      const thread = worker;
      if (!thread) return fallback(call);
      return new Promise<InProcessAnswer>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { call, resolve, reject });
        thread.postMessage({ id, ...call } satisfies ApiThreadMessage);
      });
    },
    async stop() {
      const thread = worker;
      if (!thread) return;
      worker = undefined; // calls from now on go to the main thread's API
      await new Promise<void>((resolve) => {
        stopped = resolve;
        thread.once('exit', () => resolve());
        // The thread answers the calls it has, then stops its mail queue and closes its database.
        thread.postMessage({ stop: true } satisfies ApiThreadMessage);
      });
      await thread.terminate();
    },
  };
}

/**
 * Whether page renders get the API thread: on a machine with a second core,
 * unless API_THREAD turns it off; never for an in-memory database, which a
 * second connection would not see.
 */
export function apiThreadWanted(env: NodeJS.ProcessEnv, cores: number, databaseUrl: string | undefined): boolean {
  if (switchedOff(env.API_THREAD)) return false;
  if (/^(sqlite:)?:memory:$/.test(databaseUrl?.trim() ?? '')) return false;
  return cores > 1;
}
