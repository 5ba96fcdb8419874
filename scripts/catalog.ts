/**
 * A store's catalogue from the command line (README: Run your own store):
 *
 *   npm run catalog -- import products.csv [--dry-run] [--status draft|active] [--archive-missing] [--images DIR]
 *   npm run catalog -- export products.csv
 *
 * Images are fetched from their URLs (MEDIA_FETCH_HOSTS) or read from
 * --images DIR by file name, re-encoded and stored in the database.
 * Import reads Shopify's product CSV (its older or current export) or
 * WooCommerce's, told apart by the header row, and upserts every product by
 * handle then SKU (decision 066). It prints what it created, updated, left
 * unchanged, skipped and refused (with line and column), and exits 1 when a
 * row was refused. Export writes Shopify's current format. Uses DATABASE_URL
 * like the server.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { readApiConfig } from '../api/config.ts';
import { connect } from '../api/db/connect.ts';
import { exportCatalog } from '../api/catalog-import/catalog-export.service.ts';
import { importCatalog, type ImportReport } from '../api/catalog-import/catalog-import.service.ts';
import { importImageStore } from '../api/catalog-import/import-images.ts';
import { runCommand } from './command-runner.ts';

const USAGE = `Usage:
  npm run catalog -- import FILE.csv [--dry-run] [--status draft|active] [--archive-missing] [--images DIR]
  npm run catalog -- export FILE.csv`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'dry-run': { type: 'boolean' },
    status: { type: 'string' },
    'archive-missing': { type: 'boolean' },
    images: { type: 'string' },
  },
});
const [command, file] = positionals;

const config = readApiConfig();
const store = connect({ url: config.databaseUrl });
await runCommand(store, USAGE, async () => {
  if (command === 'import' && file) return runImport(file);
  if (command === 'export' && file) {
    await runExport(file);
    return 0;
  }
  return 'usage';
});

async function runImport(path: string): Promise<number> {
  const status = values.status;
  if (status !== undefined && status !== 'draft' && status !== 'active') throw new Error(`--status is draft or active, not "${status}".\n${USAGE}`);
  const started = performance.now();
  const progress = process.stderr.isTTY ? (done: number) => process.stderr.write(`\r${done} products...`) : undefined;
  const report = await importCatalog(store.db, createReadStream(path), {
    dryRun: values['dry-run'] ?? false,
    status,
    archiveMissing: values['archive-missing'] ?? false,
    // A dry run fetches nothing: it reports what the file says, not what its image hosts answer.
    images: values['dry-run'] ? null : importImageStore(store.db, { dir: values.images ?? null, allowedHosts: config.mediaFetchHosts }),
    onProgress: progress,
  });
  if (progress) process.stderr.write('\r');
  printReport(report, (performance.now() - started) / 1000);
  return report.errors.length ? 1 : 0;
}

function printReport(report: ImportReport, seconds: number): void {
  const head = report.dryRun ? 'Dry run: nothing was written. It would have' : 'Imported';
  console.log(`${head}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged, of ${report.products} products, in ${seconds.toFixed(1)} s.`);
  if (report.archived) console.log(`${report.archived} products not in the file ${report.dryRun ? 'would be' : 'were'} archived.`);
  for (const place of [...new Set(report.createdPlaces)]) console.log(`Created ${place}.`);
  if (report.stockNotGiven) console.log(`${report.stockNotGiven} products had a variant without stock in the file: new variants start at 0, existing ones keep theirs.`);
  if (report.skipped.length) {
    console.log(`Skipped ${report.skipped.length} products the store does not sell:`);
    for (const skip of report.skipped) console.log(`  line ${skip.line}: ${skip.handle}: ${skip.reason}`);
  }
  for (const problem of report.imageProblems) console.log(`  line ${problem.line}: ${problem.handle}: image ${problem.src}: ${problem.reason}`);
  if (report.errors.length) {
    console.log(`${report.errors.length} problems; those products were not imported:`);
    for (const error of report.errors) console.log(`  line ${error.line}${error.column ? `, ${error.column}` : ''}${error.handle ? ` (${error.handle})` : ''}: ${error.message}`);
  }
}

async function runExport(path: string): Promise<void> {
  const count = await exportCatalog(store.db, createWriteStream(path), { mediaBaseUrl: config.mediaBaseUrl });
  console.log(`Exported ${count} products to ${path} (Shopify's product CSV).`);
}
