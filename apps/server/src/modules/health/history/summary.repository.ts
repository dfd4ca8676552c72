import { z } from 'zod';
import type { Database } from '../../../platform/db.ts';

/**
 * Each check's own fields as JSON text, built by PostgreSQL: the summary answers thousands of
 * checks, and parsing 30 columns (8 of them timestamps) per row in Node cost more than the
 * query. Node only appends uptime and latency.
 */
const entryJson = `json_build_object(
    'id', k.id, 'canary_id', k.canary_id, 'canary_name', c.name, 'canary_namespace', c.namespace,
    'agent_id', k.agent_id, 'agent_name', a.name, 'name', k.name, 'namespace', k.namespace,
    'type', k.type, 'icon', k.icon, 'endpoint', k.endpoint, 'description', k.description,
    'labels', k.labels, 'severity', coalesce(k.severity, k.spec->>'severity'),
    'spec', json_build_object('severity', k.spec->>'severity'), 'owner', k.owner,
    'status', k.status, 'transformed', k.transformed, 'last_runtime', k.last_runtime,
    'next_runtime', k.next_runtime, 'last_transition_time', k.last_transition_time,
    'silenced_at', k.silenced_at, 'created_at', k.created_at, 'updated_at', k.updated_at,
    'deleted_at', k.deleted_at)::text as entry,
  coalesce(to_json(k.last_pass_time)::text, 'null') as last_pass,
  coalesce(to_json(k.last_fail_time)::text, 'null') as last_fail`;

const checkJoins = `from checks k join canaries c on c.id = k.canary_id join agents a on a.id = k.agent_id`;

/** Live checks, and those deleted after the window began (their history is still in it). */
const inWindow = `(k.deleted_at is null or k.deleted_at > $1)`;

const entryRow = z.object({
  id: z.string(),
  entry: z.string(),
  last_pass: z.string(),
  last_fail: z.string(),
});
export type EntryRow = z.infer<typeof entryRow>;

const exactRow = entryRow.extend({
  passed: z.coerce.number(),
  failed: z.coerce.number(),
  durations: z.string(),
  recent: z.string(),
});
export type ExactSummaryRow = z.infer<typeof exactRow>;

const cumulativeRow = entryRow.extend({
  cum_passed: z.coerce.number(),
  cum_failed: z.coerce.number(),
  cum_hist: z.string(),
});
export type CumulativeSummaryRow = z.infer<typeof cumulativeRow>;

const snapshotRow = z.object({
  id: z.string(),
  cum_passed: z.coerce.number(),
  cum_failed: z.coerce.number(),
  cum_hist: z.string(),
});
export type SnapshotRow = z.infer<typeof snapshotRow>;

/**
 * Counts and every duration from raw statuses (short windows): grouped by hash, with the
 * percentiles taken in Node, which spares PostgreSQL a sort of every row in the window.
 */
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
              string_agg(duration::text, ',') as durations,
              coalesce(string_agg(duration::text, ',') filter (where time > $2), '') as recent
       from check_statuses where time > $1 and duration is not null ${checkId ? 'and check_id = $3' : ''}
       group by check_id)
     select k.id, ${entryJson}, coalesce(s.passed, 0) as passed, coalesce(s.failed, 0) as failed,
            coalesce(s.durations, '') as durations, coalesce(s.recent, '') as recent
     ${checkJoins} left join stats s on s.check_id = k.id
     where ${inWindow} ${checkId ? 'and k.id = $3' : ''}`,
    checkId ? [since, rollingSince, checkId] : [since, rollingSince],
  );
  return found.rows.map((row) => exactRow.parse(row));
}

/** The checks in the window with their cumulative totals now. */
export async function cumulativeSummaries(
  db: Database,
  since: Date,
  checkId?: string,
): Promise<CumulativeSummaryRow[]> {
  const found = await db.pool.query(
    `select k.id, ${entryJson}, k.cum_passed, k.cum_failed, k.cum_hist
     ${checkJoins} where ${inWindow} ${checkId ? 'and k.id = $2' : ''}`,
    checkId ? [since, checkId] : [since],
  );
  return found.rows.map((row) => cumulativeRow.parse(row));
}

/** Each check's totals as they stood at the end of the last rollup bucket before `before`. */
export async function snapshotsBefore(
  db: Database,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  before: Date,
  checkId?: string,
): Promise<SnapshotRow[]> {
  const found = await db.pool.query(
    `select k.id, b.cum_passed, b.cum_failed, b.cum_hist from checks k
     cross join lateral (
       select r.cum_passed, r.cum_failed, r.cum_hist from ${table} r
       where r.check_id = k.id and r.created_at < $1 order by r.created_at desc limit 1) b
     ${checkId ? 'where k.id = $2' : ''}`,
    checkId ? [before, checkId] : [before],
  );
  return found.rows.map((row) => snapshotRow.parse(row));
}

const versionRow = z.object({ id: z.string(), version: z.string() });
export type VersionRow = z.infer<typeof versionRow>;

/**
 * The checks in the window, each with a version that changes whenever its entry could: its
 * own row (every result written updates it), its canary's or its agent's.
 */
const version = `concat_ws('|', k.updated_at, c.updated_at, a.updated_at)`;

export async function checkVersions(db: Database, since: Date): Promise<VersionRow[]> {
  const found = await db.pool.query(
    `select k.id, ${version} as version ${checkJoins} where ${inWindow}`,
    [since],
  );
  return found.rows.map((row) => versionRow.parse(row));
}

const versionedEntryRow = cumulativeRow.extend({ version: z.string() });
export type VersionedEntryRow = z.infer<typeof versionedEntryRow>;

/** These checks' entries and totals; the histogram only when `withHistogram`. */
export async function entriesOf(
  db: Database,
  ids: readonly string[],
  withHistogram: boolean,
): Promise<VersionedEntryRow[]> {
  if (ids.length === 0) return [];
  const found = await db.pool.query(
    `select k.id, ${version} as version, ${entryJson}, k.cum_passed, k.cum_failed,
            ${withHistogram ? 'k.cum_hist' : `''::text as cum_hist`}
     ${checkJoins} where k.id = any($1::uuid[])`,
    [ids],
  );
  return found.rows.map((row) => versionedEntryRow.parse(row));
}

const rawRow = z.object({
  check_id: z.string(),
  times: z.array(z.coerce.number()),
  durations: z.array(z.number()),
  statuses: z.array(z.boolean()),
});
export type RawRows = z.infer<typeof rawRow>;

/** These checks' raw statuses since `since` (with a duration), in time order. */
export async function rawSince(
  db: Database,
  ids: readonly string[],
  since: Date,
): Promise<RawRows[]> {
  if (ids.length === 0) return [];
  const found = await db.pool.query(
    `select check_id,
            array_agg((extract(epoch from time) * 1000)::float8 order by time) as times,
            array_agg(duration order by time) as durations,
            array_agg(status order by time) as statuses
     from check_statuses
     where check_id = any($1::uuid[]) and time > $2 and duration is not null
     group by check_id`,
    [ids, since],
  );
  return found.rows.map((row) => rawRow.parse(row));
}
