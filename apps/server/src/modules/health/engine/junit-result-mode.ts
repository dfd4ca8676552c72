import type { DeclaredCheck } from '../canaries/canary-spec.ts';
import type { CheckResult } from '../history/check-result.ts';

/** The one check a `resultMode: junit` canary records its runs on, as canary-checker. */
export const junitReportCheck: DeclaredCheck = {
  type: 'junit',
  name: 'combined',
  description: 'Result Mode: JUnit Report',
  icon: null,
  namespace: null,
  labels: {},
  endpoint: null,
  severity: null,
  owner: null,
  spec: { name: 'combined', testResults: 'combined' },
  field: 'spec.resultMode',
};

/**
 * A junit canary's results as one: it passes when every run passed; its message counts them
 * (`2 passed, 1 failed`) and its detail is the JUnit suite, one test per check.
 */
export function junitReport(
  canary: { readonly name: string; readonly checks: ReadonlyArray<{ id: string; type: string }> },
  reportId: string,
  results: readonly CheckResult[],
): CheckResult | undefined {
  const first = results[0];
  if (!first) return undefined;
  const types = new Map(canary.checks.map((check) => [check.id, check.type]));
  const tests = results.map((result) => ({
    classname: types.get(result.checkId) ?? 'transformed',
    name: result.checkName ?? result.checkId,
    message: result.message ?? '',
    duration: result.duration / 1000,
    status: result.pass ? 'passed' : 'failed',
    ...(result.pass ? {} : { error: result.error ?? '' }),
  }));
  const passed = tests.filter((test) => test.status === 'passed').length;
  const failed = tests.length - passed;
  const duration = tests.reduce((sum, test) => sum + test.duration, 0);
  const counts = [passed > 0 ? `${passed} passed` : '', failed > 0 ? `${failed} failed` : ''];
  return {
    checkId: reportId,
    checkName: junitReportCheck.name,
    canaryId: first.canaryId,
    time: first.time,
    duration: Math.round(duration * 1000),
    pass: failed === 0,
    invalid: false,
    message: counts.filter(Boolean).join(', '),
    error: failed === 0 ? null : `${failed} failed`,
    detail: { name: canary.name, passed, failed, duration, tests },
    nextRuntime: first.nextRuntime,
  };
}
