/**
 * Soak benchmark (not a test): starts the built server as `npm start` runs it
 * (NODE_ENV=production, page cache on) on a fresh demo SQLite database,
 * measures the product page's maximum for 10 s, then loads it at half that
 * rate for --minutes (default 10) and prints the server's resident memory
 * (RSS) each minute, then once more after 30 s idle. RSS is read every
 * RSS_EVERY_MS during the load: a single reading lands anywhere on the
 * garbage collector's sawtooth (one run read 448 MB at minute 1 and 262 MB at
 * minute 2), so each minute prints its lowest and highest reading, and the
 * trend is taken on the lows, the floor a leak would raise. After the first
 * minute (warm-up) the lows should show no upward trend: the slope of a
 * least-squares line through them is printed in MB per minute, with the
 * highs' slope beside it.
 *
 *   npm run build && npm run bench:soak [-- --minutes 10 --rate 500]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BROWSER_ACCEPT_ENCODING } from '../helpers/browser-encodings.ts';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, rate: { type: 'string' } } });
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const AUTOCANNON = fileURLToPath(new URL('./node_modules/autocannon/autocannon.js', import.meta.url));
const DATA_DIR = './data/bench-soak';
const API_KEY = 'bench-soak-key';
const MINUTES = Math.max(1, Number(values.minutes) || 10);
/** How often RSS is read while the load runs. */
const RSS_EVERY_MS = 2_000;

process.chdir(ROOT);
if (!existsSync('./dist/server/entry.mjs')) {
  console.error('Build the storefront first: npm run build');
  process.exit(1);
}
if (!existsSync(AUTOCANNON)) {
  console.error('Install the bench-only tools first: npm install --prefix tests/bench');
  process.exit(1);
}

const port = await freePort(4450, 4460);
const origin = `http://127.0.0.1:${port}`;
rmSync(DATA_DIR, { recursive: true, force: true });
mkdirSync(DATA_DIR, { recursive: true });
const server = spawn(process.execPath, ['server.ts'], {
  env: {
    ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', STORE_API_URL: '',
    DATABASE_URL: `${DATA_DIR}/store.db`, OUTBOX_DIR: `${DATA_DIR}/outbox`, MEDIA_DIR: process.env.MEDIA_DIR ?? './data/media', STORE_API_KEY: API_KEY,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let exitCode = 0;
try {
  await waitForServer();
  const arrivals = (await (await fetch(`${origin}/api/new-arrivals`, { headers: { 'API-KEY': API_KEY } })).json()) as any;
  const url = `${origin}/products/${arrivals.data.products[0].slug}`;
  const fresh = rssMb();
  const max = await load(url, ['-d', '10']);
  const rate = Number(values.rate) || Math.max(1, Math.round(max.rps / 2));
  console.log(`\nSoak: ${url}\n  fresh RSS ${fresh.toFixed(0)} MB; maximum ${max.rps.toFixed(0)} req/s (10 s); soak at ${rate} req/s for ${MINUTES} min`);
  const lows: number[] = [];
  const highs: number[] = [];
  for (let minute = 1; minute <= MINUTES; minute += 1) {
    const readings: number[] = [];
    const reader = setInterval(() => readings.push(rssMb()), RSS_EVERY_MS);
    const run = await load(url, ['-d', '60', '-R', String(rate)]).finally(() => clearInterval(reader));
    readings.push(rssMb());
    lows.push(Math.min(...readings));
    highs.push(Math.max(...readings));
    console.log(
      `  minute ${String(minute).padStart(2)}: RSS ${lows.at(-1)!.toFixed(0)}-${highs.at(-1)!.toFixed(0)} MB over ${readings.length} readings  (${run.rps.toFixed(0)} req/s, p99 ${run.p99} ms, ${run.errors} errors)`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 30_000));
  console.log(`  30 s idle after: RSS ${rssMb().toFixed(0)} MB`);
  if (lows.length >= 3) {
    const trend = (ys: number[]) => {
      const slope = slopeOf(ys.slice(1));
      return `${slope >= 0 ? '+' : ''}${slope.toFixed(2)} MB/min`;
    };
    console.log(`  trend after the first minute: lows ${trend(lows)} (target: no upward trend), highs ${trend(highs)}`);
  }
} catch (error) {
  console.error(`Soak failed: ${(error as Error).stack ?? error}`);
  exitCode = 1;
} finally {
  await stop(server);
}
process.exit(exitCode);

function rssMb(): number {
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
}

/** Least-squares slope per sample (one a minute). */
function slopeOf(ys: number[]): number {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

function load(url: string, args: string[]): Promise<{ rps: number; p99: number; errors: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '-c', '50', '-j', '-H', `Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`, ...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const json = JSON.parse(out) as any;
      resolve({ rps: json.requests.average, p99: json.latency.p99, errors: json.errors });
    });
  });
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server exited early');
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer within 60 s');
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM'); // only the process this script started
  const timer = setTimeout(() => child.exitCode === null && child.pid !== undefined && process.kill(child.pid, 'SIGKILL'), 6000);
  await exited;
  clearTimeout(timer);
}

function freePort(from: number, to: number): Promise<number> {
  const tryPort = (p: number): Promise<number> =>
    new Promise((resolve, reject) => {
      if (p > to) return reject(new Error(`no free port in ${from}-${to}`));
      const probe = createServer();
      probe.once('error', () => resolve(tryPort(p + 1)));
      probe.listen(p, '127.0.0.1', () => probe.close(() => resolve(p)));
    });
  return tryPort(from);
}
