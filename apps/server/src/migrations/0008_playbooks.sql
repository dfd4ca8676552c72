-- Playbooks, their runs, run actions and approvals.

create table playbooks (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  namespace text not null default 'default',
  title text,
  icon text,
  description text,
  category text,
  spec jsonb not null,
  source text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index playbooks_namespace_name_key on playbooks (namespace, name) where deleted_at is null;
create trigger playbooks_updated_at before update on playbooks
  for each row execute function set_updated_at();

create table playbook_runs (
  id uuid primary key default gen_uuid_v7(),
  playbook_id uuid not null references playbooks (id) on delete cascade,
  status text not null default 'pending' check (status in (
    'pending', 'running', 'waiting', 'scheduled', 'sleeping', 'cancelled', 'completed', 'failed',
    'skipped'
  )),
  spec jsonb,                                           -- the playbook spec as it was when the run started
  parameters jsonb,
  request jsonb,
  result jsonb,
  error text,
  config_id uuid references config_items (id) on delete set null,
  component_id uuid references components (id) on delete set null,
  check_id uuid references checks (id) on delete set null,
  parent_id uuid references playbook_runs (id) on delete set null,
  created_by uuid references people (id) on delete set null,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  start_time timestamptz,
  end_time timestamptz,
  scheduled_time timestamptz not null default now(),
  timeout interval,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index playbook_runs_playbook_id_idx on playbook_runs (playbook_id, created_at desc);
create index playbook_runs_created_at_idx on playbook_runs (created_at desc);
create index playbook_runs_due_idx on playbook_runs (scheduled_time)
  where status in ('pending', 'scheduled', 'sleeping', 'waiting');
create index playbook_runs_config_id_idx on playbook_runs (config_id);
create index playbook_runs_component_id_idx on playbook_runs (component_id);
create index playbook_runs_check_id_idx on playbook_runs (check_id);
create index playbook_runs_parent_id_idx on playbook_runs (parent_id);
create index playbook_runs_agent_id_idx on playbook_runs (agent_id);
create trigger playbook_runs_updated_at before update on playbook_runs
  for each row execute function set_updated_at();

create table playbook_run_actions (
  id uuid primary key default gen_uuid_v7(),
  playbook_run_id uuid not null references playbook_runs (id) on delete cascade,
  name text not null,
  status text not null default 'pending' check (status in (
    'pending', 'running', 'waiting', 'scheduled', 'sleeping', 'cancelled', 'completed', 'failed',
    'skipped'
  )),
  result jsonb,                                         -- {stdout, stderr, logs, …}
  error text,
  start_time timestamptz,
  end_time timestamptz,
  scheduled_time timestamptz not null default now(),
  retry_count integer not null default 0,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index playbook_run_actions_playbook_run_id_idx on playbook_run_actions (playbook_run_id, start_time);
create index playbook_run_actions_due_idx on playbook_run_actions (scheduled_time)
  where status in ('pending', 'scheduled', 'sleeping', 'waiting');
create index playbook_run_actions_agent_id_idx on playbook_run_actions (agent_id);
create trigger playbook_run_actions_updated_at before update on playbook_run_actions
  for each row execute function set_updated_at();

create table playbook_approvals (
  id uuid primary key default gen_uuid_v7(),
  run_id uuid not null references playbook_runs (id) on delete cascade,
  person_id uuid references people (id) on delete cascade,
  team_id uuid references teams (id) on delete cascade,
  status text not null default 'approved' check (status in ('approved', 'rejected')),
  created_at timestamptz not null default now(),
  check (person_id is not null or team_id is not null)
);
create index playbook_approvals_run_id_idx on playbook_approvals (run_id);
create unique index playbook_approvals_run_id_person_id_key on playbook_approvals (run_id, person_id)
  where person_id is not null;
