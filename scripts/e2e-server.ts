/** The server the browser tests run against: the built app on a fresh demo SQLite database. */
import { rmSync } from 'node:fs';

const dir = './data/e2e';
rmSync(dir, { recursive: true, force: true });
process.env.DATABASE_URL = `${dir}/store.db`;
process.env.MEDIA_DIR ??= './data/media';
await import('../server.ts');
