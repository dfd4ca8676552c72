import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../../platform/db.ts';
import {
  ensurePartitions,
  trimCanaryRuns,
  trimRawStatuses,
  trimRollups,
} from './retention.repository.ts';

/** How long health history is kept; the summary and graph read whichever tier still covers a window. */
export interface HistoryRetention {
  readonly rawMs: number;
  readonly hourlyMs: number;
  readonly dailyMs: number;
  readonly jobRunsMs: number;
  /** Canary runs kept in job history per canary, whatever their age. */
  readonly jobRunsPerCanary: number;
}

const day = 86_400_000;

export const defaultRetention: HistoryRetention = {
  rawMs: 30 * day,
  hourlyMs: 90 * day,
  dailyMs: 5 * 365 * day,
  jobRunsMs: 30 * day,
  jobRunsPerCanary: 100,
};

/** An arbitrary, fixed key: one replica at a time runs retention. */
const lockKey = 0x76_69_67_68;

export interface RetentionOutcome {
  readonly partitionsCreated: number;
  readonly raw: number;
  readonly hourly: number;
  readonly daily: number;
  readonly jobRuns: number;
}

/**
 * Creates the coming months' partitions and trims each tier past its retention, under an
 * advisory lock, and records the run in job history. Answers undefined when another
 * replica holds the lock.
 */
export async function runRetention(
  db: Database,
  retention: HistoryRetention,
  now: number,
): Promise<RetentionOutcome | undefined> {
  const client = await db.pool.connect();
  const ignore = (): void => undefined;
  client.on('error', ignore);
  const started = Date.now();
  try {
    const locked = await client.query(`select pg_try_advisory_lock($1) as ok`, [lockKey]);
    if (!z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok) return undefined;
    try {
      const outcome = {
        partitionsCreated: await ensurePartitions(client, 3),
        raw: await trimRawStatuses(client, new Date(now - retention.rawMs)),
        hourly: await trimRollups(client, 'check_statuses_1h', new Date(now - retention.hourlyMs)),
        daily: await trimRollups(client, 'check_statuses_1d', new Date(now - retention.dailyMs)),
        jobRuns: await trimCanaryRuns(
          client,
          new Date(now - retention.jobRunsMs),
          retention.jobRunsPerCanary,
        ),
      };
      await client.query(
        `insert into job_history (name, resource_type, status, details, duration_millis, success_count,
           time_start, time_end)
         values ('HealthRetention', 'health', 'SUCCESS', $1, $2, 1, $3, now())`,
        [{ summary: outcome }, Date.now() - started, new Date(started)],
      );
      return outcome;
    } finally {
      await client.query(`select pg_advisory_unlock($1)`, [lockKey]);
    }
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}

/** Runs retention a minute after start, then hourly, logging failures (the next run retries). */
export function scheduleRetention(db: Database, retention: HistoryRetention, log: Logger) {
  const run = () =>
    void runRetention(db, retention, Date.now()).then(
      (outcome) => outcome && log.info({ retention: outcome }, 'health history trimmed'),
      (error: unknown) => log.warn({ err: error }, 'health retention failed; retrying in an hour'),
    );
  const first = setTimeout(run, 60_000);
  const hourly = setInterval(run, 3_600_000);
  first.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(hourly);
  };
}
