import { setImmediate as nextTurn } from 'node:timers/promises';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import {
  booleanArray,
  numberArray,
  textArray,
  timeArray,
  uuidArray,
} from '../../../platform/pg-arrays.ts';
import type { CanaryRun, CheckResult } from './check-result.ts';
import {
  rollUpCheck,
  type BucketDelta,
  type CheckUpdate,
  type PreviousState,
  type Transition,
} from './result-rollup.ts';

const insertedKeys = z.array(z.object({ key: z.string() }));
const previousRow = z.object({
  id: z.string(),
  status: z.string().nullable(),
  cum_passed: z.coerce.number(),
  cum_failed: z.coerce.number(),
  cum_duration_sum: z.coerce.number(),
  cum_hist: z.string(),
});

const rollupsPerTurn = 200;

/**
 * Writes a batch of results in the caller's transaction: raw statuses (a result already
 * stored is skipped, so re-sent batches count once), the checks' state and totals, hour and
 * day rollups, a check.passed/check.failed event per transition that a notification subscribes
 * to, and the canaries' job history.
 */
export async function writeResults(
  db: Queryable,
  results: readonly CheckResult[],
  runs: readonly CanaryRun[],
): Promise<Transition[]> {
  // Checks are locked first, in id order: the statuses' foreign keys would otherwise take
  // share locks in batch order, and two replicas' batches deadlock upgrading them.
  const previous = await lockChecks(db, [...new Set(results.map((r) => r.checkId))]);
  const fresh = await insertStatuses(db, results);
  const byCheck = new Map<string, CheckResult[]>();
  for (const result of fresh) {
    const list = byCheck.get(result.checkId) ?? [];
    list.push(result);
    byCheck.set(result.checkId, list);
  }
  const updates: CheckUpdate[] = [];
  const hours: BucketDelta[] = [];
  const days: BucketDelta[] = [];
  const transitions: Transition[] = [];
  let rolled = 0;
  for (const [checkId, list] of byCheck) {
    // A thousand checks' rollups take milliseconds: let due runs start in between.
    if (++rolled % rollupsPerTurn === 0) await nextTurn();
    const state = previous.get(checkId);
    if (!state) continue;
    if (list.length > 1) list.sort((a, b) => a.time.getTime() - b.time.getTime());
    const check = rollUpCheck(list, state);
    updates.push(check.update);
    hours.push(...check.hours);
    days.push(...check.days);
    transitions.push(...check.transitions);
  }
  await updateChecks(db, updates);
  await upsertBuckets(db, 'check_statuses_1h', hours);
  await upsertBuckets(db, 'check_statuses_1d', days);
  await queueTransitions(db, transitions);
  await insertRuns(db, runs);
  return transitions;
}

async function insertStatuses(
  db: Queryable,
  results: readonly CheckResult[],
): Promise<CheckResult[]> {
  if (results.length === 0) return [];
  const inserted = await db.query(
    `insert into check_statuses (check_id, time, duration, status, invalid, error, message, detail)
     select u.check_id, u.time, u.duration, u.status, u.invalid, u.error, u.message, u.detail::jsonb
     from unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::bool[], $5::bool[], $6::text[],
                 $7::text[], $8::text[])
       as u(check_id, time, duration, status, invalid, error, message, detail)
     where exists (select 1 from checks k where k.id = u.check_id)
     on conflict (check_id, time) do nothing
     returning check_id || '@' || (extract(epoch from time) * 1000)::bigint as key`,
    [
      uuidArray(results.map((r) => r.checkId)),
      timeArray(results.map((r) => r.time)),
      numberArray(results.map((r) => Math.max(0, Math.round(r.duration)))),
      booleanArray(results.map((r) => r.pass)),
      booleanArray(results.map((r) => r.invalid)),
      textArray(results.map((r) => r.error)),
      textArray(results.map((r) => r.message)),
      textArray(
        results.map((r) =>
          r.detail === undefined || r.detail === null ? null : JSON.stringify(r.detail),
        ),
      ),
    ],
  );
  // The key is made in SQL: no timestamp to parse back per row.
  const kept = new Set(insertedKeys.parse(inserted.rows).map((row) => row.key));
  return results.filter((r) => kept.has(`${r.checkId}@${r.time.getTime()}`));
}

async function lockChecks(db: Queryable, ids: string[]): Promise<Map<string, PreviousState>> {
  if (ids.length === 0) return new Map();
  const found = await db.query(
    `select id, status, cum_passed, cum_failed, cum_duration_sum, cum_hist from checks
     where id = any($1::uuid[]) order by id for update`,
    [uuidArray(ids)],
  );
  return new Map(
    found.rows.map((raw) => {
      const row = previousRow.parse(raw);
      const state: PreviousState = {
        status: row.status,
        cumPassed: row.cum_passed,
        cumFailed: row.cum_failed,
        cumDurationSum: row.cum_duration_sum,
        cumHist: row.cum_hist,
      };
      return [row.id, state];
    }),
  );
}

async function updateChecks(db: Queryable, updates: readonly CheckUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `update checks k set status = u.status, last_runtime = u.last_runtime,
       next_runtime = coalesce(u.next_runtime, k.next_runtime),
       last_transition_time = coalesce(u.transition_at, k.last_transition_time),
       last_pass_time = coalesce(u.last_pass, k.last_pass_time),
       last_fail_time = coalesce(u.last_fail, k.last_fail_time),
       latency = u.latency, cum_passed = u.cum_passed, cum_failed = u.cum_failed,
       cum_duration_sum = u.cum_duration_sum, cum_hist = u.cum_hist
     from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[],
                 $6::timestamptz[], $7::timestamptz[], $8::int[], $9::bigint[], $10::bigint[],
                 $11::bigint[], $12::text[])
       as u(id, status, last_runtime, next_runtime, transition_at, last_pass, last_fail, latency,
            cum_passed, cum_failed, cum_duration_sum, cum_hist)
     where k.id = u.id`,
    [
      uuidArray(updates.map((u) => u.checkId)),
      textArray(updates.map((u) => u.status)),
      timeArray(updates.map((u) => u.lastRuntime)),
      timeArray(updates.map((u) => u.nextRuntime)),
      timeArray(updates.map((u) => u.transitionAt)),
      timeArray(updates.map((u) => u.lastPass)),
      timeArray(updates.map((u) => u.lastFail)),
      numberArray(updates.map((u) => Math.round(u.latency))),
      numberArray(updates.map((u) => u.totals.passed)),
      numberArray(updates.map((u) => u.totals.failed)),
      numberArray(updates.map((u) => u.totals.durationSum)),
      textArray(updates.map((u) => u.totals.hist)),
    ],
  );
}

async function upsertBuckets(
  db: Queryable,
  table: 'check_statuses_1h' | 'check_statuses_1d',
  buckets: readonly BucketDelta[],
): Promise<void> {
  if (buckets.length === 0) return;
  await db.query(
    `insert into ${table} (check_id, created_at, total, passed, failed, duration_sum, duration_min,
       duration_max, cum_passed, cum_failed, cum_duration_sum, cum_hist)
     select * from unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::int[],
                          $6::bigint[], $7::int[], $8::int[], $9::bigint[], $10::bigint[],
                          $11::bigint[], $12::text[])
     on conflict (check_id, created_at) do update set
       total = ${table}.total + excluded.total, passed = ${table}.passed + excluded.passed,
       failed = ${table}.failed + excluded.failed,
       duration_sum = ${table}.duration_sum + excluded.duration_sum,
       duration_min = least(${table}.duration_min, excluded.duration_min),
       duration_max = greatest(${table}.duration_max, excluded.duration_max),
       cum_passed = excluded.cum_passed, cum_failed = excluded.cum_failed,
       cum_duration_sum = excluded.cum_duration_sum, cum_hist = excluded.cum_hist,
       updated_at = now()`,
    [
      uuidArray(buckets.map((b) => b.checkId)),
      timeArray(buckets.map((b) => b.start)),
      numberArray(buckets.map((b) => b.total)),
      numberArray(buckets.map((b) => b.passed)),
      numberArray(buckets.map((b) => b.failed)),
      numberArray(buckets.map((b) => b.durationSum)),
      numberArray(buckets.map((b) => b.durationMin)),
      numberArray(buckets.map((b) => b.durationMax)),
      numberArray(buckets.map((b) => b.cumPassed)),
      numberArray(buckets.map((b) => b.cumFailed)),
      numberArray(buckets.map((b) => b.cumDurationSum)),
      textArray(buckets.map((b) => b.cumHist)),
    ],
  );
}

async function queueTransitions(db: Queryable, transitions: readonly Transition[]): Promise<void> {
  if (transitions.length === 0) return;
  await db.query(
    `insert into event_queue (name, event_id, properties)
     select case when u.status = 'healthy' then 'check.passed' else 'check.failed' end,
            u.check_id || '/' || to_char(u.time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            jsonb_build_object('id', u.check_id, 'canary_id', u.canary_id, 'status', u.status,
                               'last_runtime', u.time)
     from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[])
       as u(check_id, canary_id, time, status)
     -- Only events a live notification or playbook trigger listens to are queued, so a
     -- flapping check with nobody listening adds nothing to the queue.
     where exists (
       select 1 from notifications n
       where n.deleted_at is null
         and n.events @> array[case when u.status = 'healthy' then 'check.passed'
                                    else 'check.failed' end]
     ) or exists (
       select 1 from playbook_event_triggers t
       where t.event = case when u.status = 'healthy' then 'check.passed' else 'check.failed' end
     )
     on conflict (name, event_id) where event_id is not null do nothing`,
    [
      transitions.map((t) => t.checkId),
      transitions.map((t) => t.canaryId),
      transitions.map((t) => t.time),
      transitions.map((t) => t.status),
    ],
  );
}

async function insertRuns(db: Queryable, runs: readonly CanaryRun[]): Promise<void> {
  if (runs.length === 0) return;
  await db.query(
    `insert into job_history (name, agent_id, resource_type, resource_id, resource_name, status,
       details, hostname, duration_millis, success_count, error_count, time_start, time_end)
     select 'Canary', u.agent_id, 'canary', u.canary_id, u.canary_name,
            case when u.failed = 0 then 'SUCCESS' when u.passed = 0 then 'FAILED' else 'WARNING' end,
            case when u.errors = '[]' then null else jsonb_build_object('errors', u.errors::jsonb) end,
            $9, u.duration, u.passed, u.failed, u.time_start,
            u.time_start + make_interval(secs => u.duration / 1000.0)
     from unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::int[],
                 $7::int[], $8::text[])
       as u(agent_id, canary_id, canary_name, time_start, duration, passed, failed, errors)
     on conflict (resource_id, time_start) where name = 'Canary' do nothing`,
    [
      uuidArray(runs.map((r) => r.agentId)),
      textArray(runs.map((r) => r.canaryId)),
      textArray(runs.map((r) => r.canaryName)),
      timeArray(runs.map((r) => r.start)),
      numberArray(runs.map((r) => Math.round(r.durationMs))),
      numberArray(runs.map((r) => r.passed)),
      numberArray(runs.map((r) => r.failed)),
      textArray(runs.map((r) => JSON.stringify(r.errors.slice(0, 20)))),
      hostname,
    ],
  );
}

const hostname = process.env.HOSTNAME ?? null;
