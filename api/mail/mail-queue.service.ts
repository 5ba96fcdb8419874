import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { createKickedLoop, type KickedLoop } from '../jobs/kicked-loop.ts';
import type { MailMessage, MailTransport } from './mail.transport.ts';
import {
  claimDueJobs,
  deleteMailJobs,
  insertMailJob,
  markComposed,
  markFailed,
  scheduleRetry,
  type MailJobRow,
} from './mail-queue.repository.ts';

/**
 * Account mail goes through a queue table (decision 015). A request only adds
 * a row, in its own transaction; this process sends it after the answer, so
 * no shopper waits on a mail server, a request does the same work whatever the
 * mail turns out to be (forgot-password for a known or an unknown address),
 * and a failed send is retried. Several processes share the table: a job is
 * claimed for a lease before it is composed or sent.
 *
 * A job is composed once (in a transaction, which may write the token its link
 * carries), kept with its message, and sent with retries; a sent job is
 * deleted. Delivery is at least once: a crash between sending and deleting
 * sends the mail again.
 */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface MailJob {
  kind: string;
  recipient: string;
  customerId?: number | null;
  /** Facts the mail needs, not secrets (they are stored as they are). */
  details?: Record<string, unknown>;
}

/** A job as the composer reads it. */
export interface QueuedMail {
  id: number;
  kind: string;
  recipient: string;
  customerId: number | null;
  details: Record<string, unknown>;
}

/** Writes a job's message inside the claim's transaction; null: nothing to send (the job is dropped). */
export type ComposeMail = (trx: Trx, job: QueuedMail, now: Date) => Promise<Omit<MailMessage, 'to'> | null>;

/** One kind's composer: the message for a store name, or null when there is nothing to send. */
export type MailComposer = (trx: Trx, job: QueuedMail, now: Date) => Promise<((storeName: string) => Omit<MailMessage, 'to'>) | null>;

/** Waits after a failed send, by the attempt that failed; after the last, the job is given up. */
export const MAIL_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000, 3 * 60 * 60_000];
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** How long a claimed job stays with its process; longer than a send may take (the SMTP timeouts). */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Jobs claimed at once: under load a batch shares its commits. */
export const MAIL_BATCH = 20;
/** How often a process looks for due jobs besides the ones it queued (retries, other processes, a crash). */
export const MAIL_POLL_MS = 15_000;

/** Adds a job; call it inside the transaction of the change the mail is about. */
export async function queueMail(db: Db | Trx, job: MailJob, now: Date = new Date()): Promise<void> {
  await insertMailJob(db, {
    kind: job.kind,
    recipient: job.recipient,
    customer_id: job.customerId ?? null,
    details: JSON.stringify(job.details ?? {}),
    next_attempt_at: now.toISOString(),
    created_at: now.toISOString(),
  });
}

/** Sends what is due (tests read the outbox once `idle()` resolves). */
export interface MailQueue extends KickedLoop {
  /** Runs until no job is due; answers how many jobs it handled. */
  runOnce(): Promise<number>;
}

export interface MailQueueOptions {
  db: Db;
  transport: MailTransport;
  compose: ComposeMail;
  /** The clock; tests step it over retry delays. */
  now?: () => Date;
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const now = options.now ?? (() => new Date());

  async function runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const at = now();
      const batch = await claimDueJobs(options.db, at.toISOString(), new Date(at.getTime() + MAIL_LEASE_MS).toISOString(), MAIL_BATCH);
      if (batch.length === 0) return handled;
      handled += batch.length;
      await handleBatch(batch);
    }
  }

  /**
   * A batch: the new jobs composed in one transaction, each message sent, and
   * what was sent (or had nothing to send) deleted in one statement. Under
   * load that is three commits for the batch rather than three a mail.
   */
  async function handleBatch(batch: MailJobRow[]): Promise<void> {
    const composed = await composeAll(batch.filter((row) => row.state === 'queued'));
    const done: number[] = [];
    for (const row of batch) {
      const outcome = row.state === 'ready' ? { message: storedMessage(row) } : composed.get(row.id);
      if (!outcome || 'error' in outcome) {
        await retryLater(row, outcome?.error ?? new Error('not composed'));
        continue;
      }
      if (outcome.message) {
        try {
          await options.transport.send(outcome.message);
        } catch (error) {
          await retryLater(row, error);
          continue;
        }
      }
      done.push(row.id);
    }
    await deleteMailJobs(options.db, done);
  }

  type Composed = { message: MailMessage | null } | { error: unknown };

  /** Composes the jobs in one transaction; if one fails, each alone, so one bad job cannot hold the others back. */
  async function composeAll(rows: MailJobRow[]): Promise<Map<number, Composed>> {
    const results = new Map<number, Composed>();
    if (rows.length === 0) return results;
    try {
      await options.db.transaction().execute(async (trx) => {
        for (const row of rows) results.set(row.id, { message: await composeRow(trx, row) });
      });
      return results;
    } catch {
      results.clear();
    }
    for (const row of rows) {
      try {
        results.set(row.id, { message: await options.db.transaction().execute((trx) => composeRow(trx, row)) });
      } catch (error) {
        results.set(row.id, { error });
      }
    }
    return results;
  }

  async function composeRow(trx: Trx, row: MailJobRow): Promise<MailMessage | null> {
    const content = await options.compose(trx, toQueuedMail(row), now());
    if (!content) return null;
    await markComposed(trx, row.id, content);
    return { to: row.recipient, ...content };
  }

  async function retryLater(row: MailJobRow, error: unknown): Promise<void> {
    // The reason only: a message body holds a link that must not reach a log.
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
    const delay = MAIL_RETRY_DELAYS_MS[row.attempts - 1];
    if (delay === undefined) {
      console.error(`Mail ${row.id} (${row.kind}) given up after ${row.attempts} attempts: ${reason}`);
      await markFailed(options.db, row.id, reason);
      return;
    }
    console.error(`Mail ${row.id} (${row.kind}) not sent, retrying in ${delay / 1000} s: ${reason}`);
    await scheduleRetry(options.db, row.id, new Date(now().getTime() + delay).toISOString(), reason);
  }

  return { ...createKickedLoop(runOnce, { pollMs: MAIL_POLL_MS, label: 'The mail queue' }), runOnce };
}

function storedMessage(row: MailJobRow): MailMessage | null {
  if (row.subject === null || row.text_body === null || row.html_body === null) return null;
  return { to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body };
}

function toQueuedMail(row: MailJobRow): QueuedMail {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    // A row written by hand with bad JSON composes as if it had no details.
  }
  return { id: row.id, kind: row.kind, recipient: row.recipient, customerId: row.customer_id, details };
}
