import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `npm run orders -- ...` as a store runs it: the real command in its own
 * process, on the test's database, its mail written to `outbox`. Answers its
 * exit code and what it printed (stdout, then stderr when it failed).
 */
export function ordersCommand(databaseUrl: string, outbox: string) {
  return async (...args: string[]): Promise<{ code: number; out: string }> => {
    try {
      const { stdout } = await run(process.execPath, ['scripts/orders.ts', ...args], {
        env: { ...process.env, DATABASE_URL: databaseUrl, OUTBOX_DIR: outbox, SEED_DEMO: '0' },
      });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };
}
