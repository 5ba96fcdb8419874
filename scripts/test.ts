/**
 * `npm test`: type check, lint, unit and API tests (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set), a production build, then the Playwright tests in
 * Chromium against the built server. Prints `N passed, N failed` at the end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
process.env.ASTRO_TELEMETRY_DISABLED = '1';

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) failures.push(label);
  return ok;
}

/** A check that is not a test runner counts as one test. */
function check(label: string, command: string, args: string[]): void {
  if (run(label, command, args)) passed += 1;
  else failed += 1;
}

function countFrom(file: string, read: (report: any) => [number, number], label: string): void {
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const [p, f] = read(JSON.parse(readFileSync(file, 'utf8')));
  passed += p;
  failed += f;
}

check('type check', 'npx', ['astro', 'check']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: the API tests run on SQLite only.');
}
run('unit and API tests', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest.json`,
]);
countFrom(`${REPORTS}/vitest.json`, (r) => [r.numPassedTests, r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)], 'vitest');

if (run('build', 'npx', ['astro', 'build'])) {
  passed += 1;
  run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
  });
  countFrom(`${REPORTS}/playwright.json`, (r) => [r.stats.expected, r.stats.unexpected + r.stats.flaky], 'playwright');
} else {
  failed += 1;
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && failures.length === 0 ? 0 : 1);
