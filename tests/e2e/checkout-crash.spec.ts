/**
 * Crash safety of orders (SECURITY 17, 28): a server killed with SIGKILL in
 * the middle of a burst of checkouts, then started again on the same
 * database. Every checkout is sent again with its Idempotency-Key, as a
 * shopper's retry would: each order exists exactly once, whole (both of its
 * lines), with its stock taken and the product's listing columns
 * (total_stock, in_stock_size_keys) agreeing with its variants, and a key answered before the kill replays
 * that answer instead of ordering again. On SQLite the file also passes
 * PRAGMA integrity_check; on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { sql } from 'kysely';
import { createSession } from '../../api/auth/session.service.ts';
import { connect, createPostgresSchema, dropPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { insertCategory, insertCustomer, insertProducts, insertSeller } from '../../api/db/seed/seed.repository.ts';
import { sizeKeyColumns } from '../../api/catalog/size-keys.ts';
import { startServer, type ServerProcess } from './spawned-server.ts';

const API_KEY = 'crash-test-key';
const CHECKOUTS = 60;
const CONCURRENCY = 20;
const KILL_AFTER_ANSWERS = 10;
const STOCK = 100;
/** Size L has exactly one unit per checkout: it sells out, so the listing's in-stock sizes must drop it. */
const SIZES = [
  ['M', STOCK],
  ['L', CHECKOUTS],
] as const;
const PRICE = '250.00';

interface Database {
  label: string;
  url: string;
  open(): StoreDatabase;
  remove(): Promise<void>;
}

function sqliteDatabase(): Database {
  const dir = mkdtempSync(join(tmpdir(), 'crash-db-'));
  const url = join(dir, 'store.db');
  return { label: 'SQLite', url, open: () => connect({ url }), remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresDatabase(base: string): Promise<Database> {
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  await createPostgresSchema(base, schema);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { label: 'PostgreSQL', url: url.href, open: () => connect({ url: base, schema }), remove: () => dropPostgresSchema(base, schema) };
}

const dialects: Array<{ label: string; make: () => Promise<Database> }> = [
  { label: 'SQLite', make: async () => sqliteDatabase() },
  ...(process.env.TEST_DATABASE_URL ? [{ label: 'PostgreSQL', make: () => postgresDatabase(process.env.TEST_DATABASE_URL!) }] : []),
];

interface Checkout {
  key: string;
  token: string;
  body: string;
}

for (const dialect of dialects) {
  test(`a server killed in a burst of checkouts loses no order and doubles none when restarted (${dialect.label})`, async () => {
    test.setTimeout(120_000);
    const database = await dialect.make();
    let server: ServerProcess | undefined;
    let store: StoreDatabase | undefined;
    try {
      const settings = { DATABASE_URL: database.url, STORE_API_KEY: API_KEY };
      server = await startServer(settings);
      store = database.open();
      const { productId, variants, checkouts } = await seed(store);

      // The burst: the server is killed once KILL_AFTER_ANSWERS answers have come back.
      const first = new Map<string, { status: number; body: string } | 'lost'>();
      const running = server;
      let answered = 0;
      await inParallel(checkouts, async (checkout) => {
        const answer = await send(running.port, checkout).catch(() => 'lost' as const);
        first.set(checkout.key, answer);
        if (answer !== 'lost' && ++answered === KILL_AFTER_ANSWERS) process.kill(running.pid, 'SIGKILL');
      });
      await running.exited;
      const lost = [...first.values()].filter((a) => a === 'lost').length;
      expect(lost, 'the kill cut some checkouts off').toBeGreaterThan(0);

      server = await startServer(settings);
      // Every order a shopper was told about survived the kill.
      const told = [...first.values()].flatMap((a) => (a !== 'lost' && a.status === 200 ? [JSON.parse(a.body).data.order_number as string] : []));
      const kept = (await store.db.selectFrom('order_groups').select('order_number').execute()).map((g) => g.order_number);
      expect(told.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
      for (const number of told) expect(kept).toContain(number);
      const restarted = server;
      const retried = new Map<string, { status: number; body: string }>();
      await inParallel(checkouts, async (checkout) => retried.set(checkout.key, await send(restarted.port, checkout)));

      // Every checkout ends with one order; a key answered before the kill gets that very answer again.
      for (const checkout of checkouts) {
        const again = retried.get(checkout.key)!;
        expect(again.status, again.body).toBe(200);
        const before = first.get(checkout.key);
        if (before !== 'lost' && before?.status === 200) expect(JSON.parse(again.body)).toEqual(JSON.parse(before.body));
      }
      const numbers = new Set(checkouts.map((c) => JSON.parse(retried.get(c.key)!.body).data.order_number as string));
      expect(numbers.size).toBe(CHECKOUTS);

      const groups = await store.db.selectFrom('order_groups').select('order_number').execute();
      expect(groups.map((g) => g.order_number).sort()).toEqual([...numbers].sort());
      const lines = await store.db.selectFrom('orders').select(['checkout_ref', 'variant_id']).execute();
      expect(lines).toHaveLength(CHECKOUTS * 2);
      for (const number of numbers) expect(lines.filter((l) => l.checkout_ref === number)).toHaveLength(2);
      for (const [i, variantId] of variants.entries()) {
        const row = await store.db.selectFrom('product_variants').select('stock').where('id', '=', variantId).executeTakeFirstOrThrow();
        expect(Number(row.stock)).toBe(SIZES[i]![1] - CHECKOUTS);
      }
      // The listing columns were rewritten in each order's transaction, so they agree with the variants.
      const sizes = await store.db.selectFrom('product_variants').select(['product_variation', 'stock']).where('product_id', '=', productId).execute();
      const stocked = sizes.map((v) => ({ product_variation: v.product_variation, stock: Number(v.stock) }));
      const product = await store.db.selectFrom('products').select(['total_stock', 'in_stock_size_keys']).where('id', '=', productId).executeTakeFirstOrThrow();
      expect({ total_stock: Number(product.total_stock), in_stock_size_keys: product.in_stock_size_keys }).toEqual({
        total_stock: stocked.reduce((sum, v) => sum + v.stock, 0),
        in_stock_size_keys: sizeKeyColumns(stocked).in_stock_size_keys,
      });
      expect(product).toMatchObject({ total_stock: STOCK - CHECKOUTS, in_stock_size_keys: '|m|' });
      const history = await store.db.selectFrom('order_status_history').select('id').execute();
      expect(history).toHaveLength(CHECKOUTS * 2);
      if (dialect.label === 'SQLite') {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(store.db);
        expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      }
    } finally {
      await store?.close();
      await server?.stop();
      await database.remove();
    }
  });
}

/** A product in two sizes and CHECKOUTS shoppers, each with a session and a checkout of one of each size. */
async function seed(store: StoreDatabase): Promise<{ productId: number; variants: number[]; checkouts: Checkout[] }> {
  const stamp = new Date().toISOString();
  const categoryId = await insertCategory(store.db, { name: 'Crash', slug: 'crash', parent_id: null });
  const retailerId = await insertSeller(store.db, 'retailer', 'Crash Retail');
  const [productId] = await insertProducts(store.db, [
    {
      sku: 'CRASH-1',
      name: 'Crash Kurta',
      slug: 'crash-kurta',
      description: '',
      tags: '',
      category_id: null,
      sub_category_id: categoryId,
      category_name: 'Crash',
      retailer_id: retailerId,
      wholesaler_id: null,
      cover_image: '',
      product_images: '',
      created_at: stamp,
      variants: SIZES.map(([size, stock]) => ({ product_variation: size, old_price: 250_00, price: 250_00, final_price: 250_00, stock })),
    },
  ]);
  const variants = (await store.db.selectFrom('product_variants').select('id').where('product_id', '=', productId!).orderBy('id').execute()).map((v) => Number(v.id));
  const checkouts: Checkout[] = [];
  for (let i = 0; i < CHECKOUTS; i += 1) {
    const email = `crash${i}@example.com`;
    const phone = `98${String(10_000_000 + i)}`;
    const id = await insertCustomer(store.db, { firstname: 'Crash', lastname: 'Test', email, phone_number: phone, email_verified_at: stamp });
    const line = (size: string) => ({ retailer_id: retailerId, retailer_product_id: productId, quantity: 1, final_amount: PRICE, product_variation: size });
    checkouts.push({
      key: `crash-${i}-${randomBytes(4).toString('hex')}`,
      token: await createSession(store.db, id),
      body: JSON.stringify({
        firstname: 'Crash',
        lastname: 'Test',
        email,
        phone_number: phone,
        payment_method: 'cod',
        address: '1 Test Road',
        pincode: '400050',
        city: 'Mumbai Suburban',
        state: 'Maharashtra',
        products: [line('M'), line('L')],
      }),
    });
  }
  return { productId: productId!, variants, checkouts };
}

/** One checkout over a connection of its own (a killed server must fail it, not queue it behind another). */
function send(port: number, checkout: Checkout): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/checkout',
        method: 'POST',
        agent: false,
        headers: {
          'API-KEY': API_KEY,
          Authorization: `Bearer ${checkout.token}`,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(checkout.body)),
          'Idempotency-Key': checkout.key,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(checkout.body);
  });
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
