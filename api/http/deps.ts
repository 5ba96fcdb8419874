import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config.ts';
import type { Dialect } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { MailTransport } from '../mail/mail.transport.ts';

/** What every feature's routes receive from app.ts. */
export interface ApiDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  config: ApiConfig;
  /** Account mail (verification, password reset); sent only after a transaction commits. */
  mail: MailTransport;
}

export interface AppEnv {
  Variables: { requestId: string };
}
