import type { RawSuite, RawTestcase } from './junit-xml.ts';

export type TestStatus = 'passed' | 'failed' | 'skipped' | 'error';

/** One test case, with the fields canary-checker's junit check exposes. */
export interface JunitTest {
  readonly name: string;
  readonly classname: string;
  /** Seconds. */
  readonly duration: number;
  readonly status: TestStatus;
  readonly message?: string;
  readonly error?: string;
  readonly stdout?: string;
  readonly stderr?: string;
}

export interface Totals {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly error: number;
  /** Seconds. */
  readonly duration: number;
}

export interface JunitSuite extends Totals {
  readonly name: string;
  readonly tests: readonly JunitTest[];
}

export interface JunitResults extends Totals {
  readonly suites: readonly JunitSuite[];
}

const noTotals: Totals = { passed: 0, failed: 0, skipped: 0, error: 0, duration: 0 };
const maxText = 4000;

/** Flattens nested suites (each suite with test cases becomes one entry) and adds them up. */
export function summarise(suites: readonly RawSuite[]): JunitResults {
  const flat = suites.flatMap(flatten);
  return { ...flat.reduce(add, noTotals), suites: flat };
}

function flatten(raw: RawSuite): JunitSuite[] {
  const nested = (raw.testsuite ?? []).flatMap(flatten);
  const cases = raw.testcase ?? [];
  if (cases.length === 0 && nested.length > 0) return nested;
  const tests = cases.map(toTest);
  const totals = tests.reduce(count, noTotals);
  const time = seconds(raw['@_time']);
  const own = { ...totals, duration: time ?? totals.duration, name: raw['@_name'] ?? '', tests };
  return [own, ...nested];
}

function toTest(raw: RawTestcase): JunitTest {
  const problem = raw.failure?.[0] ?? raw.error?.[0] ?? raw.skipped?.[0];
  const body = capped(problem?.['#text']?.trim());
  return {
    name: raw['@_name'] ?? '',
    classname: raw['@_classname'] ?? '',
    duration: seconds(raw['@_time']) ?? 0,
    status: statusOf(raw),
    message: capped(problem?.['@_message']) ?? body?.split('\n', 1)[0],
    error: raw.failure || raw.error ? body : undefined,
    stdout: capped(joined(raw['system-out'])),
    stderr: capped(joined(raw['system-err'])),
  };
}

function statusOf(raw: RawTestcase): TestStatus {
  if (raw.failure) return 'failed';
  if (raw.error) return 'error';
  if (raw.skipped) return 'skipped';
  return 'passed';
}

function count(totals: Totals, test: JunitTest): Totals {
  const status = test.status;
  return {
    passed: totals.passed + (status === 'passed' ? 1 : 0),
    failed: totals.failed + (status === 'failed' ? 1 : 0),
    skipped: totals.skipped + (status === 'skipped' ? 1 : 0),
    error: totals.error + (status === 'error' ? 1 : 0),
    duration: totals.duration + test.duration,
  };
}

function add(sum: Totals, more: Totals): Totals {
  return {
    passed: sum.passed + more.passed,
    failed: sum.failed + more.failed,
    skipped: sum.skipped + more.skipped,
    error: sum.error + more.error,
    duration: sum.duration + more.duration,
  };
}

/** JUnit times are seconds, sometimes written with thousands separators. */
function seconds(time: string | undefined): number | undefined {
  if (time === undefined) return undefined;
  const value = Number(time.replace(/,/g, ''));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function joined(parts: readonly { readonly '#text'?: string }[] | undefined): string | undefined {
  const text = parts
    ?.map((part) => part['#text'] ?? '')
    .join('\n')
    .trim();
  return text === '' ? undefined : text;
}

function capped(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  return text.length > maxText ? `${text.slice(0, maxText)}…` : text;
}

/** canary-checker's one-line summary: `3 passed, 1 failed, 2 errors, 1 skipped in 1.5s`. */
export function totalsText(totals: Totals): string {
  const parts = [
    totals.passed > 0 ? `${totals.passed} passed` : '',
    totals.failed > 0 ? `${totals.failed} failed` : '',
    totals.error > 0 ? `${totals.error} errors` : '',
    totals.skipped > 0 ? `${totals.skipped} skipped` : '',
  ].filter((part) => part !== '');
  const text = parts.length > 0 ? parts.join(', ') : 'no tests';
  return totals.duration > 0 ? `${text} in ${Number(totals.duration.toFixed(3))}s` : text;
}

/** The first `limit` failed or errored tests, as `classname.name: message`. */
export function failedTests(results: JunitResults, limit = 10): string[] {
  return results.suites
    .flatMap((suite) => suite.tests)
    .filter((test) => test.status === 'failed' || test.status === 'error')
    .slice(0, limit)
    .map((test) => {
      const name = test.classname === '' ? test.name : `${test.classname}.${test.name}`;
      return test.message === undefined ? name : `${name}: ${test.message}`;
    });
}
