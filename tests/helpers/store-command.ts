import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A store's command (`npm run orders|catalog|store -- ...`) as a store runs
 * it: the real script in its own process, on the test's database. Answers
 * its exit code and what it printed (stdout, then stderr when it failed).
 */
export function storeCommand(script: 'orders' | 'catalog' | 'store', databaseUrl: string, env: Record<string, string> = {}) {
  return async (...args: string[]): Promise<{ code: number; out: string }> => {
    try {
      const { stdout } = await run(process.execPath, [`scripts/${script}.ts`, ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: '0', ...env },
      });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };
}

/** `npm run orders -- ...` with its mail written to `outbox`. */
export function ordersCommand(databaseUrl: string, outbox: string) {
  return storeCommand('orders', databaseUrl, { OUTBOX_DIR: outbox });
}
