/**
 * Imported images behind a load balancer (decision 066): two server processes
 * on one database both serve an image stored in it, whichever process (here:
 * the test itself) stored it, with the stored ETag, a year of immutable
 * caching and 304 for a matching If-None-Match. A file under MEDIA_DIR still
 * comes first (the demo images). On SQLite (a file both open) and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { connect, createPostgresSchema, dropPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { findMedia } from '../../api/media/media.repository.ts';
import { storeProductImage } from '../../api/media/image-pipeline.ts';
import { startServer, type ServerProcess } from './spawned-server.ts';

interface Database {
  url: string;
  open(): StoreDatabase;
  remove(): Promise<void>;
}

const dialects: Array<{ label: string; make: (dir: string) => Promise<Database> }> = [
  { label: 'SQLite', make: async (dir) => ({ url: join(dir, 'store.db'), open: () => connect({ url: join(dir, 'store.db') }), remove: async () => {} }) },
  ...(process.env.TEST_DATABASE_URL ? [{ label: 'PostgreSQL', make: () => postgresDatabase(process.env.TEST_DATABASE_URL!) }] : []),
];

async function postgresDatabase(base: string): Promise<Database> {
  const schema = `media_${randomBytes(5).toString('hex')}`;
  await createPostgresSchema(base, schema);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.href, open: () => connect({ url: base, schema }), remove: () => dropPostgresSchema(base, schema) };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function expectStoredImage(request: APIRequestContext, origin: string, path: string, stored: { bytes: Uint8Array; etag: string }) {
  const answer = await request.get(`${origin}${path}`);
  expect(answer.status()).toBe(200);
  expect(Buffer.from(await answer.body()).equals(Buffer.from(stored.bytes))).toBe(true);
  expect(answer.headers()).toMatchObject({
    etag: stored.etag,
    'content-type': 'image/webp',
    'content-length': String(stored.bytes.length),
    'cache-control': IMMUTABLE,
    'x-content-type-options': 'nosniff',
  });
  const head = await request.head(`${origin}${path}`);
  expect([head.status(), head.headers()['content-length'], (await head.body()).length]).toEqual([200, String(stored.bytes.length), 0]);
  const again = await request.get(`${origin}${path}`, { headers: { 'If-None-Match': stored.etag } });
  expect([again.status(), (await again.body()).length, again.headers().etag, again.headers()['cache-control']]).toEqual([304, 0, stored.etag, IMMUTABLE]);
  const changed = await request.get(`${origin}${path}`, { headers: { 'If-None-Match': '"something-else"' } });
  expect(changed.status()).toBe(200);
}

for (const dialect of dialects) {
  test(`two processes on one database serve the images stored in it (${dialect.label})`, async ({ request }) => {
    test.setTimeout(90_000);
    const dir = mkdtempSync(join(tmpdir(), 'media-shared-'));
    const mediaDir = join(dir, 'media');
    const database = await dialect.make(dir);
    const servers: ServerProcess[] = [];
    let store: StoreDatabase | undefined;
    try {
      store = database.open();
      // Migrated before either process starts, so the two do not race to migrate.
      await migrateToLatest(store.db);
      const settings = { DATABASE_URL: database.url, MEDIA_DIR: mediaDir, SEED_DEMO: '0' };
      servers.push(await startServer(settings), await startServer(settings));

      // Stored after both processes started: neither has it in memory.
      const input = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#3a7' } }).png().toBuffer();
      const { url } = await storeProductImage(store.db, input, { name: 'Shared Kurta' });
      expect(url).toMatch(/^\/media\/products\/[0-9a-f]{16}-shared-kurta-640\.webp$/);
      const variant = url.replace(/-640\.webp$/, '-320.webp');
      for (const path of [url, variant]) {
        const stored = (await findMedia(store.db, path))!;
        for (const server of servers) await expectStoredImage(request, server.origin, path, stored);
      }

      for (const server of servers) {
        const unknown = await request.get(`${server.origin}/media/products/0000000000000000-nothing-640.webp`, { maxRedirects: 0 });
        expect(unknown.status()).toBe(404);
      }

      // MEDIA_DIR comes first, as before: a file there wins over a stored one at the same path.
      const onDisk = join(mediaDir, url.slice('/media/'.length));
      mkdirSync(dirname(onDisk), { recursive: true });
      writeFileSync(onDisk, 'from the folder');
      for (const server of servers) {
        const answer = await request.get(`${server.origin}${url}`);
        expect([answer.status(), await answer.text(), answer.headers()['cache-control']]).toEqual([200, 'from the folder', 'public, max-age=86400']);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await store?.close();
      await database.remove();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
