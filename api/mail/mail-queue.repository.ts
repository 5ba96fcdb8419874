import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MailQueueTable } from '../db/schema.ts';

/** The mail queue table: all SQL of queued mail. */
type Db = Kysely<Database> | Transaction<Database>;
export type MailJobRow = Selectable<MailQueueTable>;

export interface NewMailJob {
  kind: string;
  recipient: string;
  customer_id: number | null;
  details: string;
  next_attempt_at: string;
  created_at: string;
}

export async function insertMailJob(db: Db, job: NewMailJob): Promise<void> {
  await db.insertInto('mail_queue').values(job).execute();
}

/**
 * Takes up to `limit` of the oldest due jobs for this process until
 * `lockedUntil`, counting an attempt for each, in one statement. The outer
 * WHERE repeats the lock test, so when two processes race for the same rows
 * (PostgreSQL re-reads them after the first commits) each row goes to one.
 */
export async function claimDueJobs(db: Db, now: string, lockedUntil: string, limit: number): Promise<MailJobRow[]> {
  const due = db
    .selectFrom('mail_queue')
    .select('id')
    .where('state', 'in', ['queued', 'ready'])
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  const rows = await db
    .updateTable('mail_queue')
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', due)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Keeps the composed message for this and later attempts. */
export async function markComposed(db: Db, id: number, message: { subject: string; text: string; html: string }) {
  await db
    .updateTable('mail_queue')
    .set({ state: 'ready', subject: message.subject, text_body: message.text, html_body: message.html })
    .where('id', '=', id)
    .execute();
}

/** Sent, or nothing to send: the rows go (with the links inside them). */
export async function deleteMailJobs(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('mail_queue').where('id', 'in', [...ids]).execute();
}

export async function scheduleRetry(db: Db, id: number, nextAttemptAt: string, error: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** Given up: kept for the record, without the message (its link must not linger). */
export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set({ state: 'failed', locked_until: null, last_error: error, text_body: null, html_body: null })
    .where('id', '=', id)
    .execute();
}

/** Jobs still to be sent (queued or ready), for tests and the start-up log. */
export async function countPendingJobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('state', 'in', ['queued', 'ready'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
