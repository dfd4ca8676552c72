import {
  CheckConfigError,
  type CheckOutcome,
  type CheckRunContext,
} from '../check-types/check-type.ts';
import type { CheckExpressions } from '../expressions/check-expressions.ts';
import type { CheckResult } from '../history/check-result.ts';
import type { RetryPolicy } from './check-retries.ts';
import { runCanary, type CanaryRunnerDeps } from './canary-runner.ts';
import { ConcurrencyLimit } from './concurrency.ts';
import type { PreparedCanary, RunnableCheck } from './prepared-canary.ts';

// Fake checks and runner deps shared by the canary-runner tests.

export type Run = (ctx: CheckRunContext) => Promise<CheckOutcome>;

export interface FakeCheck {
  readonly name: string;
  readonly type?: string;
  readonly run?: Run;
  readonly dependsOn?: readonly string[];
  readonly timeoutMs?: number;
  readonly test?: string;
  readonly retryPolicy?: RetryPolicy;
  readonly expressions?: CheckExpressions;
}

export const passes: Run = () => Promise.resolve({ pass: true, message: 'ok', data: {} });
export const fails: Run = () => Promise.resolve({ pass: false, error: 'target down', data: {} });

/** Builds a canary of fake checks, recording the order in which their runners start. */
export function canaryOf(checks: readonly FakeCheck[]) {
  const started: string[] = [];
  const runnable = checks.map((check): RunnableCheck => ({
    id: check.type ? `id-${check.type}-${check.name}` : `id-${check.name}`,
    type: check.type ?? 'fake',
    name: check.name,
    labels: {},
    expressions:
      check.expressions ?? (check.test === undefined ? {} : { test: { expr: check.test } }),
    dependsOn: check.dependsOn ?? [],
    timeoutMs: check.timeoutMs,
    retryPolicy: check.retryPolicy,
    transformDeleteStrategy: undefined,
    metrics: [],
    relationships: undefined,
    runner: {
      endpoint: undefined,
      run: (ctx) => {
        started.push(check.name);
        return (check.run ?? passes)(ctx);
      },
    },
  }));
  const canary: PreparedCanary = {
    id: 'canary-1',
    name: 'fake',
    namespace: 'default',
    agentId: 'agent',
    labels: {},
    updatedAt: 0,
    schedule: null,
    checks: runnable,
    connectionPairingApproved: false,
    env: {},
  };
  return { canary, started };
}

export function runnerDeps(limit = new ConcurrencyLimit(10)): CanaryRunnerDeps {
  return {
    limit,
    defaultTimeoutMs: 5000,
    expressionLimitMs: 100,
    context: (_canary, abort, timeoutMs) => ({
      get signal() {
        return abort.signal;
      },
      whenAborted: (listener) => abort.whenAborted(listener),
      timeoutMs,
      namespace: 'default',
      connection: () => Promise.reject(new CheckConfigError('no connections here')),
      resolveValue: () => Promise.resolve(undefined),
    }),
    syncTransformed: () => Promise.resolve({ ids: new Map(), missing: [] }),
    lastResult: () => Promise.resolve(undefined),
    recordMetric: () => undefined,
  };
}

export async function runChecks(checks: readonly FakeCheck[], limit?: ConcurrencyLimit) {
  const { canary, started } = canaryOf(checks);
  const outcome = await runCanary(canary, runnerDeps(limit), { slot: null, next: null });
  const byName = (name: string): CheckResult => {
    const found = outcome.results.find((r) => r.checkName === name);
    if (!found) throw new Error(`no result for ${name}`);
    return found;
  };
  return { ...outcome, started, byName };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
