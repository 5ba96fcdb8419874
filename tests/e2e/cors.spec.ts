/**
 * Cross-origin clients (issue 16): a web app served from another origin calls
 * the store API from the browser. Listed in STORE_API_CORS_ORIGINS, its
 * preflight is answered 204 before the API-KEY check and the answer reaches
 * it; from any other origin the browser keeps the answer from the page.
 */
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { connect } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { insertStoreSettings } from '../../api/db/seed/seed.repository.ts';
import { freePort, startServer, type ServerProcess } from './spawned-server.ts';

const API_KEY = 'cors-test-key';
test.describe.configure({ mode: 'default' });

let api: ServerProcess;
let client: Server;
let clientPort: number;

/** The third-party client: one page that asks the store API for its name and shows what it got. */
function clientPage(apiOrigin: string): string {
  return `<!doctype html><html lang="en"><title>Client</title><main><h1>Client</h1><p role="status">waiting</p></main>
<script>
fetch(${JSON.stringify(`${apiOrigin}/api/store-info`)}, {
  method: 'POST',
  headers: { 'API-KEY': ${JSON.stringify(API_KEY)}, 'Content-Type': 'application/json' },
  body: '{}',
})
  .then((response) => response.json())
  .then((body) => { document.querySelector('[role=status]').textContent = 'Store: ' + body.storeinfo.store_name; })
  .catch(() => { document.querySelector('[role=status]').textContent = 'The store API could not be reached'; });
</script></html>`;
}

test.beforeAll(async () => {
  clientPort = await freePort();
  api = await startServer({ STORE_API_KEY: API_KEY, STORE_API_CORS_ORIGINS: `http://127.0.0.1:${clientPort}` });
  const store = connect({ url: api.databaseUrl });
  await migrateToLatest(store.db);
  await insertStoreSettings(store.db, { store_name: 'Cors Test Store' });
  await store.close();
  client = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(clientPage(api.origin));
  });
  await new Promise<void>((resolve) => client.listen(clientPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => client?.close(resolve));
  await api?.stop();
});

test('a page from a listed origin calls the store API and shows its answer', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${clientPort}/`);
  await expect(page.getByRole('status')).toHaveText('Store: Cors Test Store');
});

test('a page from an origin not listed does not get the answer', async ({ page }) => {
  // The same client under another name is another origin.
  await page.goto(`http://localhost:${clientPort}/`);
  await expect(page.getByRole('status')).toHaveText('The store API could not be reached');
});

test('the preflight of a listed origin is answered 204 without an API-KEY, allowing the API headers', async ({ request }) => {
  const origin = `http://127.0.0.1:${clientPort}`;
  const preflight = await request.fetch(`${api.origin}/api/checkout`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'api-key, authorization, content-type, idempotency-key' },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-origin']).toBe(origin);
  expect(preflight.headers()['access-control-allow-headers']).toBe('API-KEY, Authorization, Content-Type, Idempotency-Key');

  const other = await request.fetch(`${api.origin}/api/checkout`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
  });
  expect(other.headers()['access-control-allow-origin']).toBeUndefined();
});
