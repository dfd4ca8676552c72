import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { RunAbort } from '../check-types/abortable.ts';
import { CheckConfigError, type CheckRunContext } from '../check-types/check-type.ts';
import {
  formCheckRelationships,
  type RelateRequest,
} from '../relationships/check-relationships.ts';
import type { CanaryRunnerDeps } from './canary-runner.ts';
import type { ConcurrencyLimit } from './concurrency.ts';
import type { CustomMetricSeries } from './custom-metrics.ts';
import type { HealthMetrics } from './health-metrics.ts';
import { lastResultOf } from './last-result.repository.ts';
import type { PreparedCanary } from './prepared-canary.ts';
import { canaryTemplateValues } from './template-values.ts';
import { syncTransformedChecks } from './transformed-checks.repository.ts';

export interface RunnerDepsOptions {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  readonly limit: ConcurrencyLimit;
  readonly defaultTimeoutMs: number;
  readonly metrics: HealthMetrics;
  readonly customSeries: CustomMetricSeries;
}

/** What the canary runner needs from the engine: the database, connections, values, metrics. */
export function createRunnerDeps(options: RunnerDepsOptions): CanaryRunnerDeps {
  const { db, log } = options;
  const context = (
    canary: PreparedCanary,
    abort: RunAbort,
    timeoutMs: number,
    checkId: string,
  ): CheckRunContext => ({
    get signal() {
      return abort.signal;
    },
    whenAborted: (listener) => abort.whenAborted(listener),
    timeoutMs,
    namespace: canary.namespace,
    connection: async (reference, endpoint) => {
      try {
        const approved = canary.connectionPairingApproved;
        return await options.connections(reference, { endpoint, approved });
      } catch (error) {
        throw new CheckConfigError(error instanceof Error ? error.message : String(error));
      }
    },
    resolveValue: options.values,
    templateValues: () => canaryTemplateValues(canary, options.values),
    lastResult: () => lastResultOf(db.pool, checkId),
  });
  return {
    limit: options.limit,
    defaultTimeoutMs: options.defaultTimeoutMs,
    expressionLimitMs: 100,
    context,
    syncTransformed: (parent, checks, keepMissing) =>
      syncTransformedChecks(db.pool, parent, checks, keepMissing),
    lastResult: (checkId) => lastResultOf(db.pool, checkId),
    recordMetric: (metric) => options.customSeries.record(metric),
    onStart: (ms) => options.metrics.lateness(ms),
    // canary-checker logs a lookup that fails and keeps the check's result as it is.
    relate: async (request: RelateRequest) => {
      try {
        const errors = await db.transaction((c) => formCheckRelationships(c, request, 100));
        if (errors.length > 0) log.warn({ check: request.checkId, errors }, 'relationship lookups');
      } catch (error) {
        log.warn({ err: error, check: request.checkId }, 'check relationships not stored');
      }
    },
  };
}

/** The same deps for a pushed check (webhook): every check context carries what was pushed. */
export function withPushed(
  deps: CanaryRunnerDeps,
  pushed: Readonly<Record<string, unknown>>,
): CanaryRunnerDeps {
  return {
    ...deps,
    context: (...args: Parameters<CanaryRunnerDeps['context']>) => ({
      ...deps.context(...args),
      pushed,
    }),
  };
}
