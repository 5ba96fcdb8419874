/**
 * Answers compressed on a thread of their own (decision 043). The server
 * renders on one thread; compressing a cold page there took a sixth of its
 * time (a product page went from 355 to 430 req/s when sent uncompressed),
 * while the machine's other cores waited. A worker thread compresses with the
 * same synchronous calls; the main thread only hands the page over and gets
 * the result back. Node's own thread pool was tried first: its zlib streams
 * cost the main thread nearly what they saved (decision 040).
 *
 * A body that owns its whole buffer is moved to the worker, not copied, and
 * the result is moved back (decision 044): pages held while they waited had
 * their copies promoted to the old generation, and those buffers were what
 * started most full garbage collections of the main thread. The caller gives
 * up such a body: `moved` says so.
 *
 * One worker: enough for what one rendering thread produces. Where it cannot
 * start, or stops, answers are compressed in place again.
 */
import { Worker } from 'node:worker_threads';
import type { AnswerCoding } from './answer-compression.ts';
import type { CompressionJob, CompressionReply, KeepRun } from './compression.worker.ts';

/**
 * `result` is the compressed body; undefined when the worker could not take
 * the job (compress in place), or, for a moved body, when the worker stopped
 * with it (the body is gone: `error` says so).
 */
type Done = (error: Error | null, result: Buffer | undefined) => void;

export interface CompressionWorker {
  /** Sends `body` to the worker; `done` gets the result. True when the body was moved (its buffer is no longer usable here). */
  compress(body: Buffer, coding: AnswerCoding, done: Done): boolean;
  /** A repeated run for the worker to keep as a frame of its own (decision 061); sent as a copy, before any later answer. */
  keep(run: Uint8Array): void;
  /** Lets the worker finish what it was given, then ends the thread (tests; the process ends it otherwise). */
  stop(): Promise<void>;
}

/** Only a buffer that is the body and nothing else moves: a slice of a shared pool would take its neighbours along. */
function ownsItsBuffer(bytes: Uint8Array): boolean {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
}

export function createCompressionWorker(): CompressionWorker {
  let worker: Worker | undefined;
  let broken = false;
  let nextId = 0;
  const keptRuns: Uint8Array[] = [];
  const pending = new Map<number, { done: Done; moved: boolean }>();

  const giveUp = () => {
    broken = true;
    worker = undefined;
    for (const { done, moved } of pending.values()) done(moved ? new Error('The compression worker stopped with the answer') : null, undefined);
    pending.clear();
  };

  const start = (): Worker => {
    const started = new Worker(new URL('./compression.worker.ts', import.meta.url));
    // The worker never holds the process open: the HTTP server does, while it serves.
    started.unref();
    for (const run of keptRuns) started.postMessage({ keep: run } satisfies KeepRun);
    started.on('message', (reply: CompressionReply) => {
      const job = pending.get(reply.id);
      pending.delete(reply.id);
      if (!job) return;
      const bytes = 'error' in reply ? reply.body : reply.result;
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if ('error' in reply) job.done(new Error(reply.error), job.moved ? buffer : undefined);
      else job.done(null, buffer);
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
      if (broken) {
        done(null, undefined);
        return false;
      }
      worker ??= start();
      const id = nextId++;
      const moved = ownsItsBuffer(body);
      pending.set(id, { done, moved });
      worker.postMessage({ id, coding, body } satisfies CompressionJob, moved ? [body.buffer as ArrayBuffer] : []);
      return moved;
    },
    keep(run) {
      keptRuns.push(run);
      worker?.postMessage({ keep: run } satisfies KeepRun);
    },
    async stop() {
      const stopping = worker;
      broken = true;
      if (stopping && pending.size > 0) {
        await new Promise<void>((resolve) => {
          const check = () => {
            if (pending.size > 0) return;
            stopping.off('message', check);
            resolve();
          };
          stopping.on('message', check);
          stopping.once('exit', () => resolve());
        });
      }
      giveUp();
      await stopping?.terminate();
    },
  };
}
