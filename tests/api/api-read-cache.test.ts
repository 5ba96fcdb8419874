import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import { readApiConfig } from '../../api/config.ts';
import { readCatalogueVersion } from '../../api/db/catalogue-version.repository.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { answerCall } from '../../server/api-call.ts';
import { SHARED_READS_KEPT, cacheSharedReads } from '../../server/api-read-cache.ts';
import { sharedVersionReader } from '../../server/catalogue-version.ts';
import type { CallApi, InProcessCall } from '../../src/lib/api/in-process-call.server.ts';
import { seedAll, type CatalogFixture } from '../fixtures/catalog.fixtures.ts';
import { TEST_API_KEY } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

describe('shared catalogue reads kept per catalogue version (server/api-read-cache.ts)', () => {
  let store: StoreDatabase;
  let f: CatalogFixture;
  let cached: CallApi;
  /** The paths the API itself answered, in order. */
  const reached: string[] = [];

  beforeAll(async () => {
    store = await createTestDatabase();
    f = await seedAll(store.db);
    const app = createApiApp({ db: store.db, dialect: store.dialect, config: { ...readApiConfig({}), apiKey: TEST_API_KEY, seedDemo: false } });
    const api: CallApi = (call) => {
      reached.push(new URL(call.url).pathname);
      return answerCall(app.fetch, call);
    };
    cached = cacheSharedReads(api, sharedVersionReader(() => readCatalogueVersion(store.db)));
  });
  afterAll(() => store.close());

  const post = (path: string, json: unknown, headers: Record<string, string> = {}): InProcessCall => {
    const body = JSON.stringify(json);
    return {
      method: 'POST',
      url: `http://localhost/api${path}`,
      headers: Object.entries({ 'API-KEY': TEST_API_KEY, 'Content-Type': 'application/json', 'Content-Length': String(body.length), ...headers }),
      body,
    };
  };
  const answerOf = async (call: InProcessCall) => JSON.parse((await cached(call)).body);
  const sizesOf = async (ids: number[]) => (await answerOf(post('/subcategory-variations', { sub_category_id: ids }))).data;
  const reachedSince = (from: number) => reached.slice(from);

  it('asks the API for store-info once per catalogue version, and again once the catalogue changes', async () => {
    const from = reached.length;
    const first = await answerOf(post('/store-info', {}));
    const second = await answerOf(post('/store-info', {}));
    expect(second).toEqual(first);
    expect(reachedSince(from)).toEqual(['/api/store-info']);

    await store.db.updateTable('categories').set({ name: 'Tees' }).where('id', '=', f.categories.tshirts).execute();
    const changed = await answerOf(post('/store-info', {}));
    expect(reachedSince(from)).toEqual(['/api/store-info', '/api/store-info']);
    expect(changed.sub_category_list.map((c: { name: string }) => c.name)).toContain('Tees');
  });

  it('keeps the sizes of categories per list of categories asked for, each the API’s own answer', async () => {
    const from = reached.length;
    const tees = await sizesOf([f.categories.tshirts]);
    const both = await sizesOf([f.categories.tshirts, f.categories.shirts]);
    expect(tees).toHaveLength(1);
    expect(both).toHaveLength(2);
    expect(await sizesOf([f.categories.tshirts])).toEqual(tees);
    expect(await sizesOf([f.categories.tshirts, f.categories.shirts])).toEqual(both);
    expect(reachedSince(from)).toEqual(['/api/subcategory-variations', '/api/subcategory-variations']);

    await store.db.updateTable('categories').set({ variations: 'S,M' }).where('id', '=', f.categories.tshirts).execute();
    expect(await sizesOf([f.categories.tshirts])).toEqual([{ sub_category_id: f.categories.tshirts, sub_category_variation: 'S, M' }]);
    expect(reachedSince(from)).toHaveLength(3);
  });

  it('never keeps a call made with a shopper’s token', async () => {
    const from = reached.length;
    for (let i = 0; i < 2; i++) await cached(post('/store-info', {}, { Authorization: 'Bearer some-token' }));
    expect(reachedSince(from)).toEqual(['/api/store-info', '/api/store-info']);
  });

  it(`keeps at most ${SHARED_READS_KEPT} answers, the oldest going first`, async () => {
    await sizesOf([f.categories.watches]);
    // Each list of ids is another body, so another answer kept.
    for (let n = 0; n < SHARED_READS_KEPT; n++) await sizesOf([f.categories.caps, 100_000 + n]);
    const from = reached.length;
    await sizesOf([f.categories.caps, 100_000 + SHARED_READS_KEPT - 1]);
    expect(reachedSince(from)).toEqual([]);
    await sizesOf([f.categories.watches]);
    expect(reachedSince(from)).toEqual(['/api/subcategory-variations']);
  });
});
