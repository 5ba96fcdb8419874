import type { Hono } from 'hono';
import { createApiApp } from '../api/app.ts';
import type { ApiConfig } from '../api/config.ts';
import { connect, type StoreDatabase } from '../api/db/connect.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { generateDemoImages } from '../api/db/seed/demo-images.ts';
import { seedDemoStore } from '../api/db/seed/demo-store.ts';
import { composeStoreMail } from '../api/store-mail.ts';
import { createMailQueue, type MailQueue } from '../api/mail/mail-queue.service.ts';
import { createMailTransport } from '../api/mail/mail.transport.ts';
import { createRefundQueue, type RefundQueue } from '../api/refunds/refund-queue.ts';
import { refundProviders } from '../api/refunds/refund.service.ts';
import { startPaymentJobs } from '../api/payments/payment-jobs.ts';
import { isStoreSeeded } from '../api/db/seed/seed.repository.ts';
import type { AppEnv } from '../api/http/deps.ts';

export interface StoreApi {
  app: Hono<AppEnv>;
  store: StoreDatabase;
  /** Sends queued account mail; stop it before closing the database. */
  mailQueue: MailQueue;
  /** Ends unpaid holds; stop it before closing the database. */
  paymentJobs: { stop(): Promise<void> };
  /** Sends the refunds owed; stop it before closing the database. */
  refundQueue: RefundQueue;
}

/** Opens the database, applies migrations, seeds the demo store on first start, starts the mail queue, builds the API. */
export async function startStoreApi(config: ApiConfig, log: (line: string) => void): Promise<StoreApi> {
  const store = connect({ url: config.databaseUrl });
  await migrateToLatest(store.db);
  if (config.seedDemo && !(await isStoreSeeded(store.db))) {
    const started = performance.now();
    const summary = await seedDemoStore(store.db);
    log(`Seeded the demo store (${summary.products} products) in ${Math.round(performance.now() - started)} ms`);
  }
  if (config.seedDemo) await generateDemoImages(config.mediaDir);
  const transport = createMailTransport(config);
  const mailQueue = createMailQueue({ db: store.db, transport, compose: composeStoreMail(config.siteOrigin) });
  // Also sends what an earlier run of the process left queued.
  mailQueue.start();
  log(`Mail: ${transport.kind === 'smtp' ? `SMTP to ${config.smtp?.host}` : `outbox folder ${config.outboxDir}`}, through the queue`);
  const refundQueue = createRefundQueue({ db: store.db, providers: refundProviders(config.payment), mailKick: () => mailQueue.kick() });
  // Also sends what an earlier run (or a crash) left owed.
  refundQueue.start();
  const app = createApiApp({ db: store.db, dialect: store.dialect, config, mailQueue, refundQueue });
  const paymentJobs = startPaymentJobs(store.db);
  log(`Payments: ${config.payment.provider === 'razorpay' ? 'Razorpay' : 'the test gateway (TEST MODE: no money moves)'}`);
  return { app, store, mailQueue, paymentJobs, refundQueue };
}
