/**
 * Page renders in turn, one started per turn of the event loop (decision 041).
 *
 * A render runs on promise callbacks alone (the in-process API, SQLite), so
 * it used to finish inside the socket callback that read its request, and
 * under load one turn of the loop rendered every request that had arrived:
 * 40-50 pages, about 200 ms. libuv accepts one new connection per turn, so a
 * shopper opening a connection then waited through one such turn for every
 * connection ahead of them: 4-7 s at 50 connections, while requests on open
 * connections took 200-300 ms.
 *
 * Here a request joins a queue and renders start from `setImmediate`, one per
 * turn, at most `limit` in flight (a render waiting on PostgreSQL lets the
 * next one start), in order of arrival. A request whose client has gone while
 * it waited is not rendered.
 */
export interface RenderQueue {
  /** Runs `render` in its turn; skips it when `gone()` says the client has left meanwhile. */
  run(render: () => Promise<void>, gone?: () => boolean): Promise<void>;
  readonly running: number;
  readonly waiting: number;
}

interface Waiting {
  render: () => Promise<void>;
  gone: () => boolean;
  done: (error?: unknown) => void;
}

export function createRenderQueue(limit: number): RenderQueue {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`A render queue needs a limit of at least 1, not ${limit}`);
  let running = 0;
  let scheduled = false;
  const waiting: Waiting[] = [];

  const schedule = () => {
    if (scheduled || running >= limit || waiting.length === 0) return;
    scheduled = true;
    setImmediate(startNext);
  };

  function startNext() {
    scheduled = false;
    const next = waiting.shift();
    if (!next) return;
    if (next.gone()) {
      next.done();
      schedule();
      return;
    }
    running += 1;
    next
      .render()
      .then(
        () => next.done(),
        (error: unknown) => next.done(error ?? new Error('A render failed')),
      )
      .finally(() => {
        running -= 1;
        schedule();
      });
    // The next render starts in a later turn, after the loop has read sockets again.
    schedule();
  }

  return {
    run(render, gone = () => false) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ render, gone, done: (error) => (error === undefined ? resolve() : reject(error)) });
        schedule();
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
