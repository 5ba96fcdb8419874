import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

describe('API-KEY header', () => {
  let store: StoreDatabase;
  let api: ReturnType<typeof createTestApi>;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store);
  });
  afterAll(() => store.close());

  it('refuses a request without the API-KEY header with 401 and the envelope', async () => {
    const res = await api.call('POST', '/store-info', { headers: { 'API-KEY': '' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'A valid API-KEY header is required' });
  });

  it('refuses a wrong API-KEY with 401', async () => {
    const res = await api.call('GET', '/new-arrivals', { headers: { 'API-KEY': 'wrong-key' } });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('answers an unknown path with a 404 envelope', async () => {
    const res = await api.get('/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Not found' });
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const res = await api.call('POST', '/search-products', {
      body: JSON.stringify({ search: 'x'.repeat(70 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });
});
