import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { MailQueue } from '../mail/mail-queue.service.ts';
import type { RefundQueue } from '../refunds/refund-queue.ts';

/** What every feature's routes receive from app.ts. */
export interface ApiDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: ApiConfig;
  /** Account mail: services queue it in their transactions, routes `kick` it once they have committed. */
  mailQueue: MailQueue;
  /** Refunds: services write them in their transactions, routes `kick` the queue once they have committed. */
  refundQueue: RefundQueue;
}

export interface AppEnv {
  Variables: { requestId: string };
}
