/**
 * How a queue table is worked by its process (decisions 015, 065): `run`
 * goes through what is due; a kick runs it soon after the current answer (a
 * kick during a run asks for one more run after it), and a poll runs it
 * every `pollMs` for what was not kicked (retries, other processes, work
 * left by a crash).
 */
export interface KickedLoop {
  /** Runs soon after the current answer; call it once the work's transaction has committed. */
  kick(): void;
  /** Resolves once no run is under way or asked for. */
  idle(): Promise<void>;
  /** Polls every `pollMs` (the server process). */
  start(): void;
  stop(): Promise<void>;
}

export function createKickedLoop(run: () => Promise<unknown>, options: { pollMs: number; label: string }): KickedLoop {
  let active: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const loop: KickedLoop = {
    kick() {
      if (active) {
        again = true;
        return;
      }
      // Waits a turn of the event loop, so the answer that made the work goes first.
      active = new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => {
          do {
            again = false;
            await run().catch((error: unknown) => {
              console.error(`${options.label} could not be worked:`, error instanceof Error ? error.message : error);
            });
          } while (again);
        })
        .finally(() => {
          active = undefined;
        });
    },
    async idle() {
      while (active) await active;
    },
    start() {
      timer ??= setInterval(() => loop.kick(), options.pollMs);
      timer.unref();
      loop.kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await loop.idle();
    },
  };
  return loop;
}
