/** The server the browser tests run against: the built app on a fresh demo SQLite database. */
import { rmSync } from 'node:fs';

// One database per port, so parallel runs on other ports do not share it.
const dir = `./data/e2e-${process.env.PORT ?? 'default'}`;
rmSync(dir, { recursive: true, force: true });
process.env.DATABASE_URL = `${dir}/store.db`;
process.env.MEDIA_DIR ??= './data/media';
await import('../server.ts');
