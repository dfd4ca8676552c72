import type { Database } from '../../../platform/db.ts';
import { graphBuckets } from './graph.repository.ts';
import type { HistoryRetention } from './retention.ts';
import { summarise } from './summary.service.ts';

export interface CheckGraph {
  readonly status: Array<{
    readonly time: string;
    readonly status: boolean;
    readonly total: number;
    readonly passed: number;
    readonly failed: number;
    readonly duration: number | null;
  }>;
  readonly uptime: { readonly passed: number; readonly failed: number };
  readonly latency: {
    readonly p95: number | null;
    readonly p97: number | null;
    readonly p99: number | null;
    readonly rolling1h: number | null;
  };
}

/** A check's history over the window in at most `count` buckets, with its uptime and latency. */
export async function checkGraph(
  db: Database,
  checkId: string,
  windowMs: number,
  count: number,
  now: number,
  retention: HistoryRetention,
): Promise<CheckGraph | undefined> {
  const [summary] = await summarise(db, windowMs, now, retention, checkId);
  if (!summary) return undefined;
  const bucketSeconds = Math.max(1, Math.ceil(windowMs / count / 1000));
  const source = windowMs <= retention.rawMs ? 'raw' : 'hourly';
  const buckets = await graphBuckets(db, source, checkId, new Date(now - windowMs), bucketSeconds);
  return {
    status: buckets.map((b) => ({
      time: b.time.toISOString(),
      status: b.failed === 0,
      total: b.total,
      passed: b.passed,
      failed: b.failed,
      duration: b.duration,
    })),
    uptime: { passed: summary.uptime.passed, failed: summary.uptime.failed },
    latency: summary.latency,
  };
}
