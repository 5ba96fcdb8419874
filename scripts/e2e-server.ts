/** The server the browser tests run against: the built app on a fresh demo SQLite database. */
import { rmSync } from 'node:fs';

// One database and outbox per port, so parallel runs on other ports do not share them.
const dir = `./data/e2e-${process.env.PORT ?? 'default'}`;
rmSync(dir, { recursive: true, force: true });
process.env.DATABASE_URL = `${dir}/store.db`;
process.env.OUTBOX_DIR = `${dir}/outbox`;
// Links in mails (verification, password reset) lead back to this server.
process.env.SITE_ORIGIN = `http://127.0.0.1:${process.env.PORT ?? '4321'}`;
process.env.MEDIA_DIR ??= './data/media';
// Served as in production (React's production build), like `npm run serve`.
process.env.NODE_ENV ??= 'production';
await import('../server.ts');
