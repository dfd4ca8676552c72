import { jobStaleAfterMs } from '@vigil/domain';
import type { Database } from '../../platform/db.ts';
import {
  markStaleRuns,
  recordRun,
  trimRunsBeyond,
  trimRunsOlderThan,
  tryRetentionLock,
} from './job-history.repository.ts';

/** How job history is kept (VIGIL_JOB_HISTORY_KEEP and the fixed limits of docs/jobs.md). */
export interface JobHistorySettings {
  /** Runs kept per job (name and resource), newest first. */
  readonly keepPerJob: number;
  /** No run is kept longer than this. */
  readonly maxAgeMs: number;
  /** A run still RUNNING this long after it started is marked STALE. */
  readonly staleAfterMs: number;
}

const day = 86_400_000;

export const defaultJobHistorySettings: JobHistorySettings = {
  keepPerJob: 150,
  maxAgeMs: 30 * day,
  staleAfterMs: jobStaleAfterMs,
};

/** The name under which retention records its own runs. */
export const retentionJobName = 'JobHistoryRetention';

/** An arbitrary, fixed key ('vjob'): one replica at a time trims job history. */
const retentionLockKey = 0x76_6a_6f_62;

export function staleReason(staleAfterMs: number): string {
  const hours = Math.round((staleAfterMs / 3_600_000) * 10) / 10;
  return `Marked STALE: still RUNNING ${hours}h after it started`;
}

/** Marks runs left RUNNING past the limit (a crashed or killed worker) as STALE. */
export function markStale(db: Database, settings: JobHistorySettings, now: number) {
  return markStaleRuns(
    db.pool,
    new Date(now - settings.staleAfterMs),
    staleReason(settings.staleAfterMs),
  );
}

export interface RetentionOutcome {
  readonly stale: number;
  readonly expired: number;
  readonly surplus: number;
}

/**
 * Marks stale runs, then deletes runs past the age limit and beyond the newest N per job, in
 * one transaction under an advisory lock, and records the run. Answers undefined when
 * another replica is trimming.
 */
export async function runRetention(
  db: Database,
  settings: JobHistorySettings,
  now: number,
): Promise<RetentionOutcome | undefined> {
  const started = Date.now();
  try {
    return await db.transaction(async (client) => {
      if (!(await tryRetentionLock(client, retentionLockKey))) return undefined;
      const outcome: RetentionOutcome = {
        stale: await markStaleRuns(
          client,
          new Date(now - settings.staleAfterMs),
          staleReason(settings.staleAfterMs),
        ),
        expired: await trimRunsOlderThan(client, new Date(now - settings.maxAgeMs)),
        surplus: await trimRunsBeyond(client, settings.keepPerJob),
      };
      await recordRun(client, {
        name: retentionJobName,
        status: 'SUCCESS',
        start: new Date(started),
        durationMs: Date.now() - started,
        summary: { ...outcome },
      });
      return outcome;
    });
  } catch (error) {
    // The failure is recorded where operators look; the next run retries.
    await recordRun(db.pool, {
      name: retentionJobName,
      status: 'FAILED',
      start: new Date(started),
      durationMs: Date.now() - started,
      errors: [error instanceof Error ? error.message : String(error)],
    }).catch(() => undefined);
    throw error;
  }
}
