import type { CheckGraph } from '@vigil/domain';
import type { Database } from '../../../platform/db.ts';
import { graphBuckets } from './graph.repository.ts';
import type { HistoryRetention } from './retention.ts';
import { summarise } from './summary.service.ts';

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
