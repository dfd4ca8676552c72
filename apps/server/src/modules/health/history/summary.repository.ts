import { z } from 'zod';
import type { Database } from '../../../platform/db.ts';

const checkColumns = `k.id, k.canary_id, c.name as canary_name, c.namespace as canary_namespace,
  k.agent_id, a.name as agent_name, k.name, k.namespace, k.type, k.icon, k.endpoint, k.description,
  k.labels, k.severity, k.owner, k.status, k.transformed, k.last_runtime, k.next_runtime,
  k.last_transition_time, k.last_pass_time, k.last_fail_time, k.latency, k.silenced_at,
  k.created_at, k.updated_at, k.deleted_at, k.spec->>'severity' as spec_severity`;

const checkJoins = `from checks k join canaries c on c.id = k.canary_id join agents a on a.id = k.agent_id`;

/** Live checks, and those deleted after the window began (their history is still in it). */
const inWindow = `(k.deleted_at is null or k.deleted_at > $1)`;

const dateOrNull = z.date().nullable();
export const summaryCheckRow = z.object({
  id: z.string(),
  canary_id: z.string(),
  canary_name: z.string(),
  canary_namespace: z.string(),
  agent_id: z.string(),
  agent_name: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  icon: z.string().nullable(),
  endpoint: z.string().nullable(),
  description: z.string().nullable(),
  labels: z.record(z.string(), z.unknown()),
  severity: z.string().nullable(),
  spec_severity: z.string().nullable(),
  owner: z.string().nullable(),
  status: z.string().nullable(),
  transformed: z.boolean(),
  last_runtime: dateOrNull,
  next_runtime: dateOrNull,
  last_transition_time: dateOrNull,
  last_pass_time: dateOrNull,
  last_fail_time: dateOrNull,
  latency: z.number().nullable(),
  silenced_at: dateOrNull,
  created_at: z.date(),
  updated_at: z.date(),
  deleted_at: dateOrNull,
});
export type SummaryCheckRow = z.infer<typeof summaryCheckRow>;

const exactRow = summaryCheckRow.extend({
  passed: z.coerce.number(),
  failed: z.coerce.number(),
  percentiles: z.array(z.number()).nullable(),
  rolling: z.number().nullable(),
});
export type ExactSummaryRow = z.infer<typeof exactRow>;

const cumulativeRow = summaryCheckRow.extend({
  cum_passed: z.coerce.number(),
  cum_failed: z.coerce.number(),
  cum_hist: z.string(),
  base_passed: z.coerce.number().nullable(),
  base_failed: z.coerce.number().nullable(),
  base_hist: z.string().nullable(),
  hour_hist: z.string().nullable(),
});
export type CumulativeSummaryRow = z.infer<typeof cumulativeRow>;

/** Uptime and exact percentiles from raw statuses: for short windows. */
export async function exactSummaries(
  db: Database,
  since: Date,
  rollingSince: Date,
  checkId?: string,
): Promise<ExactSummaryRow[]> {
  const found = await db.pool.query(
    `with stats as (
       select check_id,
              count(*) filter (where status) as passed,
              count(*) filter (where not status) as failed,
              percentile_disc(array[0.95, 0.97, 0.99]) within group (order by duration) as percentiles,
              percentile_disc(0.95) within group (order by duration) filter (where time > $2) as rolling
       from check_statuses where time > $1 ${checkId ? 'and check_id = $3' : ''}
       group by check_id)
     select ${checkColumns}, coalesce(s.passed, 0) as passed, coalesce(s.failed, 0) as failed,
            s.percentiles, s.rolling
     ${checkJoins} left join stats s on s.check_id = k.id
     where ${inWindow} ${checkId ? 'and k.id = $3' : ''}`,
    checkId ? [since, rollingSince, checkId] : [since, rollingSince],
  );
  return found.rows.map((row) => exactRow.parse(row));
}

/**
 * The totals now and at the window's start (the last rollup bucket that ended before it),
 * per check: one index probe each, whatever the window's length.
 */
export async function cumulativeSummaries(
  db: Database,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  since: Date,
  rollingSince: Date,
  checkId?: string,
): Promise<CumulativeSummaryRow[]> {
  const found = await db.pool.query(
    `select ${checkColumns}, k.cum_passed, k.cum_failed, k.cum_hist,
            b.cum_passed as base_passed, b.cum_failed as base_failed, b.cum_hist as base_hist,
            h.cum_hist as hour_hist
     ${checkJoins}
     left join lateral (
       select r.cum_passed, r.cum_failed, r.cum_hist from ${table} r
       where r.check_id = k.id and r.created_at < $1 order by r.created_at desc limit 1) b on true
     left join lateral (
       select r.cum_hist from check_statuses_1h r
       where r.check_id = k.id and r.created_at < $2 order by r.created_at desc limit 1) h on true
     where ${inWindow} ${checkId ? 'and k.id = $3' : ''}`,
    checkId ? [since, rollingSince, checkId] : [since, rollingSince],
  );
  return found.rows.map((row) => cumulativeRow.parse(row));
}
