/**
 * Catalogue import benchmark (not a test): writes a Shopify CSV (current
 * export) of --products products, three sizes each (10,000 products, 30,000
 * rows by default) and 500 small PNGs named in it, then imports the file into
 * a fresh SQLite file and a fresh PostgreSQL schema, without images (then the
 * same file again, all unchanged) and with them (--images DIR, into another
 * fresh database), and prints rows/s and peak RSS against the target (decision
 * 066: the import streams, so memory must not grow with the file). Without
 * --quick a file four times the size goes into SQLite as well, to compare peaks.
 *
 *   npm run bench:import [-- --products 10000 --only sqlite|postgres --pg URL --quick]
 *
 * PostgreSQL: --pg, else TEST_DATABASE_URL, else the local server when it
 * answers, in its own schema (bench_import), created and dropped here.
 *
 * Each import runs in a child process (this file with --child), so one run's
 * heap, sharp's caches and pools never count in the next run's RSS.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { importCatalog, type ImportReport } from '../../api/catalog-import/catalog-import.service.ts';
import { importImageStore } from '../../api/catalog-import/import-images.ts';
import { connect, createPostgresSchema, dropPostgresSchema } from '../../api/db/connect.ts';
import { migrateToLatest } from '../../api/db/migrate.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    only: { type: 'string' }, // sqlite | postgres
    pg: { type: 'string' },
    quick: { type: 'boolean', default: false },
    child: { type: 'string' }, // internal: one run's job, as JSON
  },
});
const TARGET_ROWS_PER_SECOND = 2000;
const SIZES = ['S', 'M', 'L'] as const;
const IMAGES = 500;
const PG_SCHEMA = 'bench_import';
/**
 * Memory grows with the file when 4x the rows peak above this many times the
 * RSS (linear growth would be x2.5 or more), or keep more live heap after a
 * full GC. A lower bar misleads: V8 lets a busy heap grow before collecting
 * (a 64 MB old space runs 40,000 products at the same peak), so a longer run
 * peaks a little higher with nothing kept.
 */
const MEMORY_SLACK = 1.5;
const KEPT_SLACK = 16 * 1024 * 1024;
const HEADER =
  'Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Option2 name,Option2 value,Option3 name,Option3 value,Price,Compare-at price,Cost per item,Charge tax,Inventory tracker,Inventory quantity,Continue selling when out of stock,Weight value (grams),Weight unit for display,Requires shipping,Fulfillment service,Product image URL,Image position,Image alt text,Variant image URL,Gift card,SEO title,SEO description';
const COLUMNS = HEADER.split(',');
const CATEGORIES = ['Men > Shirts', 'Men > Trousers', 'Women > Kurtas', 'Women > Dresses', 'Kids > T-Shirts', 'Accessories > Caps'];
const VENDORS = Array.from({ length: 20 }, (_, i) => `Bench Label ${i + 1}`);

interface Job {
  url: string;
  schema?: string;
  csv: string;
  images: string | null;
  /** Import the same file a second time after the first. */
  again: boolean;
}
interface Measure {
  seconds: number;
  peakHwm: number | null;
  peakSampled: number;
  before: number;
  after: number;
  /** Live heap after a full GC, before and after the import: what the run keeps. */
  heapBefore: number;
  heapAfter: number;
  report: Pick<ImportReport, 'products' | 'created' | 'updated' | 'unchanged'> & { errors: number; imageProblems: number };
}

if (values.child) await runChild(JSON.parse(values.child) as Job);
else await main();

async function main(): Promise<void> {
  const products = Number(values.products.replace(/_/g, ''));
  const only = values.only?.toLowerCase();
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  console.log(`Machine: ${availableParallelism()} CPUs, ${cpus()[0]?.model ?? 'unknown CPU'}; Node ${process.version}`);
  console.log(
    'Peak RSS: VmHWM from /proc/self/status, reset before each import by writing 5 to /proc/self/clear_refs (its own process per run); ' +
      '"sampled" is the highest process.memoryUsage().rss read every 100 ms. "kept" is the live heap after a full GC, before -> after.',
  );
  try {
    const csv = join(dir, 'products.csv');
    const rows = await writeCsv(csv, products);
    const images = join(dir, 'images');
    await writeImages(images);
    console.log(`File: ${rows} data rows, ${products} products, ${Math.min(IMAGES, products)} of them with an image\n`);
    const results: Array<[database: string, run: string, rows: number, measure: Measure]> = [];
    const record = (database: string, run: string, rowCount: number, measure: Measure) => {
      results.push([database, run, rowCount, measure]);
      const r = measure.report;
      const outcome = `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${r.errors} refused, ${r.imageProblems} image problems`;
      console.log(`  ${database} ${run}: ${measure.seconds.toFixed(1)} s, ${Math.round(rowCount / measure.seconds)} rows/s, ${outcome}`);
    };

    if (!only || 'sqlite'.startsWith(only)) {
      const plain = await runJob({ url: join(dir, 'plain.db'), csv, images: null, again: true });
      record('SQLite', 'no images', rows, plain[0]!);
      record('SQLite', 'again, unchanged', rows, plain[1]!);
      record('SQLite', 'with images', rows, (await runJob({ url: join(dir, 'images.db'), csv, images, again: false }))[0]!);
    }
    const pgUrl = values.pg || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    if ((!only || 'postgresql'.startsWith(only)) && (await freshSchema(pgUrl))) {
      try {
        const plain = await runJob({ url: pgUrl, schema: PG_SCHEMA, csv, images: null, again: true });
        record('PostgreSQL', 'no images', rows, plain[0]!);
        record('PostgreSQL', 'again, unchanged', rows, plain[1]!);
        await freshSchema(pgUrl);
        record('PostgreSQL', 'with images', rows, (await runJob({ url: pgUrl, schema: PG_SCHEMA, csv, images, again: false }))[0]!);
      } finally {
        await dropPostgresSchema(pgUrl, PG_SCHEMA).catch(() => undefined);
      }
    }
    let big: { products: number; measure: Measure } | null = null;
    if (!values.quick && (!only || 'sqlite'.startsWith(only))) {
      rmSync(csv); // the big file replaces the small one in the temp folder
      const bigCsv = join(dir, 'products-big.csv');
      const bigRows = await writeCsv(bigCsv, products * 4);
      big = { products: products * 4, measure: (await runJob({ url: join(dir, 'big.db'), csv: bigCsv, images: null, again: false }))[0]! };
      record('SQLite', `no images, ${products * 4} products`, bigRows, big.measure);
    }
    printTable(results);
    const small = results.find(([database, run]) => database === 'SQLite' && run === 'no images')?.[3];
    if (small && big) {
      const [a, b] = [peak(small), peak(big.measure)];
      const [keptA, keptB] = [small.heapAfter - small.heapBefore, big.measure.heapAfter - big.measure.heapBefore];
      const grows = b > a * MEMORY_SLACK || keptB > keptA + KEPT_SLACK;
      console.log(
        `\nPeak RSS, SQLite without images: ${products} products ${mb(a)}, ${big.products} products ${mb(b)} (x${(b / a).toFixed(2)} for x4 the rows); ` +
          `live heap kept after GC ${mb(keptA)} vs ${mb(keptB)}: ` +
          `${grows ? 'MISSED: memory grows with the file' : `met: does not grow with the file (peak within x${MEMORY_SLACK}, kept within ${mb(KEPT_SLACK)})`}`,
      );
    } else console.log('\nPeak RSS by file size: not measured (--quick or --only postgres)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One or two imports in a child process; answers their measures. */
async function runJob(job: Job): Promise<Measure[]> {
  // --expose-gc: the child measures the heap it keeps after a full collection.
  const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', process.argv[1]!, '--child', JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the import process exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as Measure[];
}

async function runChild(job: Job): Promise<void> {
  const store = connect({ url: job.url, schema: job.schema });
  await migrateToLatest(store.db, job.schema);
  const measures: Measure[] = [];
  const liveHeap = () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage().heapUsed;
  };
  for (let run = 0; run < (job.again ? 2 : 1); run += 1) {
    const images = job.images ? importImageStore(store.db, { dir: job.images, allowedHosts: [] }) : null;
    const heapBefore = liveHeap();
    const hwmReset = resetHwm();
    const before = process.memoryUsage().rss;
    let peakSampled = before;
    const sampler = setInterval(() => (peakSampled = Math.max(peakSampled, process.memoryUsage().rss)), 100);
    const started = performance.now();
    const report = await importCatalog(store.db, createReadStream(job.csv), { images });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = process.memoryUsage().rss;
    measures.push({
      seconds,
      peakHwm: hwmReset ? vmHwm() : null,
      peakSampled: Math.max(peakSampled, after),
      before,
      after,
      heapBefore,
      heapAfter: liveHeap(),
      report: { products: report.products, created: report.created, updated: report.updated, unchanged: report.unchanged, errors: report.errors.length, imageProblems: report.imageProblems.length },
    });
    if (report.errors.length) console.error(`first refused row: ${JSON.stringify(report.errors[0])}`);
  }
  await store.close();
  process.stdout.write(`${JSON.stringify(measures)}\n`);
}

/** Sets VmHWM back to the current RSS (Linux 4.0+); false where that cannot be done, and then only the samples count. */
function resetHwm(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return vmHwm() !== null;
  } catch {
    return false;
  }
}

/** Peak resident set size since the last reset, in bytes (Linux only). */
function vmHwm(): number | null {
  const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return kb ? Number(kb) * 1024 : null;
}

/** An empty bench schema; false (and said) when the server does not answer. */
async function freshSchema(url: string): Promise<boolean> {
  try {
    await dropPostgresSchema(url, PG_SCHEMA);
    await createPostgresSchema(url, PG_SCHEMA);
    return true;
  } catch (error) {
    console.log(`  PostgreSQL (${url.replace(/:[^:@/]*@/, ':***@')}): not available (${(error as Error).message}); skipped`);
    return false;
  }
}

/** The CSV, written row by row with backpressure so the file is never whole in memory; answers its data rows. */
async function writeCsv(path: string, products: number): Promise<number> {
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  const imageEvery = Math.max(1, Math.floor(products / IMAGES));
  let rows = 0;
  await write(HEADER);
  for (let i = 0; i < products; i += 1) {
    const handle = `bench-product-${i}`;
    const base = 49_900 + (i % 97) * 1000; // paise
    const image = i % imageEvery === 0 && i / imageEvery < IMAGES ? `img-${i / imageEvery}.png` : '';
    for (const [s, size] of SIZES.entries()) {
      const first = s === 0;
      // The product's own columns (a description worth sanitising, a category path, a vendor) on its first row only, as Shopify writes them.
      const product: Record<string, string> = !first ? {} : {
        Title: `Bench Product ${i}`, Description: `<p>Product ${i}: cotton, "everyday" fit, <em>machine wash</em>.</p>`, Vendor: VENDORS[i % VENDORS.length]!,
        'Product category': CATEGORIES[i % CATEGORIES.length]!, Tags: `bench, tag-${i % 50}`, 'Published on online store': 'TRUE', Status: 'active',
        'Option1 name': 'Size', 'Product image URL': image, 'Image position': image ? '1' : '',
      };
      const price = base + s * 5000;
      const variant = { 'URL handle': handle, SKU: `BP-${i}-${size}`, 'Option1 value': size, 'Inventory quantity': String((i + s) % 25) };
      await write(row({ ...product, ...variant, Price: (price / 100).toFixed(2), 'Compare-at price': ((price * 1.25) / 100).toFixed(2) }));
      rows += 1;
    }
  }
  out.end();
  await once(out, 'finish');
  return rows;
}

/** A row of the current Shopify export from the columns it sets. */
function row(cells: Record<string, string>): string {
  return COLUMNS.map((column) => {
    const value = cells[column] ?? '';
    return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');
}

/** 500 small PNGs, each its own colour so none is stored as another's copy (media is content-addressed). */
async function writeImages(dir: string): Promise<void> {
  mkdirSync(dir);
  for (let i = 0; i < IMAGES; i += 1) {
    const background = { r: i % 256, g: (i * 7) % 256, b: (i * 13) % 256 };
    await sharp({ create: { width: 400, height: 400, channels: 3, background } }).png().toFile(join(dir, `img-${i}.png`));
  }
}

function peak(m: Measure): number {
  return m.peakHwm ?? m.peakSampled;
}

function printTable(results: Array<[string, string, number, Measure]>): void {
  console.log('\nTarget: at least 2,000 rows a second without images; memory that does not grow with the file\n');
  const header = ['database', 'run', 'rows', 'products', 'seconds', 'rows/s', 'peak RSS (VmHWM)', 'peak RSS (sampled)', 'RSS before', 'RSS after', 'kept', 'verdict'];
  const cells = results.map(([database, run, rows, m]) => {
    const rate = rows / m.seconds;
    const verdict = run.includes('with images')
      ? 'n/a (the speed target is without images)'
      : rate >= TARGET_ROWS_PER_SECOND
        ? `met (>= ${TARGET_ROWS_PER_SECOND} rows/s)`
        : `MISSED (< ${TARGET_ROWS_PER_SECOND} rows/s)`;
    return [database, run, String(rows), String(m.report.products), m.seconds.toFixed(1), rate.toFixed(0), m.peakHwm ? mb(m.peakHwm) : 'n/a', mb(m.peakSampled), mb(m.before), mb(m.after), `${mb(m.heapBefore)} -> ${mb(m.heapAfter)}`, verdict];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}
