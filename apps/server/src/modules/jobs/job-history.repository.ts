import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

/**
 * Marks runs still RUNNING that started before the cutoff as STALE, adding the reason to
 * their errors so that the details dialog says why. Answers how many were marked.
 */
export async function markStaleRuns(db: Queryable, cutoff: Date, reason: string): Promise<number> {
  const marked = await db.query(
    `update job_history
     set status = 'STALE',
         details = coalesce(details, '{}'::jsonb) || jsonb_build_object('errors',
           case when jsonb_typeof(details -> 'errors') = 'array' then details -> 'errors'
                else '[]'::jsonb end || jsonb_build_array($2::text))
     where status = 'RUNNING' and time_start < $1`,
    [cutoff, reason],
  );
  return marked.rowCount ?? 0;
}

/** Deletes runs created before the cutoff, whatever their job. */
export async function trimRunsOlderThan(db: Queryable, cutoff: Date): Promise<number> {
  const deleted = await db.query(`delete from job_history where created_at < $1`, [cutoff]);
  return deleted.rowCount ?? 0;
}

/**
 * Deletes all but the newest `keep` runs of each job: a job is a name and a resource (a
 * canary's runs are one job per canary; a job without a resource is one job).
 */
export async function trimRunsBeyond(db: Queryable, keep: number): Promise<number> {
  const deleted = await db.query(
    `delete from job_history j using (
       select id from (
         select id, row_number() over (
                  partition by name, resource_id order by created_at desc, id desc) as n
         from job_history) ranked
       where n > $1) surplus
     where j.id = surplus.id`,
    [keep],
  );
  return deleted.rowCount ?? 0;
}

export interface FinishedRun {
  readonly name: string;
  readonly status: 'SUCCESS' | 'FAILED';
  readonly start: Date;
  readonly durationMs: number;
  readonly summary?: Record<string, number>;
  readonly errors?: readonly string[];
}

/** Records one run of a maintenance job in job history, as every scheduled job does. */
export async function recordRun(db: Queryable, run: FinishedRun): Promise<void> {
  const details = {
    ...(run.summary ? { summary: run.summary } : {}),
    ...(run.errors && run.errors.length > 0 ? { errors: run.errors } : {}),
  };
  await db.query(
    `insert into job_history (name, status, details, hostname, duration_millis, success_count,
       error_count, time_start, time_end)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      run.name,
      run.status,
      details,
      process.env.HOSTNAME ?? null,
      Math.round(run.durationMs),
      run.status === 'SUCCESS' ? 1 : 0,
      run.status === 'FAILED' ? 1 : 0,
      run.start,
      new Date(run.start.getTime() + run.durationMs),
    ],
  );
}

/** Takes the transaction-scoped lock that lets one replica at a time trim job history. */
export async function tryRetentionLock(db: Queryable, key: number): Promise<boolean> {
  const locked = await db.query(`select pg_try_advisory_xact_lock($1) as ok`, [key]);
  return z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok;
}
