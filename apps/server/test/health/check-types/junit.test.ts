import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCheck } from './check-context.ts';

const fixtures = fileURLToPath(new URL('../fixtures/junit/', import.meta.url));

const report = (name: string, body: string) =>
  `<testsuite name="${name}">${body}</testsuite>`.replace(/"/g, '\\"');

describe('junit check', () => {
  it('passes a report without failures and exposes results', async () => {
    const outcome = await runCheck('junit', { testResults: `${fixtures}passing.xml` });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.message).toBe('3 passed, 1 skipped in 0.5s');
    expect(outcome.duration).toBe(500);
    expect(outcome.data.results).toMatchObject({
      passed: 3,
      failed: 0,
      skipped: 1,
      error: 0,
      suites: [
        {
          name: 'api',
          passed: 2,
          tests: [{ name: 'returns 200' }, { stdout: 'version=1.2.3 <ok>' }],
        },
        { name: 'web', skipped: 1, tests: [{}, { status: 'skipped', message: 'flaky on CI' }] },
      ],
    });
  });

  it('fails a report with failed and errored tests, naming them', async () => {
    const outcome = await runCheck('junit', { testResults: `${fixtures}failing.xml` });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe(
      '2 passed, 1 failed, 1 errors in 1.25s: ' +
        'checkout.payment.charges the card: expected 200, got 502; ' +
        'checkout.payment.sends a receipt: TypeError: mailer is undefined',
    );
    expect(outcome.data.results).toMatchObject({ passed: 2, failed: 1, error: 1 });
  });

  it('reads every XML file under a directory, or those a glob matches', async () => {
    const all = await runCheck('junit', { testResults: fixtures });
    expect(all.data.results).toMatchObject({ passed: 5, failed: 1, error: 1, skipped: 1 });
    expect(all.detail).toMatchObject({
      files: [`${fixtures}failing.xml`, `${fixtures}passing.xml`],
    });
    const some = await runCheck('junit', { testResults: `${fixtures}pass*.xml` });
    expect(some.pass).toBe(true);
  });

  it('lets a test expression decide instead of the failed count', async () => {
    const outcome = await runCheck('junit', {
      testResults: `${fixtures}failing.xml`,
      test: { expr: 'results.failed < 2' },
    });
    expect(outcome.pass).toBe(true);
  });

  it('runs a script that writes a report and reads it from its directory', async () => {
    const xml = report('generated', '<testcase name="a" time="0.1"/><testcase name="b"/>');
    const outcome = await runCheck('junit', {
      script: `mkdir -p reports && echo "${xml}" > reports/TEST-generated.xml && echo ran`,
      testResults: 'reports',
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.message).toBe('2 passed in 0.1s');
    expect(outcome.data).toMatchObject({ stdout: 'ran', exitCode: 0 });
    expect(outcome.detail).toMatchObject({ files: ['reports/TEST-generated.xml'] });
  });

  it('fails when the script exits non-zero, even with a passing report', async () => {
    const xml = report('generated', '<testcase name="a"/>');
    const outcome = await runCheck('junit', {
      script: `echo "${xml}" > out.xml; echo "runner crashed" >&2; exit 2`,
      testResults: 'out.xml',
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('1 passed; the script failed with exit code 2: runner crashed');
  });

  it('fails when no report was written', async () => {
    const outcome = await runCheck('junit', { script: 'exit 1', testResults: 'reports' });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe(
      'no JUnit XML files match reports; the script failed with exit code 1',
    );
  });

  it('fails on a report that is not well-formed XML', async () => {
    const outcome = await runCheck('junit', {
      script: 'printf "<testsuite>\\n<testcase>\\n</testsuite>" > bad.xml',
      testResults: 'bad.xml',
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/^bad\.xml: not well-formed XML at line 3, column \d+: /);
  });

  it('kills a script that runs past the time limit', async () => {
    const outcome = await runCheck(
      'junit',
      { script: 'sleep 305', testResults: 'reports' },
      { timeoutMs: 600 },
    );
    expect(outcome.error).toBe('script did not finish within 600ms and was killed');
  });

  it('refuses a pod spec and a relative path without a script', async () => {
    await expect(
      runCheck('junit', { testResults: '/tmp/x', spec: { containers: [] } }),
    ).rejects.toThrow(/runs no pods/);
    await expect(runCheck('junit', { testResults: 'reports' })).rejects.toThrow(
      /absolute path when there is no script/,
    );
  });
});
