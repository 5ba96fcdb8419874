/**
 * Grows the catalogue to N products for the catalogue benchmark.
 *
 *   npx node scripts/seed-large.ts --products 100000
 *
 * Database: DATABASE_URL (postgres://... or a SQLite file path), else the
 * default SQLite file. Runs migrations, seeds the demo store when the database
 * is empty, then adds generated products until the catalogue holds N.
 */
import { parseArgs } from 'node:util';
import { connect, DEFAULT_SQLITE_FILE } from '../api/db/connect.ts';
import { migrateToLatest } from '../api/db/migrate.ts';
import { seedDemoStore } from '../api/db/seed/demo-store.ts';
import { seedLargeCatalog } from '../api/db/seed/large-catalog.ts';

const DEFAULT_PRODUCTS = 100_000;

const { values } = parseArgs({
  options: { products: { type: 'string', default: String(DEFAULT_PRODUCTS) }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log('Usage: npx node scripts/seed-large.ts [--products N]   (database: DATABASE_URL or ' + DEFAULT_SQLITE_FILE + ')');
  process.exit(0);
}
const target = Number(values.products.replace(/_/g, ''));
if (!Number.isInteger(target) || target < 1) {
  console.error(`--products must be a positive whole number, got "${values.products}"`);
  process.exit(1);
}

const url = process.env.DATABASE_URL;
const store = connect({ url });
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
try {
  console.log(`Database: ${store.dialect} (${store.dialect === 'sqlite' ? url || DEFAULT_SQLITE_FILE : 'DATABASE_URL'})`);
  await migrateToLatest(store.db);
  const demo = await seedDemoStore(store.db);
  if (demo.seeded) console.log(`Seeded the demo store: ${demo.products} products, ${demo.categories} categories (${seconds()} s)`);
  const result = await seedLargeCatalog(store.db, {
    products: target,
    dialect: store.dialect,
    onProgress: ({ inserted, toInsert, total }) =>
      console.log(`  ${inserted.toLocaleString('en-IN')} / ${toInsert.toLocaleString('en-IN')} added, catalogue at ${total.toLocaleString('en-IN')} (${seconds()} s)`),
  });
  if (result.inserted === 0) console.log(`The catalogue already holds ${result.before.toLocaleString('en-IN')} products; nothing to add.`);
  console.log(`Done: ${result.total.toLocaleString('en-IN')} products (${result.inserted.toLocaleString('en-IN')} added) in ${seconds()} s`);
} catch (error) {
  console.error(`seed-large failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
