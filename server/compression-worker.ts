/**
 * Answers compressed on a thread of their own (decision 043). The server
 * renders on one thread; compressing a cold page there took a sixth of its
 * time (a product page went from 355 to 430 req/s when sent uncompressed),
 * while the machine's other cores waited. A worker thread compresses with the
 * same synchronous calls; the main thread only copies the page to it and gets
 * the result back. Node's own thread pool was tried first: its zlib streams
 * cost the main thread nearly what they saved (decision 040).
 *
 * One worker: enough for what one rendering thread produces. Where it cannot
 * start, or stops, answers are compressed in place again.
 */
import { Worker } from 'node:worker_threads';
import type { AnswerCoding } from './answer-compression.ts';
import type { CompressionJob, CompressionReply } from './compression.worker.ts';

type Done = (error: Error | null, result: Buffer | undefined) => void;

export interface CompressionWorker {
  /** Sends `body` to the worker; `done` gets the result, or undefined when the worker could not (then compress in place). */
  compress(body: Buffer, coding: AnswerCoding, done: Done): void;
  /** Ends the thread (tests; the process ends it otherwise). */
  stop(): Promise<void>;
}

export function createCompressionWorker(): CompressionWorker {
  let worker: Worker | undefined;
  let broken = false;
  let nextId = 0;
  const pending = new Map<number, Done>();

  const giveUp = () => {
    broken = true;
    worker = undefined;
    for (const done of pending.values()) done(null, undefined);
    pending.clear();
  };

  const start = (): Worker => {
    const started = new Worker(new URL('./compression.worker.ts', import.meta.url));
    // The worker never holds the process open: the HTTP server does, while it serves.
    started.unref();
    started.on('message', (reply: CompressionReply) => {
      const done = pending.get(reply.id);
      pending.delete(reply.id);
      if (!done) return;
      if ('error' in reply) done(new Error(reply.error), undefined);
      else done(null, Buffer.from(reply.result.buffer, reply.result.byteOffset, reply.result.byteLength));
    });
    started.on('error', (error) => {
      console.error('[storefront] The compression worker failed; answers are compressed in place:', error);
      giveUp();
    });
    started.on('exit', () => {
      if (worker === started) giveUp();
    });
    return started;
  };

  return {
    compress(body, coding, done) {
      if (broken) return done(null, undefined);
      worker ??= start();
      const id = nextId++;
      pending.set(id, done);
      worker.postMessage({ id, coding, body } satisfies CompressionJob);
    },
    async stop() {
      const stopping = worker;
      giveUp();
      await stopping?.terminate();
    },
  };
}
