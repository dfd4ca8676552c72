-- Notifications, the event queue, job history, properties (feature flags), logging backends
-- and saved queries.

create table notifications (
  id uuid primary key default gen_uuid_v7(),
  name text,
  title text,
  events text[] not null check (cardinality(events) > 0),
  filter text,
  template text,
  properties jsonb,
  person_id uuid references people (id) on delete set null,
  team_id uuid references teams (id) on delete set null,
  custom_services jsonb,                                -- [{connection, name, …}]
  source text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index notifications_events_idx on notifications using gin (events) where deleted_at is null;
create index notifications_person_id_idx on notifications (person_id);
create index notifications_team_id_idx on notifications (team_id);
create trigger notifications_updated_at before update on notifications
  for each row execute function set_updated_at();

create table notification_send_history (
  id uuid primary key default gen_uuid_v7(),
  notification_id uuid not null references notifications (id) on delete cascade,
  body text,
  error text,
  duration_millis integer,
  status text not null default 'pending' check (status in (
    'pending', 'sending', 'sent', 'failed', 'silenced', 'skipped', 'repeat-interval'
  )),
  count integer not null default 1,
  first_observed timestamptz not null default now(),
  source_event text,
  resource_id uuid,
  created_at timestamptz not null default now()
);
create index notification_send_history_notification_id_idx
  on notification_send_history (notification_id, created_at desc);
create index notification_send_history_status_idx on notification_send_history (status);
create index notification_send_history_created_at_idx on notification_send_history (created_at);

-- Producers insert in the transaction of the change; consumers claim with
-- `for update skip locked`, delete on success, bump attempts/last_attempt/error on failure.
-- event_id deduplicates pending events per name (rows with a null event_id never conflict):
--   insert … on conflict (name, event_id) where event_id is not null do nothing
create table event_queue (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  event_id text,
  properties jsonb,
  error text,
  attempts integer not null default 0,
  last_attempt timestamptz,
  priority integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index event_queue_name_event_id_key on event_queue (name, event_id)
  where event_id is not null;
create index event_queue_claim_idx on event_queue (name, attempts, last_attempt);
create index event_queue_created_at_idx on event_queue (created_at);

-- Wakes consumers: one NOTIFY on channel 'event_queue' per distinct event name per statement.
create or replace function event_queue_notify() returns trigger
language plpgsql as $$
declare
  event_name text;
begin
  for event_name in select distinct name from new_rows loop
    perform pg_notify('event_queue', event_name);
  end loop;
  return null;
end;
$$;
create trigger event_queue_notify after insert on event_queue
  referencing new table as new_rows
  for each statement execute function event_queue_notify();

create table job_history (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  resource_type text,
  resource_id text,                                     -- text: not every resource id is a uuid
  resource_name text,
  status text not null default 'RUNNING'
    check (status in ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED')),
  details jsonb,                                        -- {errors[], scrape_summary, summary}
  hostname text,
  duration_millis integer,
  success_count integer not null default 0,
  error_count integer not null default 0,
  time_start timestamptz not null default now(),
  time_end timestamptz,
  created_at timestamptz not null default now()
);
create index job_history_created_at_idx on job_history (created_at desc);
create index job_history_name_idx on job_history (name, created_at desc);
create index job_history_resource_idx on job_history (resource_type, resource_id, created_at desc);
create index job_history_status_idx on job_history (status, created_at desc);
create index job_history_agent_id_idx on job_history (agent_id);

-- Key/value settings; feature flags are '<area>.disable' = 'true'. source 'local' is read-only.
create table properties (
  name text primary key,
  value text not null,
  description text,
  source text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger properties_updated_at before update on properties
  for each row execute function set_updated_at();

create table logging_backends (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  namespace text not null default 'default',
  labels jsonb not null default '{}'::jsonb,
  spec jsonb not null,
  source text,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index logging_backends_agent_id_namespace_name_key
  on logging_backends (agent_id, namespace, name) where deleted_at is null;
create trigger logging_backends_updated_at before update on logging_backends
  for each row execute function set_updated_at();

create table saved_queries (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  query text not null,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index saved_queries_created_by_idx on saved_queries (created_by);
create trigger saved_queries_updated_at before update on saved_queries
  for each row execute function set_updated_at();
