import type { Hono } from 'hono';
import { createApiApp } from '../api/app.ts';
import type { ApiConfig } from '../api/config.ts';
import { connect, type StoreDatabase } from '../api/db/connect.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { generateDemoImages } from '../api/db/seed/demo-images.ts';
import { seedDemoStore } from '../api/db/seed/demo-store.ts';
import { createMailTransport } from '../api/mail/mail.transport.ts';
import { isStoreSeeded } from '../api/db/seed/seed.repository.ts';
import type { AppEnv } from '../api/http/deps.ts';

export interface StoreApi {
  app: Hono<AppEnv>;
  store: StoreDatabase;
}

/** Opens the database, applies migrations, seeds the demo store on first start, builds the API. */
export async function startStoreApi(config: ApiConfig, log: (line: string) => void): Promise<StoreApi> {
  const store = connect({ url: config.databaseUrl });
  await migrateToLatest(store.db);
  if (config.seedDemo && !(await isStoreSeeded(store.db))) {
    const started = performance.now();
    const summary = await seedDemoStore(store.db);
    log(`Seeded the demo store (${summary.products} products) in ${Math.round(performance.now() - started)} ms`);
  }
  if (config.seedDemo) await generateDemoImages(config.mediaDir);
  const app = createApiApp({ db: store.db, dialect: store.dialect, config, mail: createMailTransport(config) });
  return { app, store };
}
