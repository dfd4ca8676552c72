import { localAgentId } from '@vigil/domain';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import {
  createHealthEngine,
  type HealthEngine,
} from '../../src/modules/health/engine/health-engine.ts';
import { createValueResolver } from '../../src/platform/values/values.ts';
import { defaultRetention } from '../../src/modules/health/history/retention.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { createDatabase, type Database } from '../../src/platform/db.ts';
import { renderMetrics } from '../../src/platform/http/metrics.ts';

/** A health engine as one server replica runs it: its own pool, registry and logger. */
export interface Replica {
  readonly engine: HealthEngine;
  readonly db: Database;
  readonly registry: Registry;
  /** Check runs this replica's engine has finished (passed + failed + invalid). */
  runs(): Promise<number>;
  close(): Promise<void>;
}

const runCounters = [
  'canary_check_success_count',
  'canary_check_failed_count',
  'canary_check_error_count',
];

export function startReplica(url: string, options: { flushMs?: number } = {}): Replica {
  const db = createDatabase(url, 5);
  const registry = new Registry();
  const engine = createHealthEngine({
    db,
    // REPLICA_LOG=warn shows the engine's own account when a test fails.
    log: pino({ level: process.env.REPLICA_LOG ?? 'silent' }),
    metrics: registry,
    connections: createConnectionResolver(db, createSealer('replica-test-key-'.repeat(4))),
    values: createValueResolver(undefined),
    agentId: localAgentId,
    maxConcurrentChecks: 100,
    defaultTimeoutMs: 5000,
    flushMs: options.flushMs ?? 500,
    retention: defaultRetention,
  });
  return {
    engine,
    db,
    registry,
    runs: () => countRuns(registry),
    async close() {
      await engine.stop().catch(() => undefined);
      await db.close();
    },
  };
}

/** Sums the run counters over all their label sets. */
export async function countRuns(registry: Registry): Promise<number> {
  return (await runCounterSamples(registry)).reduce((sum, sample) => sum + sample.value, 0);
}

/** Run counters of one check (by its name label). */
export async function countRunsOf(registry: Registry, check: string): Promise<number> {
  const samples = await runCounterSamples(registry);
  return samples.filter((s) => s.name === check).reduce((sum, s) => sum + s.value, 0);
}

/** The run counters' samples, read from the text that /api/metrics serves. */
async function runCounterSamples(
  registry: Registry,
): Promise<Array<{ name: string; value: number }>> {
  const text = await renderMetrics(registry);
  const samples: Array<{ name: string; value: number }> = [];
  for (const line of text.split('\n')) {
    const counter = runCounters.find((name) => line.startsWith(`${name}{`));
    if (!counter) continue;
    const name = /[{,]name="((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? '';
    samples.push({ name, value: Number(line.slice(line.lastIndexOf(' ') + 1)) });
  }
  return samples;
}
