-- Health checks: canaries (definitions), checks (derived from a canary's spec), status history
-- (partitioned by month) and hourly/daily rollups.

create table canaries (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  namespace text not null default 'default',
  icon text,
  labels jsonb not null default '{}'::jsonb,
  spec jsonb not null,
  source text,
  schedule text,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  created_by uuid references people (id) on delete set null,
  last_runtime timestamptz,
  next_runtime timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index canaries_agent_id_namespace_name_key on canaries (agent_id, namespace, name)
  where deleted_at is null;
create index canaries_agent_id_idx on canaries (agent_id);
create index canaries_next_runtime_idx on canaries (next_runtime) where deleted_at is null;
create trigger canaries_updated_at before update on canaries
  for each row execute function set_updated_at();

create table checks (
  id uuid primary key default gen_uuid_v7(),
  canary_id uuid not null references canaries (id) on delete cascade,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  type text not null,
  name text not null,
  namespace text not null default 'default',
  description text,
  icon text,
  endpoint text,
  labels jsonb not null default '{}'::jsonb,
  spec jsonb not null default '{}'::jsonb,              -- this check's definition (spec.severity …)
  severity text check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  owner text,
  status text check (status in ('healthy', 'unhealthy')),  -- null until the first run
  last_runtime timestamptz,
  next_runtime timestamptz,
  last_transition_time timestamptz,
  transformed boolean not null default false,           -- created by a transform of another check
  silenced_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index checks_canary_id_type_name_key on checks (canary_id, type, name)
  where deleted_at is null;
create index checks_canary_id_idx on checks (canary_id);
create index checks_agent_id_idx on checks (agent_id);
create index checks_list_idx on checks (namespace, name) where deleted_at is null;
create index checks_name_trgm_idx on checks using gin (name gin_trgm_ops);
create index checks_labels_idx on checks using gin (labels);
create trigger checks_updated_at before update on checks
  for each row execute function set_updated_at();

-- One row per check run. Partitioned by month (check_statuses_YYYY_MM); rows outside every
-- monthly partition land in check_statuses_default. Retention drops whole partitions.
create table check_statuses (
  check_id uuid not null references checks (id) on delete cascade,
  time timestamptz not null,
  duration integer,                                     -- milliseconds
  status boolean not null,                              -- true = passed
  invalid boolean not null default false,
  error text,
  message text,
  detail jsonb,
  created_at timestamptz not null default now(),
  primary key (check_id, time)
) partition by range (time);

create table check_statuses_default partition of check_statuses default;

-- Creates monthly partitions for `months` months starting at the month of from_month (UTC
-- month boundaries). Rows already in the default partition for a new month are moved into
-- it. Idempotent; returns the number of partitions created.
create or replace function ensure_check_status_partitions(from_month date, months integer)
returns integer
language plpgsql as $$
declare
  i integer;
  month_start timestamp;
  range_start timestamptz;
  range_end timestamptz;
  partition_name text;
  created integer := 0;
begin
  for i in 0 .. greatest(months, 0) - 1 loop
    month_start := date_trunc('month', from_month::timestamp) + make_interval(months => i);
    range_start := month_start at time zone 'UTC';
    range_end := (month_start + interval '1 month') at time zone 'UTC';
    partition_name := 'check_statuses_' || to_char(month_start, 'YYYY_MM');
    continue when to_regclass(quote_ident(partition_name)) is not null;

    execute format(
      'create table %I (like check_statuses including defaults including constraints)',
      partition_name);
    execute format(
      'with moved as (delete from check_statuses_default where time >= $1 and time < $2 returning *) '
      'insert into %I select * from moved', partition_name)
      using range_start, range_end;
    execute format(
      'alter table check_statuses attach partition %I for values from (%L) to (%L)',
      partition_name, range_start, range_end);
    created := created + 1;
  end loop;
  return created;
end;
$$;

select ensure_check_status_partitions(current_date, 3);

-- Rollups filled by the health engine (upsert per bucket); uptime and latency over long
-- ranges read these instead of raw statuses.
create table check_statuses_1h (
  check_id uuid not null references checks (id) on delete cascade,
  created_at timestamptz not null,                      -- bucket start (hour)
  total integer not null default 0,
  passed integer not null default 0,
  failed integer not null default 0,
  duration_sum bigint not null default 0,
  duration_min integer,
  duration_max integer,
  duration_p95 integer,
  duration_p97 integer,
  duration_p99 integer,
  updated_at timestamptz not null default now(),
  primary key (check_id, created_at)
);
create index check_statuses_1h_created_at_idx on check_statuses_1h (created_at);

create table check_statuses_1d (
  check_id uuid not null references checks (id) on delete cascade,
  created_at timestamptz not null,                      -- bucket start (UTC day)
  total integer not null default 0,
  passed integer not null default 0,
  failed integer not null default 0,
  duration_sum bigint not null default 0,
  duration_min integer,
  duration_max integer,
  duration_p95 integer,
  duration_p97 integer,
  duration_p99 integer,
  updated_at timestamptz not null default now(),
  primary key (check_id, created_at)
);
create index check_statuses_1d_created_at_idx on check_statuses_1d (created_at);
