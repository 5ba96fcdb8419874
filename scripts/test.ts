/**
 * `npm test`: type check, lint, unused-code check, unit and API tests (SQLite,
 * and PostgreSQL when TEST_DATABASE_URL is set), a production build, then the
 * Playwright tests in Chromium against the built server. Prints
 * `N passed, N failed` at the end.
 *
 * The closing line is honest: a skipped or todo test fails the run (it is
 * printed by name), and a step that fails without a failed test (an unhandled
 * error, a web server that does not start, a build) counts as a failure, so the
 * line never says 0 failed when the run failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { playwrightTally, vitestTally, type Tally } from './test-report.ts';

const REPORTS = 'reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
process.env.ASTRO_TELEMETRY_DISABLED = '1';

let passed = 0;
let failed = 0;
const failures: string[] = [];
const skippedNames: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A check that is not a test runner counts as one test. */
function check(label: string, command: string, args: string[]): boolean {
  const ok = run(label, command, args);
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
  return ok;
}

/** Adds a runner's report; a failed step with no failed test in it counts as one failure. */
function tallyRunner(label: string, exitedOk: boolean, file: string, read: (report: unknown) => Tally): void {
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const tally = read(JSON.parse(readFileSync(file, 'utf8')));
  passed += tally.passed;
  failed += tally.failed + tally.skipped.length;
  skippedNames.push(...tally.skipped.map((name) => `${label}: ${name}`));
  if (tally.failed > 0) failures.push(label);
  if (!exitedOk && tally.failed === 0) {
    failed += 1;
    failures.push(`${label} (the run failed outside a test: see its output above)`);
  }
}

check('type check', 'npx', ['astro', 'check']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('unused files, exports and dependencies', 'npx', ['knip', '--no-progress']);

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: the API tests run on SQLite only.');
}
const vitestOk = run('unit and API tests', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/vitest.json`,
]);
tallyRunner('vitest', vitestOk, `${REPORTS}/vitest.json`, (report) => vitestTally(report, process.cwd()));

if (check('build', 'npx', ['astro', 'build'])) {
  const playwrightOk = run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
  });
  tallyRunner('playwright', playwrightOk, `${REPORTS}/playwright.json`, playwrightTally);
}

if (skippedNames.length) {
  console.log(`\nSkipped or todo tests (each counts as failed; every test must run):`);
  for (const name of skippedNames) console.log(`  - ${name}`);
}
if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
