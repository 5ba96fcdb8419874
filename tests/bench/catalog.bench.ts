/**
 * Catalogue benchmark (not a test): seeds 100,000 products, then prints p50/p95
 * of /get-products (page 1 and page 500 with category + price + size filters and
 * a sort) and /search-products, on SQLite and on PostgreSQL, with the number of
 * SQL queries each request ran. Requests go through the API app in process, as
 * server rendering calls it; the database work is all that is measured besides
 * the app's own code.
 *
 *   npm run bench:catalog [-- --products 100000 --runs 300 --only sqlite|postgresql]
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server;
 * the data goes into its own schema (bench_catalog), kept between runs.
 */
import { parseArgs } from 'node:util';
import { createApiApp } from '../../api/app.ts';
import { readApiConfig } from '../../api/config.ts';
import { connect, createPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { analyzeDatabase } from '../../api/db/maintenance.repository.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';
import { seedDemoStore } from '../../api/db/seed/demo-store.ts';
import { seedLargeCatalog } from '../../api/db/seed/large-catalog.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '300' },
    only: { type: 'string' }, // sqlite | postgres
  },
});
const PRODUCTS = Number(values.products);
const RUNS = Number(values.runs);
const KEY = 'bench-key';
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = 'bench_catalog';

interface Target {
  label: string;
  open: () => Promise<StoreDatabase>;
  schema?: string;
  target: { p95: number };
}

let queries = 0;
const onQuery = () => {
  queries += 1;
};

const targets: Target[] = [
  {
    label: 'SQLite',
    open: async () => connect({ url: './data/bench/catalog.db', onQuery }),
    target: { p95: 15 },
  },
  {
    label: 'PostgreSQL',
    open: async () => {
      await createPostgresSchema(PG_URL, PG_SCHEMA);
      return connect({ url: PG_URL, schema: PG_SCHEMA, onQuery });
    },
    schema: PG_SCHEMA,
    target: { p95: 30 },
  },
];

for (const target of targets) {
  if (values.only && target.label.toLowerCase() !== values.only.toLowerCase()) continue;
  let store: StoreDatabase;
  try {
    store = await target.open();
    await migrateToLatest(store.db, target.schema);
  } catch (error) {
    console.log(`\n${target.label}: not available (${(error as Error).message}); skipped`);
    continue;
  }
  const seedStart = performance.now();
  await seedDemoStore(store.db);
  const added = await seedLargeCatalog(store.db, { products: PRODUCTS, dialect: store.dialect });
  if (added.inserted > 0) await analyzeDatabase(store.db, store.dialect);
  console.log(`\n${target.label}: ${PRODUCTS} products (${JSON.stringify(added)}; ${Math.round(performance.now() - seedStart)} ms to seed)`);

  const app = createApiApp({ db: store.db, dialect: store.dialect, config: { ...readApiConfig({}), apiKey: KEY } });
  const call = async (path: string, body: unknown) => {
    const response = await app.fetch(
      new Request(`http://bench/api${path}`, {
        method: 'POST',
        headers: { 'API-KEY': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    const json = (await response.json()) as any;
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };

  const info = await call('/store-info', {});
  const sized = (info.sub_category_list as Array<{ id: number; name: string }>).slice(0, 12);
  const variations = await call('/subcategory-variations', { sub_category_id: sized.map((c) => c.id) });
  // Two clothing categories that sell size M or L: a filter that still leaves more than 500 pages' worth.
  const clothing = sized.filter((_, i) => /\bM\b/.test(variations.data[i]?.sub_category_variation ?? ''));
  const filters = {
    sub_category: clothing.slice(0, 2).map((c) => c.id).join(','),
    min_price: 300,
    max_price: 20000,
    size: 'M,L',
    sort_by: 'price_low_high',
  };
  const first = await call('/get-products?page=1', filters);
  console.log(
    `  filters ${JSON.stringify(filters)} match ${first.data.products.total} products (${first.data.products.last_page} pages)`,
  );

  const searchTerms = ['shirt', 'denim', 'watch', 'cotton', 'leather', 'slim fit', 'kurta', 'sneakers'];
  const scenarios: Array<[string, (i: number) => Promise<unknown>]> = [
    ['get-products page 1 (category+price+size, price sort)', () => call('/get-products?page=1', filters)],
    ['get-products page 500 (same filters)', () => call('/get-products?page=500', filters)],
    ['get-products page 1, no filters, newest', () => call('/get-products?page=1', {})],
    ['search-products page 1', (i) => call('/search-products', { search: searchTerms[i % searchTerms.length] })],
  ];

  for (const [name, run] of scenarios) {
    for (let i = 0; i < 20; i += 1) await run(i); // warm caches and prepared plans
    const times: number[] = [];
    queries = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await run(i);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const verdict = p95 <= target.target.p95 ? 'within' : 'OVER';
    console.log(
      `  ${name.padEnd(56)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${p95.toFixed(2).padStart(7)} ms  ` +
        `(${(queries / RUNS).toFixed(1)} queries/request; ${verdict} the ${target.target.p95} ms target)`,
    );
  }
  await store.close();
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
