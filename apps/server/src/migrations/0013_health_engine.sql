-- The health engine: claimable schedules, cumulative totals per check, and rollups whose
-- latency is a mergeable histogram (sparse "bucket:count" text; see latency-histogram.ts).
-- Uptime and latency over any window come from two cumulative snapshots per check.

create index canaries_due_idx on canaries (agent_id, next_runtime)
  where deleted_at is null and next_runtime is not null;

alter table checks
  add column last_pass_time timestamptz,
  add column last_fail_time timestamptz,
  add column latency integer,                          -- ms, of the last run
  add column cum_passed bigint not null default 0,     -- every run ever recorded
  add column cum_failed bigint not null default 0,
  add column cum_duration_sum bigint not null default 0,
  add column cum_hist text not null default '';

-- Per-bucket percentiles cannot be merged. A bucket keeps the check's cumulative totals as
-- they stood at its end; any window's counts and latency histogram are the difference of two.
alter table check_statuses_1h
  drop column duration_p95, drop column duration_p97, drop column duration_p99,
  add column cum_passed bigint not null default 0,     -- the check's totals at the end of the bucket
  add column cum_failed bigint not null default 0,
  add column cum_duration_sum bigint not null default 0,
  add column cum_hist text not null default '';

alter table check_statuses_1d
  drop column duration_p95, drop column duration_p97, drop column duration_p99,
  add column cum_passed bigint not null default 0,
  add column cum_failed bigint not null default 0,
  add column cum_duration_sum bigint not null default 0,
  add column cum_hist text not null default '';

create index check_statuses_time_idx on check_statuses (time);
create index job_history_resource_name_idx on job_history (name, resource_id, created_at desc);

-- Checks of a component (spec: GET /checks_by_component?component_id=eq.{id}).
create view checks_by_component as
  select r.component_id, k.id, k.canary_id, k.name, k.namespace, k.type, k.icon, k.status,
         k.severity, k.labels, k.agent_id, k.last_runtime, k.last_transition_time
  from check_component_relationships r
  join checks k on k.id = r.check_id
  where r.deleted_at is null and k.deleted_at is null;
