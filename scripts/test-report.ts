/**
 * Reads the JSON reports of Vitest and Playwright into one tally for the
 * closing line of `npm test` (scripts/test.ts): passed, failed (including a
 * test file that failed to load, and errors outside any test) and the names of
 * skipped or todo tests, which fail the run.
 */
export interface Tally {
  passed: number;
  failed: number;
  skipped: string[];
}

interface VitestAssertion {
  fullName?: string;
  title?: string;
  status?: string;
}

interface VitestFile {
  name?: string;
  status?: string;
  assertionResults?: VitestAssertion[];
}

interface VitestReport {
  testResults?: VitestFile[];
}

const SKIPPED = new Set(['pending', 'skipped', 'todo', 'disabled']);

/** `root` is cut from file names so the list reads as repo paths. */
export function vitestTally(report: unknown, root = ''): Tally {
  const tally: Tally = { passed: 0, failed: 0, skipped: [] };
  for (const file of (report as VitestReport).testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    let failedHere = 0;
    for (const test of assertions) {
      if (test.status === 'passed') tally.passed += 1;
      else if (test.status === 'failed') failedHere += 1;
      else if (SKIPPED.has(test.status ?? '')) tally.skipped.push(`${relative(file.name ?? '?', root)} > ${test.fullName ?? test.title ?? '?'}`);
    }
    // A file that failed to load or threw outside its tests has no failed test of its own.
    if (file.status === 'failed' && failedHere === 0) failedHere = 1;
    tally.failed += failedHere;
  }
  return tally;
}

function relative(name: string, root: string): string {
  return root && name.startsWith(`${root}/`) ? name.slice(root.length + 1) : name;
}

interface PlaywrightTest {
  status?: string;
  projectName?: string;
}

interface PlaywrightSpec {
  title?: string;
  file?: string;
  tests?: PlaywrightTest[];
}

interface PlaywrightSuite {
  title?: string;
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  suites?: PlaywrightSuite[];
  errors?: unknown[];
}

export function playwrightTally(report: unknown): Tally {
  const tally: Tally = { passed: 0, failed: 0, skipped: [] };
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected') tally.passed += 1;
        else if (test.status === 'skipped') tally.skipped.push([...here, spec.title ?? '?'].join(' > '));
        else tally.failed += 1; // unexpected, or flaky (passed only on a retry)
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  const typed = report as PlaywrightReport;
  for (const suite of typed.suites ?? []) walk(suite, []);
  tally.failed += (typed.errors ?? []).length;
  return tally;
}
