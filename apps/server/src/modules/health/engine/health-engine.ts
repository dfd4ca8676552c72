import type { RunCheckResult } from '@vigil/domain';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Database, Queryable } from '../../../platform/db.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { CheckResult } from '../history/check-result.ts';
import { scheduleRetention, type HistoryRetention } from '../history/retention.ts';
import { createRunnerDeps, withPushed } from './canary-runner-deps.ts';
import { runCanary, type CanaryRunnerDeps, type CanaryRunResult } from './canary-runner.ts';
import { releaseClaims, type ClaimedCanary } from './canary-store.repository.ts';
import { ConcurrencyLimit } from './concurrency.ts';
import { CustomMetricSeries } from './custom-metrics.ts';
import { createHealthMetrics } from './health-metrics.ts';
import { InFlightRuns } from './in-flight-runs.ts';
import { LeaseRenewal, leaseMs } from './lease-renewal.ts';
import { PreparedCanaryCache } from './prepared-canary-cache.ts';
import type { PreparedCanary } from './prepared-canary.ts';
import { createResultRecording } from './result-recording.ts';
import { createRunObserver } from './run-observer.ts';
import { HealthScheduler } from './scheduler.ts';
import { engineStartSlack } from './start-slack.ts';

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

/** Slots up to this far ahead are claimed, then started on time by a local timer. */
const lookaheadMs = 1000;

/** The check scheduler, runners and result writer, wired together. */
export function createHealthEngine(options: HealthEngineOptions) {
  const { db, log } = options;
  const metrics = createHealthMetrics(options.metrics);
  const customSeries = new CustomMetricSeries(options.metrics);
  const limit = new ConcurrencyLimit(options.maxConcurrentChecks);
  const canaries = new PreparedCanaryCache(db);
  const observe = createRunObserver(metrics);
  const { batcher, writeNow } = createResultRecording({
    db,
    log,
    metrics,
    flushMs: options.flushMs,
    afterWrite: options.afterWrite,
    settled: (slot) => scheduler.settled(slot),
  });
  const deps = createRunnerDeps({ ...options, limit, metrics, customSeries });

  /** Runs one check (and what it depends on) now and writes the results before answering. */
  async function runOneNow(
    canary: PreparedCanary,
    checkId: string,
    runDeps: CanaryRunnerDeps,
  ): Promise<RunCheckResult> {
    const outcome = await runCanary(canary, runDeps, { slot: null, next: null, only: checkId });
    observe(canary, outcome);
    await writeNow(outcome.results, outcome.run);
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
      canary = await canaries.at(claim.id, claim.updatedAt);
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
  const inFlight = new InFlightRuns(log);
  const scheduler = new HealthScheduler(
    db,
    (claim) => inFlight.track(claim.id, runClaimed(claim)),
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
  const leases = new LeaseRenewal(db, log, (now, ageMs) => scheduler.toRenew(now, ageMs));

  return {
    start(): void {
      batcher.start();
      scheduler.begin();
      leases.start();
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
      await inFlight.settle();
      await batcher.stop();
      leases.stop();
    },
    /** Flushes buffered results; for tests and shutdown. */
    flush: () => batcher.flush(),
    /** Runs one check (and what it depends on) now, and writes the results before answering. */
    async runCheck(canaryId: string, checkId: string): Promise<RunCheckResult> {
      const canary = await canaries.at(canaryId, undefined);
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
      const canary = await canaries.at(canaryId, undefined);
      if (!canary) return undefined;
      return runOneNow(canary, checkId, withPushed(deps, pushed));
    },
    status: () => ({
      waiting: scheduler.waiting,
      buffered: batcher.buffered,
      running: limit.active,
    }),
  };
}

export type HealthEngine = ReturnType<typeof createHealthEngine>;
