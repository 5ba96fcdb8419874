import { describe, expect, it } from 'vitest';
import { playwrightTally, vitestTally } from '../../scripts/test-report.ts';

describe('vitestTally', () => {
  it('counts passed and failed tests and names skipped and todo ones', () => {
    const tally = vitestTally({
      testResults: [
        {
          name: 'a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'works', status: 'passed' },
            { fullName: 'breaks', status: 'failed' },
            { fullName: 'later', status: 'todo' },
            { fullName: 'hidden', status: 'skipped' },
          ],
        },
      ],
    });
    expect(tally).toEqual({ passed: 1, failed: 1, skipped: ['a.test.ts > later', 'a.test.ts > hidden'] });
  });

  it('counts a file that failed without a failed test (it did not load) as a failure', () => {
    const tally = vitestTally({ testResults: [{ name: 'broken.test.ts', status: 'failed', assertionResults: [] }] });
    expect(tally.failed).toBe(1);
  });
});

describe('playwrightTally', () => {
  it('walks nested suites: expected passes, unexpected and flaky fail, skipped are named', () => {
    const tally = playwrightTally({
      suites: [
        {
          title: 'cart.spec.ts',
          specs: [{ title: 'adds', tests: [{ status: 'expected' }] }],
          suites: [
            {
              title: 'drawer',
              specs: [
                { title: 'opens', tests: [{ status: 'unexpected' }] },
                { title: 'wobbles', tests: [{ status: 'flaky' }] },
                { title: 'later', tests: [{ status: 'skipped' }] },
              ],
            },
          ],
        },
      ],
      errors: [],
    });
    expect(tally).toEqual({ passed: 1, failed: 2, skipped: ['cart.spec.ts > drawer > later'] });
  });

  it('counts errors outside any test (a web server that did not start) as failures', () => {
    expect(playwrightTally({ suites: [], errors: [{ message: 'webServer exited early' }] }).failed).toBe(1);
  });
});

describe('skipped test names', () => {
  it('read as repo paths', () => {
    const tally = vitestTally(
      { testResults: [{ name: '/repo/tests/unit/a.test.ts', status: 'passed', assertionResults: [{ fullName: 'later', status: 'skipped' }] }] },
      '/repo',
    );
    expect(tally.skipped).toEqual(['tests/unit/a.test.ts > later']);
  });
});
