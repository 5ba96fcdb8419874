/**
 * Checkout benchmark (not a test): through the HTTP server (`node server.ts`,
 * production mode, its own port), on SQLite and on PostgreSQL:
 *
 * 1. scarce stock: 200 shoppers, each with their own token and a cart line,
 *    order one unit of a variant with 50 in stock, 50 connections at a time;
 * 2. ample stock: the same shoppers place 1,000 one-unit orders, 50 at a time;
 * 3. many products: 1,000 more, each of one of 50 products with ample stock, so
 *    orders contend for no product row, only for what every order writes
 *    (decision 026: the catalogue version).
 *
 * Prints answers/s and orders/s, p50/p95/p99 of the placed orders' checkout calls, orders created, the final
 * stock and the oversell (orders beyond the stock, or stock below zero: must
 * be 0). Target on a 2-core machine: at least 200 orders/s on SQLite with p95
 * under 100 ms. The storefront must be built (`npm run build`).
 *
 *   npm run bench:checkout [-- --only sqlite|postgres] [--profile]
 *
 * --profile writes the server's CPU profile to ./tmp/bench-checkout/ (node --cpu-prof).
 *
 * SQLite: a fresh ./data/bench-checkout/store.db. PostgreSQL: BENCH_DATABASE_URL,
 * else TEST_DATABASE_URL, else the local server, in a fresh schema bench_checkout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSession } from '../../api/auth/session.service.ts';
import { connect, createPostgresSchema, dropPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { insertCategory, insertCustomer, insertProducts, insertSeller, insertStoreSettings } from '../../api/db/seed/seed.repository.ts';
import { paiseToRupeesString } from '../../src/lib/money.ts';

const { values } = parseArgs({ options: { only: { type: 'string' }, profile: { type: 'boolean', default: false } } });
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const API_KEY = 'bench-checkout-key';
const SHOPPERS = 200;
const SCARCE_STOCK = 50;
const AMPLE_ORDERS = 1000;
const CONCURRENCY = 50;
const SPREAD_PRODUCTS = 50;
const PRICE = 499_00;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = 'bench_checkout';
const TARGET = { ordersPerSecond: 200, p95Ms: 100 };

interface Setup {
  label: string;
  databaseUrl: string;
  open: () => Promise<StoreDatabase>;
  drop: () => Promise<void>;
}

const setups: Setup[] = [
  {
    label: 'SQLite',
    databaseUrl: './data/bench-checkout/store.db',
    open: async () => {
      rmSync('./data/bench-checkout', { recursive: true, force: true });
      return connect({ url: './data/bench-checkout/store.db' });
    },
    drop: async () => rmSync('./data/bench-checkout', { recursive: true, force: true }),
  },
  {
    label: 'PostgreSQL',
    databaseUrl: (() => {
      const url = new URL(PG_URL);
      url.searchParams.set('options', `-c search_path=${PG_SCHEMA}`);
      return url.href;
    })(),
    open: async () => {
      await dropPostgresSchema(PG_URL, PG_SCHEMA);
      await createPostgresSchema(PG_URL, PG_SCHEMA);
      return connect({ url: PG_URL, schema: PG_SCHEMA });
    },
    drop: () => dropPostgresSchema(PG_URL, PG_SCHEMA),
  },
];

process.chdir(ROOT);
if (!existsSync('./dist/server/entry.mjs')) {
  console.error('Build the storefront first: npm run build');
  process.exit(1);
}

const rows: string[][] = [];
for (const setup of setups) {
  if (values.only && !setup.label.toLowerCase().startsWith(values.only.toLowerCase())) continue;
  rows.push(...(await benchOne(setup)));
}
console.log(`\nCheckout benchmark: ${SHOPPERS} shoppers, ${CONCURRENCY} connections at a time, one unit per order`);
printTable(['Database', 'Phase', 'Answers/s', 'Orders/s', 'p50 ms', 'p95 ms', 'p99 ms', 'Answers', 'Orders created', 'Final stock', 'Oversell'], rows);
console.log(`Target (SQLite, ample stock): at least ${TARGET.ordersPerSecond} orders/s, p95 under ${TARGET.p95Ms} ms.`);

async function benchOne(setup: Setup): Promise<string[][]> {
  const store = await setup.open();
  await migrateToLatest(store.db, setup.label === 'PostgreSQL' ? PG_SCHEMA : undefined);
  const { scarce, ample, spread, shoppers } = await seed(store);
  const port = await freePort();
  const server = startServer(port, setup.databaseUrl);
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForServer(origin, server);
    // A plain keep-alive client with the bodies written beforehand: the load generator shares the machine's two cores.
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const checkout = (shopper: Shopper, variant: Variant) => {
      const payload = JSON.stringify(body(shopper, variant));
      const headers = {
        'API-KEY': API_KEY,
        Authorization: `Bearer ${shopper.token}`,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(payload)),
      };
      return () => post(agent, port, '/api/checkout', headers, payload);
    };

    const scarceRun = await runAll(shoppers.map((s) => checkout(s, scarce)));
    const ampleRun = await runAll(Array.from({ length: AMPLE_ORDERS }, (_, i) => checkout(shoppers[i % SHOPPERS]!, ample)));
    const spreadRun = await runAll(Array.from({ length: AMPLE_ORDERS }, (_, i) => checkout(shoppers[i % SHOPPERS]!, spread[i % SPREAD_PRODUCTS]!)));
    agent.destroy();

    const figures: string[][] = [];
    for (const [phase, run, variants, initial] of [
      ['scarce (50 in stock)', scarceRun, [scarce], SCARCE_STOCK],
      ['ample', ampleRun, [ample], AMPLE_ORDERS * 2],
      [`${SPREAD_PRODUCTS} products`, spreadRun, spread, AMPLE_ORDERS * 2],
    ] as const) {
      let [created, stock, oversell] = [0, 0, 0];
      for (const variant of variants) {
        const [made, left] = [await countOrders(store, variant.variantId), await stockOf(store, variant.variantId)];
        [created, stock] = [created + made, stock + left];
        oversell += Math.max(0, made - initial) + Math.max(0, -left);
      }
      const placed = run.results.filter((r) => r.status === 200);
      const statuses = Object.entries(countBy(run.results.map((r) => r.status))).map(([s, n]) => `${n}x${s}`).join(' ');
      figures.push([
        setup.label,
        phase,
        (run.results.length / (run.seconds || 1)).toFixed(0),
        (placed.length / (run.seconds || 1)).toFixed(0),
        percentile(placed.map((r) => r.ms), 50).toFixed(1),
        percentile(placed.map((r) => r.ms), 95).toFixed(1),
        percentile(placed.map((r) => r.ms), 99).toFixed(1),
        statuses,
        String(created),
        String(stock),
        String(oversell),
      ]);
    }
    return figures;
  } finally {
    await stopServer(server);
    await store.close();
    await setup.drop();
  }
}

interface Variant {
  productId: number;
  variantId: number;
  retailerId: number;
}
interface Shopper {
  email: string;
  phone: string;
  token: string;
}

async function seed(store: StoreDatabase) {
  const stamp = new Date().toISOString();
  await insertStoreSettings(store.db, { store_name: 'Bench Store' });
  const categoryId = await insertCategory(store.db, { name: 'Bench', slug: 'bench', parent_id: null });
  const retailerId = await insertSeller(store.db, 'retailer', 'Bench Retail');
  const product = (sku: string, stock: number) => ({
    sku,
    name: `Bench ${sku}`,
    slug: `bench-${sku}`,
    description: '',
    tags: '',
    category_id: null,
    sub_category_id: categoryId,
    category_name: 'Bench',
    retailer_id: retailerId,
    wholesaler_id: null,
    cover_image: '',
    product_images: '',
    created_at: stamp,
    variants: [{ product_variation: 'M', old_price: PRICE, price: PRICE, final_price: PRICE, stock }],
  });
  const spreadSkus = Array.from({ length: SPREAD_PRODUCTS }, (_, i) => `spread-${i}`);
  const ids = await insertProducts(store.db, [product('scarce', SCARCE_STOCK), product('ample', AMPLE_ORDERS * 2), ...spreadSkus.map((sku) => product(sku, AMPLE_ORDERS * 2))]);
  const variantOf = async (productId: number): Promise<Variant> => {
    const row = await store.db.selectFrom('product_variants').select('id').where('product_id', '=', productId).executeTakeFirstOrThrow();
    return { productId, variantId: Number(row.id), retailerId };
  };
  const [scarce, ample] = [await variantOf(ids[0]!), await variantOf(ids[1]!)];
  const spread: Variant[] = [];
  for (const id of ids.slice(2)) spread.push(await variantOf(id));
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i += 1) {
    const email = `bench${i}@example.com`;
    const phone = `9${String(100000000 + i)}`;
    const id = await insertCustomer(store.db, { firstname: 'Bench', lastname: 'Shopper', email, phone_number: phone, email_verified_at: stamp });
    // Each shopper's cart holds the line they will order (the checkout clears it).
    await store.db.insertInto('cart_items').values({ customer_id: id, product_id: scarce.productId, variant_id: scarce.variantId, quantity: 1, created_at: stamp, updated_at: stamp }).execute();
    shoppers.push({ email, phone, token: await createSession(store.db, id) });
  }
  return { scarce, ample, spread, shoppers };
}

function body(shopper: Shopper, variant: Variant) {
  return {
    firstname: 'Bench',
    lastname: 'Shopper',
    email: shopper.email,
    phone_number: shopper.phone,
    payment_method: 'cod',
    address: '14 Linking Road',
    pincode: '400050',
    city: 'Mumbai Suburban',
    state: 'Maharashtra',
    products: [{ retailer_id: variant.retailerId, retailer_product_id: variant.productId, quantity: 1, final_amount: paiseToRupeesString(PRICE), product_variation: 'M' }],
  };
}

/** Runs the calls CONCURRENCY at a time; answers each result and the wall time. */
async function runAll(calls: Array<() => Promise<{ status: number; ms: number }>>) {
  const results: Array<{ status: number; ms: number }> = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls.length) {
        const call = calls[next++]!;
        results.push(await call());
      }
    }),
  );
  return { results, seconds: (performance.now() - started) / 1000 };
}

function post(agent: Agent, port: number, path: string, headers: Record<string, string>, payload: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function countOrders(store: StoreDatabase, variantId: number): Promise<number> {
  const row = await store.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('variant_id', '=', variantId).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function stockOf(store: StoreDatabase, variantId: number): Promise<number> {
  return Number((await store.db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow()).stock);
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function countBy(values: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function startServer(port: number, databaseUrl: string): ChildProcess {
  const profile = values.profile ? ['--cpu-prof', '--cpu-prof-dir=./tmp/bench-checkout'] : [];
  return spawn(process.execPath, [...profile, 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      STORE_API_KEY: API_KEY,
      SEED_DEMO: '0',
      OUTBOX_DIR: './data/bench-checkout-outbox',
      MEDIA_DIR: './data/bench-checkout-media',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function waitForServer(origin: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (server.exitCode !== null) throw new Error('The server exited before it listened');
    try {
      if ((await fetch(`${origin}/api/store-info`, { method: 'POST', headers: { 'API-KEY': API_KEY } })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not start');
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(server.pid, 'SIGTERM'); // only the process this script started
  const timer = setTimeout(() => server.exitCode === null && server.pid !== undefined && process.kill(server.pid, 'SIGKILL'), 6000);
  await exited;
  clearTimeout(timer);
  rmSync('./data/bench-checkout-outbox', { recursive: true, force: true });
}

function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}
