import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findNextHoldEnd } from './payment.repository.ts';
import { expireHolds } from './payment.service.ts';

/**
 * The payment job of the server process (decisions 018, 049): unpaid holds
 * end when their 30 minutes are up (SECURITY 32). Several processes on one
 * database may run it: each group's expiry is claimed by one conditional
 * statement. Payments that came too late are refunded by the refund queue
 * (decision 065).
 */
type Db = Kysely<Database>;

/** The longest wait between two expiry runs (a hold made meanwhile ends 30 minutes out). */
export const PAYMENT_JOB_INTERVAL_MS = 60_000;
/** The shortest wait between two expiry runs, so holds ending close together, or a clock a little behind, cost one run a second at most. */
export const PAYMENT_JOB_MIN_GAP_MS = 1_000;

/** How long the expiry waits for its next run: until the earliest waiting hold ends, kept within the gap and the interval. */
export function nextExpiryDelay(nextHoldEnd: string | undefined, now: number): number {
  const until = nextHoldEnd === undefined ? NaN : Date.parse(nextHoldEnd) - now;
  if (!Number.isFinite(until)) return PAYMENT_JOB_INTERVAL_MS;
  return Math.min(PAYMENT_JOB_INTERVAL_MS, Math.max(PAYMENT_JOB_MIN_GAP_MS, until));
}

export interface PaymentJobs {
  /** Settles once the runs under way have ended. */
  idle(): Promise<void>;
  /** No more runs; settles once the one under way has ended. Call it before closing the database. */
  stop(): Promise<void>;
}

const logFailure = (error: unknown) => console.error('Payment job:', error instanceof Error ? error.message : error);

/**
 * Runs the expiry now and then at the end of the earliest waiting hold, so a
 * hold ends within a second of its 30 minutes rather than up to a minute late.
 */
export function startPaymentJobs(db: Db): PaymentJobs {
  let stopped = false;
  let expiryTimer: NodeJS.Timeout | undefined;
  let expiring: Promise<void> | undefined;

  const expire = () => {
    expiring = (async () => {
      let delay = PAYMENT_JOB_INTERVAL_MS;
      try {
        await expireHolds(db);
        delay = nextExpiryDelay(await findNextHoldEnd(db), Date.now());
      } catch (error) {
        logFailure(error);
      }
      if (stopped) return;
      expiryTimer = setTimeout(expire, delay);
      expiryTimer.unref();
    })();
  };
  expire();
  const idle = async () => {
    await expiring;
  };
  return {
    idle,
    async stop() {
      stopped = true;
      clearTimeout(expiryTimer);
      await idle();
    },
  };
}
