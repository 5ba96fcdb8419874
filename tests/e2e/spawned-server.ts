/**
 * A server process of the built product (`node server.ts`) started by a test
 * with its own port, a fresh SQLite database, outbox and media folder in a
 * temp dir (a demo store's media: the e2e server's), and only the settings the test gives: what the process prints,
 * its exit code and its memory are what such tests assert on. Tests stop the
 * servers they start (afterAll / finally), also when they fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Settings of README's Configuration table: a spawned server takes none of them from the runner's environment. */
const PRODUCT_SETTINGS = [
  'PORT', 'HOST', 'DATABASE_URL', 'STORE_API_KEY', 'STORE_API_URL', 'SITE_ORIGIN', 'MEDIA_DIR', 'SEED_DEMO',
  'TRUST_PROXY', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD', 'MAIL_FROM', 'OUTBOX_DIR',
  'SMS_WEBHOOK_URL', 'OTP_SECRET', 'OTP_DEMO', 'PAYMENT_PROVIDER', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET', 'RAZORPAY_API_URL', 'NODE_ENV',
];
const START_TIMEOUT_MS = 30_000;
/**
 * The demo images the e2e server (scripts/e2e-server.ts) drew before the tests
 * began. A server seeded with the demo store uses them: drawing its 1,283 files
 * again took 15.6 s on an idle machine, and more than START_TIMEOUT_MS once
 * in a full run.
 */
const DEMO_MEDIA_DIR = resolve('./data/media');
const STOP_TIMEOUT_MS = 5_000;

export interface ServerProcess {
  readonly port: number;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly pid: number;
  /** The database it runs on (DATABASE_URL). */
  readonly databaseUrl: string;
  /** Everything printed so far, stdout and stderr interleaved as read. */
  output(): string;
  /** Resident memory (VmRSS) of the process now, in bytes. */
  rssBytes(): number;
  /** Settles with the exit code once the process has exited and its output is read to the end. */
  readonly exited: Promise<number | null>;
  /** SIGTERM (SIGKILL if it lingers), waits for the exit, removes the temp dir. */
  stop(): Promise<void>;
}

/** A port nobody listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `node server.ts` (or `npm run <npmScript>`, as a shopkeeper would);
 * `settings` are the product's environment variables for this run (SEED_DEMO defaults to 0).
 */
export async function spawnServer(settings: Record<string, string> = {}, options: { npmScript?: string } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'spawned-server-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of PRODUCT_SETTINGS) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: join(dir, 'store.db'),
    OUTBOX_DIR: join(dir, 'outbox'),
    MEDIA_DIR: settings.SEED_DEMO === '1' ? DEMO_MEDIA_DIR : join(dir, 'media'),
    SEED_DEMO: '0',
    ...settings,
  });
  // process.execPath: the Node 24 the test runner itself runs on. npm runs the
  // script in a shell: in its own process group, so stopping it stops the server too.
  const child: ChildProcess = options.npmScript
    ? spawn('npm', ['run', '--silent', options.npmScript], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    : spawn(process.execPath, ['server.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const signal = (name: NodeJS.Signals) => {
    if (options.npmScript && child.pid !== undefined) {
      try {
        process.kill(-child.pid, name); // the group this test started: npm, its shell and the server
      } catch {
        // already gone
      }
    } else child.kill(name);
  };
  let printed = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (printed += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (printed += text));
  // 'close' comes after both pipes have ended, so the output is complete by then.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const killOnExit = () => signal('SIGKILL');
  process.once('exit', killOnExit);
  let removed = false;
  const removeDir = () => {
    if (removed) return;
    removed = true;
    rmSync(dir, { recursive: true, force: true });
  };
  void exited.then(() => process.removeListener('exit', killOnExit));

  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    databaseUrl: env.DATABASE_URL!,
    output: () => printed,
    rssBytes: () => {
      const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      if (!kib) throw new Error(`no VmRSS for process ${child.pid}`);
      return Number(kib) * 1024;
    },
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      removeDir();
    },
  };
}

/**
 * Starts a server and waits until it listens. When it exits instead (or does
 * not listen in time), it is stopped and the error carries what it printed.
 */
export async function startServer(settings: Record<string, string> = {}, options: { npmScript?: string } = {}): Promise<ServerProcess> {
  const server = await spawnServer(settings, options);
  const outcome = await untilListeningOrExit(server);
  if (outcome !== 'listening') {
    await server.stop();
    throw new Error(`The server did not start (${outcome}):\n${server.output()}`);
  }
  return server;
}

/** 'listening' once the server says it listens; else its exit code, or 'timeout'. */
export function untilListeningOrExit(server: ServerProcess, timeoutMs = START_TIMEOUT_MS): Promise<'listening' | 'timeout' | number | null> {
  return new Promise((resolve) => {
    const deadline = Date.now() + timeoutMs;
    let done = false;
    void server.exited.then((code) => {
      done = true;
      resolve(code);
    });
    const poll = () => {
      if (done) return;
      if (/Listening on /.test(server.output())) resolve('listening');
      else if (Date.now() > deadline) resolve('timeout');
      else setTimeout(poll, 50);
    };
    poll();
  });
}
