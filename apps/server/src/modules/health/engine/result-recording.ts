import type { Logger } from 'pino';
import type { Database, Queryable } from '../../../platform/db.ts';
import type { CanaryRun, CheckResult } from '../history/check-result.ts';
import { writeResults } from '../history/results.repository.ts';
import { settleSlots, type ClaimedCanary, type ClaimedSlot } from './canary-store.repository.ts';
import type { HealthMetrics } from './health-metrics.ts';
import { ResultBatcher } from './result-batcher.ts';

export interface ResultRecordingOptions {
  readonly db: Database;
  readonly log: Logger;
  readonly metrics: HealthMetrics;
  readonly flushMs: number;
  /** Runs in the transaction that stores each batch of results (`vigil agent`'s outbox). */
  readonly afterWrite?: (client: Queryable, results: readonly CheckResult[]) => Promise<void>;
  /** A slot's run is recorded or given up: its lease is no longer this replica's concern. */
  readonly settled: (slot: ClaimedCanary) => void;
}

/** Stores run results: a claimed slot's in batches, an immediate run's at once. */
export function createResultRecording(options: ResultRecordingOptions) {
  const { db, metrics } = options;
  const write = async (
    client: Queryable,
    results: readonly CheckResult[],
    runs: readonly CanaryRun[],
  ): Promise<void> => {
    await writeResults(client, results, runs);
    await options.afterWrite?.(client, results);
  };
  // A slot's results commit with its lease's end; a lease lost to another replica records none.
  const writeSlots = async (
    client: Queryable,
    results: readonly CheckResult[],
    runs: readonly CanaryRun[],
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
      for (const slot of slots) options.settled(slot);
    },
    { flushMs: options.flushMs, maxBatch: 2000, maxBuffered: 100_000, log: options.log },
    (slot) => options.settled(slot),
  );
  return {
    batcher,
    /** Writes the results of a run that no slot holds, before answering. */
    writeNow: (results: readonly CheckResult[], run: CanaryRun): Promise<void> =>
      db.transaction((client) => write(client, results, [run])),
  };
}
