/**
 * Catalogue benchmark (not a test): seeds a catalogue of --products products
 * (100,000 by default; the figures are at 1,000,000), then prints a
 * table of p50/p95 of /get-products (page 1 and page 500 with category + price
 * + size filters and a sort, page 1 unfiltered) and /search-products, on SQLite
 * and on PostgreSQL, with the number of SQL queries each request ran, against
 * the 10 ms p95 target (decision 027). Requests go through the API app in
 * process, as server rendering calls it; the database work is all that is
 * measured besides the app's own code.
 *
 *   npm run bench:catalog [-- --products 1000000 --runs 300 --only sqlite|postgresql]
 *
 * SQLite: data/bench/catalog.db. PostgreSQL: BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server, in its own schema (bench_catalog).
 * Both are kept between runs: a run grows a smaller catalogue to the asked size
 * (a product is a pure function of its serial number, so this equals a fresh
 * seed) and starts from an empty database when the catalogue is larger.
 */
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createApiApp } from '../../api/app.ts';
import { readApiConfig } from '../../api/config.ts';
import { connect, createPostgresSchema, type StoreDatabase } from '../../api/db/connect.ts';
import { analyzeDatabase } from '../../api/db/maintenance.repository.ts';
import { migrateToLatest, pendingMigrations } from '../../api/db/migrate.ts';
import { seedDemoStore } from '../../api/db/seed/demo-store.ts';
import { seedLargeCatalog } from '../../api/db/seed/large-catalog.ts';
import { countProducts } from '../../api/db/seed/seed.repository.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '300' },
    only: { type: 'string' }, // sqlite | postgresql
  },
});
const PRODUCTS = Number(values.products.replace(/_/g, ''));
const RUNS = Number(values.runs);
const KEY = 'bench-key';
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = 'bench_catalog';
const SQLITE_FILE = './data/bench/catalog.db';
/** p95 target of every scenario on both databases (issue 16: /get-products p95 <= 10 ms at 1,000,000 products). */
const TARGET_P95_MS = 10;

interface Target {
  label: string;
  open: () => Promise<StoreDatabase>;
  /** Empties the database (it held more products than asked). */
  reset: () => Promise<void>;
  schema?: string;
}

let queries = 0;
const onQuery = () => {
  queries += 1;
};

const targets: Target[] = [
  {
    label: 'SQLite',
    open: async () => connect({ url: SQLITE_FILE, onQuery }),
    reset: async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${SQLITE_FILE}${suffix}`, { force: true });
    },
  },
  {
    label: 'PostgreSQL',
    open: async () => {
      await createPostgresSchema(PG_URL, PG_SCHEMA);
      return connect({ url: PG_URL, schema: PG_SCHEMA, onQuery });
    },
    reset: async () => {
      const admin = connect({ url: PG_URL });
      await sql`drop schema if exists ${sql.id(PG_SCHEMA)} cascade`.execute(admin.db);
      await admin.close();
    },
    schema: PG_SCHEMA,
  },
];

interface Row {
  database: string;
  products: number;
  scenario: string;
  p50: number;
  p95: number;
  queriesPerRequest: number;
}
const table: Row[] = [];

for (const target of targets) {
  if (values.only && !target.label.toLowerCase().startsWith(values.only.toLowerCase())) continue;
  let store: StoreDatabase;
  let migrated: boolean;
  try {
    ({ store, migrated } = await openMigrated(target));
    const held = await countProducts(store.db);
    if (held > PRODUCTS) {
      console.log(`\n${target.label}: holds ${held} products, more than ${PRODUCTS}: starting from an empty database`);
      await store.close();
      await target.reset();
      ({ store, migrated } = await openMigrated(target));
    }
  } catch (error) {
    console.log(`\n${target.label}: not available (${(error as Error).message}); skipped`);
    continue;
  }
  const seedStart = performance.now();
  await seedDemoStore(store.db);
  const added = await seedLargeCatalog(store.db, { products: PRODUCTS, dialect: store.dialect });
  const seedMs = performance.now() - seedStart;
  const analyzeStart = performance.now();
  // Fresh statistics (and on PostgreSQL a vacuum, for index-only scans) after a load or a migration.
  if (added.inserted > 0 || migrated) await analyzeDatabase(store.db, store.dialect);
  const analyzeMs = performance.now() - analyzeStart;
  console.log(
    `\n${target.label}: ${added.total} products (${added.inserted} added` +
      (added.inserted > 0 ? `: ${seconds(seedMs)} to seed` : '') +
      (added.inserted > 0 || migrated ? `, ${seconds(analyzeMs)} to analyze)` : ')'),
  );
  if (added.total !== PRODUCTS) throw new Error(`${target.label} holds ${added.total} products, not ${PRODUCTS}`);

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
  const page500 = await call('/get-products?page=500', filters);
  console.log(
    `  filters ${JSON.stringify(filters)}: total ${first.data.products.total} (${first.data.products.last_page} pages); ` +
      `page 500 lists ${page500.data.products.data.length} products`,
  );

  const searchTerms = ['shirt', 'denim', 'watch', 'cotton', 'leather', 'slim fit', 'kurta', 'sneakers'];
  const scenarios: Array<[string, (i: number) => Promise<unknown>]> = [
    ['get-products page 1 (category+price+size, price sort)', () => call('/get-products?page=1', filters)],
    ['get-products page 500 (same filters)', () => call('/get-products?page=500', filters)],
    ['get-products page 1, no filters, newest', () => call('/get-products?page=1', {})],
    ['search-products page 1', (i) => call('/search-products', { search: searchTerms[i % searchTerms.length] })],
  ];

  for (const [scenario, run] of scenarios) {
    for (let i = 0; i < 20; i += 1) await run(i); // warm caches and prepared plans
    const times: number[] = [];
    queries = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await run(i);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const row = {
      database: target.label,
      products: PRODUCTS,
      scenario,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      queriesPerRequest: queries / RUNS,
    };
    table.push(row);
    console.log(`  ${scenario.padEnd(56)} p50 ${row.p50.toFixed(2).padStart(7)} ms  p95 ${row.p95.toFixed(2).padStart(7)} ms`);
  }
  await store.close();
}

const [load1, load5, load15] = loadavg().map((n) => n.toFixed(2));
console.log(`\nLoad average at the end: ${load1} ${load5} ${load15} (${availableParallelism()} CPUs)\n`);
printTable(table);

/** Opens and migrates; `migrated` when migrations ran on a catalogue already there. */
async function openMigrated(target: Target): Promise<{ store: StoreDatabase; migrated: boolean }> {
  const store = await target.open();
  const before = await pendingMigrations(store.db, target.schema);
  const started = performance.now();
  await migrateToLatest(store.db, target.schema);
  const ms = performance.now() - started;
  const held = before > 0 ? await countProducts(store.db) : 0;
  if (held > 0) console.log(`\n${target.label}: ${before} migration(s) on ${held} products took ${seconds(ms)}`);
  return { store, migrated: held > 0 };
}

function printTable(rows: Row[]): void {
  const header = ['database', 'products', 'scenario', 'p50 ms', 'p95 ms', 'queries/request', 'target', 'verdict'];
  const cells = rows.map((r) => [
    r.database,
    r.products.toLocaleString('en-US'),
    r.scenario,
    r.p50.toFixed(2),
    r.p95.toFixed(2),
    r.queriesPerRequest.toFixed(1),
    `p95 <= ${TARGET_P95_MS} ms`,
    r.p95 <= TARGET_P95_MS ? 'met' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
