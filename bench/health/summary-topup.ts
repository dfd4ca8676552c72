import type { CheckResult } from '../../apps/server/src/modules/health/history/check-result.ts';
import { writeResults } from '../../apps/server/src/modules/health/history/results.repository.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import { runOf, runRange, type CheckProfile, type Timeline } from './summary-profile.ts';

/** The engine's batch size (result-batcher.ts flushes at 2,000 rows). */
const batchSize = 2000;

/**
 * The runs after the seed's anchor, written by the engine's own writer in time-ordered
 * batches as the result batcher would: it continues the seeded totals and rollups, so the
 * last minutes are fresh when timing starts, and a seed the writer disagrees with shows.
 */
export async function topUp(
  db: Database,
  profiles: readonly CheckProfile[],
  t: Timeline,
  from: number,
  to: number,
): Promise<number> {
  const results: CheckResult[] = [];
  for (const p of profiles) {
    const [lo, hi] = runRange(p, t, from, to);
    for (let k = lo; k <= hi; k++) {
      const run = runOf(p, t, k);
      results.push({
        checkId: p.id,
        canaryId: p.canaryId,
        checkName: p.name,
        time: new Date(run.time),
        duration: run.duration,
        pass: run.pass,
        invalid: false,
        message: null,
        error: run.error,
        detail: null,
        nextRuntime: new Date(run.time + t.intervalMs),
      });
    }
  }
  results.sort((a, b) => a.time.getTime() - b.time.getTime());
  for (let i = 0; i < results.length; i += batchSize) {
    const batch = results.slice(i, i + batchSize);
    await db.transaction((client) => writeResults(client, batch, []));
  }
  return results.length;
}
