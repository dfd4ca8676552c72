import type { RunCheckResult } from '@vigil/domain';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Database, Queryable } from '../../../platform/db.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { RunAbort } from '../check-types/abortable.ts';
import { CheckConfigError, type CheckRunContext } from '../check-types/check-type.ts';
import { canaryTemplateValues } from './template-values.ts';
import type { CheckResult } from '../history/check-result.ts';
import { writeResults } from '../history/results.repository.ts';
import { scheduleRetention, type HistoryRetention } from '../history/retention.ts';
import { runCanary, type CanaryRunResult } from './canary-runner.ts';
import {
  loadCanary,
  releaseClaims,
  renewClaims,
  settleSlots,
  type ClaimedCanary,
  type ClaimedSlot,
} from './canary-store.repository.ts';
import { ConcurrencyLimit } from './concurrency.ts';
import { createHealthMetrics, type CheckLabels } from './health-metrics.ts';
import { prepareCanary, type PreparedCanary } from './prepared-canary.ts';
import { ResultBatcher } from './result-batcher.ts';
import { HealthScheduler } from './scheduler.ts';
import { engineStartSlack } from './start-slack.ts';
import { syncTransformedChecks } from './transformed-checks.repository.ts';
import { lastResultOf } from './last-result.repository.ts';
import { CustomMetricSeries, type CustomMetric } from './custom-metrics.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import {
  formCheckRelationships,
  type RelateRequest,
} from '../relationships/check-relationships.ts';

export interface HealthEngineOptions {
  readonly db: Database;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  /** The agent whose canaries this engine runs (the all-zero id: this installation). */
  readonly agentId: string;
  readonly maxConcurrentChecks: number;
  readonly defaultTimeoutMs: number;
  readonly flushMs: number;
  readonly retention: HistoryRetention;
  /** Runs in the transaction that stores each batch of results (`vigil agent`'s outbox). */
  readonly afterWrite?: (client: Queryable, results: readonly CheckResult[]) => Promise<void>;
}

/** How long stop() waits for runs in flight before writing what it has. */
const stopWaitMs = 10_000;

/**
 * A claimed slot is leased this long and renewed every third of it while its run is in
 * flight: a killed replica's slots are run by another within about this long (issue #28).
 */
const leaseMs = 6000;
const renewEveryMs = 2000;
/** Slots up to this far ahead are claimed, then started on time by a local timer. */
const lookaheadMs = 1000;

/** The check scheduler, runners and result writer, wired together. */
export function createHealthEngine(options: HealthEngineOptions) {
  const { db, log } = options;
  const metrics = createHealthMetrics(options.metrics);
  const customSeries = new CustomMetricSeries(options.metrics);
  const limit = new ConcurrencyLimit(options.maxConcurrentChecks);
  const prepared = new Map<string, PreparedCanary>();
  const write = async (
    client: Queryable,
    results: readonly CheckResult[],
    runs: Parameters<typeof writeResults>[2],
  ): Promise<void> => {
    await writeResults(client, results, runs);
    await options.afterWrite?.(client, results);
  };
  // A slot's results commit with its lease's end; a lease lost to another replica records none.
  const writeSlots = async (
    client: Queryable,
    results: readonly CheckResult[],
    runs: Parameters<typeof writeResults>[2],
    slots: readonly ClaimedSlot[],
  ): Promise<void> => {
    const lost = await settleSlots(client, slots);
    if (lost.size > 0) {
      metrics.lostLeases(lost.size);
      results = results.filter((r) => !lost.has(r.canaryId));
      runs = runs.filter((r) => !lost.has(r.canaryId));
    }
    await write(client, results, runs);
  };
  const batcher = new ResultBatcher<ClaimedCanary>(
    async (results, runs, slots) => {
      await db.transaction((c) => writeSlots(c, results, runs, slots));
      for (const slot of slots) scheduler.settled(slot);
    },
    { flushMs: options.flushMs, maxBatch: 2000, maxBuffered: 100_000, log },
    (slot) => scheduler.settled(slot),
  );
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
  const deps = {
    limit,
    defaultTimeoutMs: options.defaultTimeoutMs,
    expressionLimitMs: 100,
    context,
    syncTransformed: (
      ...args: Parameters<typeof syncTransformedChecks> extends [unknown, ...infer R] ? R : never
    ) => syncTransformedChecks(db.pool, ...args),
    lastResult: (checkId: string) => lastResultOf(db.pool, checkId),
    recordMetric: (metric: CustomMetric) => customSeries.record(metric),
    onStart: (ms: number) => metrics.lateness(ms),
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

  async function canaryAt(
    id: string,
    updatedAt: number | undefined,
  ): Promise<PreparedCanary | undefined> {
    const cached = prepared.get(id);
    if (cached && updatedAt !== undefined && cached.updatedAt === updatedAt) return cached;
    let row;
    try {
      row = await loadCanary(db.pool, id);
    } catch (error) {
      // The database is away: a slot already claimed still runs with the version we know.
      if (cached) return cached;
      throw error;
    }
    if (!row || row.deleted_at !== null) {
      prepared.delete(id);
      return undefined;
    }
    const canary = prepareCanary(row);
    prepared.set(id, canary);
    return canary;
  }

  // A declared check's metric labels, made once per prepared canary rather than once a run.
  const declaredLabels = new WeakMap<PreparedCanary, ReadonlyMap<string, CheckLabels>>();
  function labelsOf(canary: PreparedCanary): ReadonlyMap<string, CheckLabels> {
    let labels = declaredLabels.get(canary);
    if (!labels) {
      const common = { canaryName: canary.name, canaryNamespace: canary.namespace };
      labels = new Map(canary.checks.map((c) => [c.id, { ...common, name: c.name, type: c.type }]));
      declaredLabels.set(canary, labels);
    }
    return labels;
  }

  function observe(canary: PreparedCanary, outcome: CanaryRunResult): void {
    const declared = labelsOf(canary);
    for (const result of outcome.results) {
      const labels = declared.get(result.checkId) ?? {
        name: result.checkName ?? result.checkId,
        type: 'transformed',
        canaryName: canary.name,
        canaryNamespace: canary.namespace,
      };
      metrics.observe(result, labels);
    }
  }

  /** Runs one check (and what it depends on) now and writes the results before answering. */
  async function runOneNow(
    canary: PreparedCanary,
    checkId: string,
    runDeps: typeof deps,
  ): Promise<RunCheckResult> {
    const outcome = await runCanary(canary, runDeps, { slot: null, next: null, only: checkId });
    observe(canary, outcome);
    await db.transaction((client) => write(client, outcome.results, [outcome.run]));
    const success = outcome.results.filter((r) => r.pass).length;
    return {
      total: outcome.results.length,
      success,
      failed: outcome.results.length - success,
      errors: outcome.results.flatMap((r) => (r.error ? [r.error] : [])),
    };
  }

  /** Runs a claimed slot; whatever happens, the slot is handed to the batcher to settle. */
  async function runClaimed(claim: ClaimedCanary): Promise<void> {
    let canary: PreparedCanary | undefined;
    try {
      canary = await canaryAt(claim.id, claim.updatedAt);
    } catch (error) {
      log.warn({ err: error, canary: claim.id }, 'canary cannot be prepared; skipped this run');
    }
    if (!canary) {
      batcher.add([], undefined, claim);
      return;
    }
    const next = Number.isFinite(claim.next) ? claim.next : null;
    let outcome: CanaryRunResult | undefined;
    try {
      outcome = await runCanary(canary, deps, { slot: claim.slot, next });
      observe(canary, outcome);
    } finally {
      batcher.add(outcome?.results ?? [], outcome?.run, claim);
    }
  }

  let stopRetention: (() => void) | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  let renewing = false;
  const renew = async (): Promise<void> => {
    if (renewing) return;
    renewing = true;
    try {
      // Most runs are recorded within a second or two: only older leases need renewing.
      await renewClaims(db.pool, scheduler.toRenew(Date.now(), renewEveryMs), leaseMs);
    } catch (error) {
      log.warn({ err: error }, 'claimed slots not renewed; retrying');
    } finally {
      renewing = false;
    }
  };
  const inFlight = new Set<Promise<void>>();
  const scheduler = new HealthScheduler(
    db,
    (claim) => {
      const run: Promise<void> = runClaimed(claim)
        .catch((error: unknown) => log.error({ err: error, canary: claim.id }, 'canary run failed'))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    },
    {
      agentId: options.agentId,
      claimEveryMs: 500,
      lookaheadMs,
      claimLimit: 5000,
      leaseMs,
      slack: engineStartSlack,
      log,
      hasRoom: () => limit.waiting < options.maxConcurrentChecks && batcher.buffered < 20_000,
    },
  );

  return {
    start(): void {
      batcher.start();
      scheduler.begin();
      renewTimer ??= setInterval(() => void renew(), renewEveryMs);
      stopRetention ??= scheduleRetention(db, options.retention, log);
    },
    async stop(): Promise<void> {
      stopRetention?.();
      stopRetention = undefined;
      // Slots claimed but not started go back at once rather than when their lease lapses.
      const unstarted = scheduler.end();
      await releaseClaims(db.pool, unstarted).catch((error: unknown) =>
        log.warn({ err: error }, 'claimed slots not released; they run when their lease lapses'),
      );
      // Runs already started finish (bounded) so that their results are written too.
      const settled = Promise.allSettled([...inFlight]);
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise((resolve) => (timer = setTimeout(resolve, stopWaitMs)));
      await Promise.race([settled, bound]);
      clearTimeout(timer);
      await batcher.stop();
      clearInterval(renewTimer);
      renewTimer = undefined;
    },
    /** Flushes buffered results; for tests and shutdown. */
    flush: () => batcher.flush(),
    /** Runs one check (and what it depends on) now, and writes the results before answering. */
    async runCheck(canaryId: string, checkId: string): Promise<RunCheckResult> {
      const canary = await canaryAt(canaryId, undefined);
      if (!canary) return { total: 0, success: 0, failed: 0, errors: [] };
      return runOneNow(canary, checkId, deps);
    },
    /**
     * Runs a pushed check (webhook) with what was pushed, applies its test, display and
     * transform, and writes the results before answering.
     */
    async push(
      canaryId: string,
      checkId: string,
      pushed: Readonly<Record<string, unknown>>,
    ): Promise<RunCheckResult | undefined> {
      const canary = await canaryAt(canaryId, undefined);
      if (!canary) return undefined;
      const pushDeps = {
        ...deps,
        context: (...args: Parameters<typeof context>) => ({ ...context(...args), pushed }),
      };
      return runOneNow(canary, checkId, pushDeps);
    },
    status: () => ({
      waiting: scheduler.waiting,
      buffered: batcher.buffered,
      running: limit.active,
    }),
  };
}

export type HealthEngine = ReturnType<typeof createHealthEngine>;
