import type pg from 'pg';
import type { BucketColumns, CheckState, RawColumns } from './summary-history.ts';

/** Epoch ms to timestamptz, exact to the millisecond. */
const at = (column: string): string => `to_timestamp(${column}::float8 / 1000)`;

/** Raw results as the engine inserts them; created_at is when the writer would have stored them. */
export async function insertRaw(db: pg.Pool, raw: RawColumns): Promise<void> {
  if (raw.checkId.length === 0) return;
  await db.query(
    `insert into check_statuses (check_id, time, duration, status, invalid, error, message, detail,
       created_at)
     select u.check_id, ${at('u.ms')}, u.duration, u.status, false, u.error, null, null,
            ${at('u.ms + u.duration + 500')}
     from unnest($1::uuid[], $2::bigint[], $3::int[], $4::bool[], $5::text[])
       as u(check_id, ms, duration, status, error)`,
    [raw.checkId, raw.time, raw.duration, raw.pass, raw.error],
  );
}

export async function insertBuckets(
  db: pg.Pool,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  b: BucketColumns,
): Promise<void> {
  if (b.checkId.length === 0) return;
  await db.query(
    `insert into ${table} (check_id, created_at, total, passed, failed, duration_sum,
       duration_min, duration_max, cum_passed, cum_failed, cum_duration_sum, cum_hist, updated_at)
     select u.check_id, ${at('u.start')}, u.total, u.passed, u.failed, u.duration_sum, u.dmin,
            u.dmax, u.cum_passed, u.cum_failed, u.cum_sum, u.cum_hist, ${at('u.updated')}
     from unnest($1::uuid[], $2::bigint[], $3::int[], $4::int[], $5::int[], $6::bigint[],
                 $7::int[], $8::int[], $9::bigint[], $10::bigint[], $11::bigint[], $12::text[],
                 $13::bigint[])
       as u(check_id, start, total, passed, failed, duration_sum, dmin, dmax, cum_passed,
            cum_failed, cum_sum, cum_hist, updated)`,
    [
      b.checkId,
      b.start,
      b.total,
      b.passed,
      b.failed,
      b.durationSum,
      b.durationMin,
      b.durationMax,
      b.cumPassed,
      b.cumFailed,
      b.cumDurationSum,
      b.cumHist,
      b.updated,
    ],
  );
}

/** The checks' own state and totals, as writeResults leaves them after the last run. */
export async function updateChecks(db: pg.Pool, checks: readonly CheckState[]): Promise<void> {
  if (checks.length === 0) return;
  await db.query(
    `update checks k set status = u.status, last_runtime = ${at('u.last_runtime')},
       next_runtime = ${at('u.next_runtime')}, last_transition_time = ${at('u.transition')},
       last_pass_time = ${at('u.last_pass')}, last_fail_time = ${at('u.last_fail')},
       latency = u.latency, cum_passed = u.cum_passed, cum_failed = u.cum_failed,
       cum_duration_sum = u.cum_sum, cum_hist = u.cum_hist
     from unnest($1::uuid[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[],
                 $7::bigint[], $8::int[], $9::bigint[], $10::bigint[], $11::bigint[], $12::text[])
       as u(id, status, last_runtime, next_runtime, transition, last_pass, last_fail, latency,
            cum_passed, cum_failed, cum_sum, cum_hist)
     where k.id = u.id`,
    [
      checks.map((c) => c.id),
      checks.map((c) => c.status),
      checks.map((c) => c.lastRuntime),
      checks.map((c) => c.nextRuntime),
      checks.map((c) => c.lastTransition),
      checks.map((c) => c.lastPass),
      checks.map((c) => c.lastFail),
      checks.map((c) => c.latency),
      checks.map((c) => c.cumPassed),
      checks.map((c) => c.cumFailed),
      checks.map((c) => c.cumDurationSum),
      checks.map((c) => c.cumHist),
    ],
  );
}
