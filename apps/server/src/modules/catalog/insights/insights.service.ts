import type { Database } from '../../../platform/db.ts';
import { inBatches } from '../retention/batches.ts';
import { recordRetentionRun } from '../retention/retention.repository.ts';
import { closeResolved, resolveUnseen } from './insights.repository.ts';

/** The job history name of the insight lifecycle. */
export const insightLifecycleJobName = 'CatalogInsightLifecycle';

const hour = 3_600_000;

export interface InsightLifecycleSettings {
  /** An open insight unseen this long is resolved (48 h). */
  readonly resolveAfterMs: number;
  /** A resolved insight is closed this long after it was resolved (7 days). */
  readonly closeAfterMs: number;
  readonly batchSize: number;
}

export const defaultInsightLifecycleSettings: InsightLifecycleSettings = {
  resolveAfterMs: 48 * hour,
  closeAfterMs: 7 * 24 * hour,
  batchSize: 1000,
};

export interface InsightLifecycleOutcome {
  readonly resolved: number;
  readonly closed: number;
}

/**
 * Open insights unseen for 48 h become resolved; resolved ones are closed 7 days after that,
 * i.e. once unseen for 48 h + 7 days (a resolved insight is not seen by definition, so the
 * time it was resolved is its last sighting plus 48 h). One transaction per batch; the run is
 * recorded in job history with its counts.
 */
export async function runInsightLifecycle(
  db: Database,
  now: number,
  settings: InsightLifecycleSettings = defaultInsightLifecycleSettings,
): Promise<InsightLifecycleOutcome> {
  const start = new Date();
  const batch = settings.batchSize;
  const errors: string[] = [];
  let closed = 0;
  let resolved = 0;
  try {
    // Closing first: an insight resolved by this run waits its 7 days.
    const closeCutoff = new Date(now - settings.resolveAfterMs - settings.closeAfterMs);
    closed = await inBatches(db, batch, (c) => closeResolved(c, closeCutoff, batch));
    const resolveCutoff = new Date(now - settings.resolveAfterMs);
    resolved = await inBatches(db, batch, (c) => resolveUnseen(c, resolveCutoff, batch));
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  await recordRetentionRun(db.pool, {
    name: insightLifecycleJobName,
    status: errors.length > 0 ? 'FAILED' : 'SUCCESS',
    start,
    end: new Date(),
    summary: { resolved, closed },
    errors,
    skipped: [],
  });
  if (errors.length > 0) throw new Error(errors.join('; '));
  return { resolved, closed };
}
