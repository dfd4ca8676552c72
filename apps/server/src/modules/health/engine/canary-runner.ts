import type { RunAbort } from '../check-types/abortable.ts';
import {
  failedWithoutError,
  type CheckOutcome,
  type CheckRunContext,
} from '../check-types/check-type.ts';
import {
  celScalars,
  hasExpressions,
  judgeOutcome,
  type TransformedCheck,
} from '../expressions/check-expressions.ts';
import type { CanaryRun, CheckResult } from '../history/check-result.ts';
import { executeCheck } from './check-execution.ts';
import { runWithRetries } from './check-retries.ts';
import { withMetrics, type CustomMetric } from './custom-metrics.ts';
import { junitReport } from './junit-result-mode.ts';
import type { ConcurrencyLimit } from './concurrency.ts';
import type { PreparedCanary, RunnableCheck } from './prepared-canary.ts';
import type { TransformParent } from './transformed-checks.repository.ts';
import { dependedOn, dependencyPlan, readsLastResult } from './dependency-plan.ts';
import {
  relatedDefaults,
  transformedData,
  type RelateRequest,
  type RelatedResult,
} from '../relationships/check-relationships.ts';

export interface CanaryRunnerDeps {
  readonly limit: ConcurrencyLimit;
  readonly defaultTimeoutMs: number;
  readonly expressionLimitMs: number;
  context(
    canary: PreparedCanary,
    abort: RunAbort,
    timeoutMs: number,
    checkId: string,
  ): CheckRunContext;
  syncTransformed(
    parent: TransformParent,
    checks: readonly TransformedCheck[],
    keepMissing: boolean,
  ): Promise<{ ids: Map<string, string>; missing: Array<{ id: string; name: string }> }>;
  /**
   * The check's latest recorded result, as canary-checker's `last_result()` answers it
   * (undefined when it never ran). Asked only by checks whose expressions call it.
   */
  lastResult(checkId: string): Promise<Record<string, unknown> | undefined>;
  /** Records a custom metric; answers why not when it cannot. */
  recordMetric(metric: CustomMetric): string | undefined;
  /** Called as each check without dependencies starts, with how late it is (ms). */
  onStart?(latenessMs: number): void;
  /** Links a result to what its check's `relationships` find; never rejects. */
  relate?(request: RelateRequest): Promise<void>;
}

export interface CanaryRunResult {
  readonly results: CheckResult[];
  readonly run: CanaryRun;
}

/**
 * Runs a canary's checks (or just one of them) in dependsOn order: a check starts when the
 * checks it depends on have finished, and fails without running when one of them failed.
 */
export async function runCanary(
  canary: PreparedCanary,
  deps: CanaryRunnerDeps,
  options: { slot: number | null; next: number | null; only?: string },
): Promise<CanaryRunResult> {
  const started = Date.now();
  const { byName, cyclic } = dependencyPlan(canary);
  const runs = new Map<string, Promise<boolean>>();
  const results: CheckResult[] = [];
  // What `outputs.<name>` shows to the checks that depend on <name>, as canary-checker.
  const outputs = new Map<string, Record<string, unknown>>();
  const errors: string[] = [];
  // Only the canary's declared checks count in its run; transformed ones do not.
  let passed = 0;
  let failed = 0;
  const nextRuntime = options.next === null ? null : new Date(options.next);
  // Links are formed beside the run; the run answers once they are stored.
  const relating: Array<Promise<void>> = [];
  const relate = (check: RunnableCheck, checkId: string, result: RelatedResult): void => {
    if (check.relationships === undefined || deps.relate === undefined) return;
    const request = { canaryId: canary.id, checkId, spec: check.relationships, result };
    relating.push(deps.relate(request).catch(() => undefined));
  };
  const declaredResult = (outcome: CheckOutcome, time: Date, duration: number): RelatedResult => ({
    ...relatedDefaults(outcome, time, duration),
    data: outcome.data,
  });

  const runOne = (check: RunnableCheck): Promise<boolean> => {
    const existing = runs.get(check.id);
    if (existing) return existing;
    const promise = (async () => {
      // Most checks depend on none: no promise and turn spent finding that out.
      const blocked = check.dependsOn.length === 0 ? undefined : await blockedBy(check);
      const time = new Date();
      if (blocked) {
        const outcome = { pass: false, error: blocked, data: {} };
        results.push(toResult(check, outcome, time, 0));
        relate(check, check.id, declaredResult(outcome, time, 0));
        return tally(check, false, blocked);
      }
      const timeoutMs = check.timeoutMs ?? deps.defaultTimeoutMs;
      let first = true;
      const attempt = () =>
        deps.limit.run(() => {
          if (first && options.slot !== null && check.dependsOn.length === 0) {
            deps.onStart?.(Date.now() - options.slot);
          }
          first = false;
          return executeCheck(check, timeoutMs, (abort) =>
            deps.context(canary, abort, timeoutMs, check.id),
          );
        });
      const outcome = check.retryPolicy
        ? await runWithRetries(check.retryPolicy, attempt, (o) => judgedPass(check, o))
        : await attempt();
      return record(check, outcome, new Date(Date.now() - outcome.elapsed));
    })();
    runs.set(check.id, promise);
    return promise;
  };

  const blockedBy = async (check: RunnableCheck) => {
    for (const name of check.dependsOn) {
      const dependencies = byName.get(name);
      if (!dependencies) return `depends on "${name}", which is not a check of this canary`;
      if (cyclic.has(name) && cyclic.has(check.name)) return `depends on "${name}" in a cycle`;
      for (const dependency of dependencies) {
        if (!(await runOne(dependency))) {
          return `depends on "${name}", which failed`;
        }
      }
    }
    return undefined;
  };

  const environmentOf = (check: RunnableCheck) => ({
    check: { name: check.name, type: check.type, labels: check.labels },
    canary: { name: canary.name, namespace: canary.namespace, labels: canary.labels },
    outputs: Object.fromEntries(check.dependsOn.map((name) => [name, outputs.get(name) ?? {}])),
  });

  // Retries judge each attempt as canary-checker does: a failing `test` is retried too.
  const judgedPass = (check: RunnableCheck, outcome: CheckOutcome): boolean =>
    hasExpressions(check.expressions)
      ? judgeOutcome(check.expressions, outcome, environmentOf(check), deps.expressionLimitMs).pass
      : outcome.pass;

  const record = async (
    check: RunnableCheck,
    outcome: CheckOutcome & { elapsed: number },
    time: Date,
  ) => {
    const duration = outcome.duration ?? outcome.elapsed;
    if (outcome.pass && dependedOn(canary).has(check.name)) {
      const output = { ...outcome.data, pass: true, message: outcome.message ?? '', duration };
      outputs.set(check.name, celScalars(output));
    }
    if (!hasExpressions(check.expressions) && check.metrics.length === 0) {
      results.push(toResult(check, outcome, time, duration));
      relate(check, check.id, declaredResult(outcome, time, duration));
      return tally(check, outcome.pass, outcome.error);
    }
    const environment = environmentOf(check);
    const previous = readsLastResult(check) ? await deps.lastResult(check.id) : undefined;
    const judged = withMetrics(
      judgeOutcome(check.expressions, outcome, environment, deps.expressionLimitMs, previous),
      check.metrics,
      { ...celScalars(outcome.data), ...environment },
      deps,
    );
    const final = { ...outcome, ...judged, message: judged.message, error: judged.error };
    results.push(toResult(check, final, time, duration));
    relate(check, check.id, declaredResult(final, time, duration));
    if (judged.transformed) {
      results.push(...(await transformedResults(check, judged.transformed, time, duration)));
    }
    return tally(check, judged.pass, judged.error);
  };

  const tally = (check: RunnableCheck, pass: boolean, error: string | undefined): boolean => {
    if (pass) passed++;
    else {
      failed++;
      errors.push(`${check.name}: ${error ?? failedWithoutError}`);
    }
    return pass;
  };

  const transformedResults = async (
    check: RunnableCheck,
    list: readonly TransformedCheck[],
    time: Date,
    duration: number,
  ): Promise<CheckResult[]> => {
    const strategy = check.transformDeleteStrategy;
    const parent = {
      canaryId: canary.id,
      agentId: canary.agentId,
      namespace: canary.namespace,
      type: check.type,
      parentName: check.name,
      labels: check.labels,
    };
    const { ids, missing } = await deps.syncTransformed(parent, list, strategy !== undefined);
    const out: CheckResult[] = [];
    for (const item of list) {
      const id = ids.get(item.name);
      if (!id) continue;
      const outcome = {
        pass: item.pass,
        message: item.message,
        error: item.error,
        invalid: item.invalid,
        data: {},
      };
      out.push(toResult({ id, name: item.name }, outcome, time, item.duration ?? duration));
      // The parent's relationships apply to each check its transform yields (canary-checker).
      relate(check, id, {
        ...relatedDefaults(outcome, time, item.duration ?? duration),
        name: item.name,
        labels: item.labels ?? {},
        description: item.description ?? '',
        namespace: item.namespace ?? '',
        data: transformedData(item),
        transformed: true,
      });
    }
    if (strategy === 'MarkHealthy' || strategy === 'MarkUnhealthy') {
      const pass = strategy === 'MarkHealthy';
      for (const gone of missing) {
        const outcome = { pass, message: 'no longer reported by the transform', data: {} };
        out.push(toResult(gone, outcome, time, 0));
      }
    }
    return out;
  };

  const toResult = (
    check: Pick<RunnableCheck, 'id' | 'name'>,
    outcome: CheckOutcome,
    time: Date,
    duration: number,
  ): CheckResult => ({
    checkId: check.id,
    checkName: check.name,
    canaryId: canary.id,
    time,
    duration: Math.round(duration),
    pass: outcome.pass,
    invalid: outcome.invalid ?? false,
    message: outcome.message ?? null,
    error: outcome.pass ? null : (outcome.error ?? failedWithoutError),
    detail: outcome.detail ?? null,
    nextRuntime,
  });

  // Running a junit canary's report check now runs the checks it reports on.
  const only = options.only === canary.junitReportId ? undefined : options.only;
  const selected = only
    ? canary.checks.filter((c) => c.id === only)
    : // Pushed checks (webhook) run when a push arrives, never on the schedule.
      canary.checks.filter((c) => c.runner.pushed !== true);
  await Promise.all(selected.map((check) => runOne(check)));
  await Promise.all(relating);
  const report = canary.junitReportId && junitReport(canary, canary.junitReportId, results);
  return {
    results: report ? [report] : results,
    run: {
      canaryId: canary.id,
      canaryName: canary.name,
      agentId: canary.agentId,
      start: new Date(started),
      durationMs: Date.now() - started,
      passed,
      failed,
      errors,
    },
  };
}
