-- The playbook run engine: run and action statuses of the spec, leases for claimed actions,
-- the schedule triggers' next run, and the fan-out of resource events to event triggers.

alter table playbook_runs drop constraint playbook_runs_status_check;
alter table playbook_runs add constraint playbook_runs_status_check check (status in (
  'scheduled', 'pending', 'pending_approval', 'running', 'waiting', 'sleeping', 'completed',
  'failed', 'cancelled', 'timed_out'
));
alter table playbook_runs
  add column trigger text,
  add column claimed_until timestamptz;
drop index playbook_runs_due_idx;
create index playbook_runs_due_idx on playbook_runs (scheduled_time)
  where status in ('pending', 'scheduled');
create index playbook_runs_active_idx on playbook_runs (start_time)
  where status in ('running', 'waiting', 'sleeping');

alter table playbook_run_actions drop constraint playbook_run_actions_status_check;
alter table playbook_run_actions add constraint playbook_run_actions_status_check check (status in (
  'scheduled', 'pending', 'running', 'waiting', 'sleeping', 'completed', 'failed', 'cancelled',
  'timed_out', 'skipped'
));
alter table playbook_run_actions
  add column type text,
  add column position integer not null default 0,
  -- A running action whose lease has passed was left by a stopped process: it is claimed again.
  add column lease_until timestamptz;
drop index playbook_run_actions_due_idx;
create index playbook_run_actions_due_idx on playbook_run_actions (scheduled_time)
  where status in ('pending', 'scheduled', 'sleeping', 'waiting');
create index playbook_run_actions_lease_idx on playbook_run_actions (lease_until)
  where status = 'running';
create unique index playbook_run_actions_position_key
  on playbook_run_actions (playbook_run_id, position);

alter table playbook_approvals add column comment text;

-- One row per `on.schedule` entry of a live playbook; the write hook keeps it in step.
create table playbook_schedules (
  playbook_id uuid not null references playbooks (id) on delete cascade,
  position integer not null,
  schedule text not null,
  parameters jsonb not null default '{}',
  next_runtime timestamptz not null,
  primary key (playbook_id, position)
);
create index playbook_schedules_due_idx on playbook_schedules (next_runtime);

-- Event names some live playbook listens to (`check.failed`, `config.updated` …).
create table playbook_event_triggers (
  playbook_id uuid not null references playbooks (id) on delete cascade,
  event text not null,
  primary key (playbook_id, event)
);
create index playbook_event_triggers_event_idx on playbook_event_triggers (event);

-- A resource event is also queued as `playbook.<event>` when a playbook listens to it, so the
-- notifications consumer keeps its own copy; unheard events never reach the queue twice.
create function playbook_event_fanout() returns trigger language plpgsql as $$
begin
  if exists (select 1 from playbook_event_triggers t where t.event = new.name) then
    insert into event_queue (name, event_id, properties)
    values ('playbook.' || new.name, new.event_id, new.properties)
    on conflict do nothing;
  end if;
  return null;
end $$;
create trigger event_queue_playbook_fanout after insert on event_queue
  for each row when (new.name like 'check.%' or new.name like 'config.%'
    or new.name like 'component.%')
  execute function playbook_event_fanout();
