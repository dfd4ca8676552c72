import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Queryable } from './db.ts';

/** A periodic clean-up (retention, purge) that one replica at a time runs. */
export interface MaintenanceJob<T> {
  /** Its job history name, e.g. `EventQueuePurge`. */
  readonly name: string;
  readonly resourceType: string;
  /** A fixed advisory lock key of its own. */
  readonly lockKey: number;
  run(client: Queryable, now: number): Promise<T>;
  /** The job history row's success_count. */
  count(outcome: T): number;
}

/**
 * Runs a job under its advisory lock and records the run in job history with its outcome as
 * the summary. Answers undefined when another replica holds the lock.
 */
export async function runMaintenance<T>(
  db: Database,
  job: MaintenanceJob<T>,
  now: number,
): Promise<T | undefined> {
  const client = await db.pool.connect();
  const ignore = (): void => undefined;
  client.on('error', ignore);
  const started = Date.now();
  try {
    const locked = await client.query(`select pg_try_advisory_lock($1) as ok`, [job.lockKey]);
    if (!z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok) return undefined;
    try {
      const outcome = await job.run(client, now);
      await client.query(
        `insert into job_history (name, resource_type, status, details, duration_millis,
           success_count, time_start, time_end)
         values ($1, $2, 'SUCCESS', $3, $4, $5, $6, now())`,
        [
          job.name,
          job.resourceType,
          { summary: outcome },
          Date.now() - started,
          job.count(outcome),
          new Date(started),
        ],
      );
      return outcome;
    } finally {
      await client.query(`select pg_advisory_unlock($1)`, [job.lockKey]);
    }
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}

/** Runs a job a minute after start, then hourly; a failure is logged and the next run retries. */
export function scheduleMaintenance<T>(
  db: Database,
  job: MaintenanceJob<T>,
  log: Logger,
): () => void {
  const run = () =>
    void runMaintenance(db, job, Date.now()).then(
      (outcome) =>
        outcome !== undefined && log.info({ job: job.name, outcome }, 'maintenance done'),
      (error: unknown) =>
        log.warn({ err: error, job: job.name }, 'maintenance failed; retrying in an hour'),
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

/** A maintenance job as a module's worker: scheduled on start, cancelled on stop. */
export function maintenanceWorker<T>(db: Database, job: MaintenanceJob<T>, log: Logger) {
  let cancel: (() => void) | undefined;
  return {
    name: job.name,
    start(): void {
      cancel ??= scheduleMaintenance(db, job, log);
    },
    stop(): void {
      cancel?.();
      cancel = undefined;
    },
  };
}
