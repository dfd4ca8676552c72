-- Incidents with hypotheses, evidence, comments, responders and a changelog; incident rules.

create table incident_rules (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  spec jsonb not null default '{}'::jsonb,
  source text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index incident_rules_name_key on incident_rules (name) where deleted_at is null;
create trigger incident_rules_updated_at before update on incident_rules
  for each row execute function set_updated_at();

-- Display ids: INC0000001, INC0000002, … (more digits once past 9,999,999).
create sequence incident_id_sequence;

create or replace function next_incident_id() returns text
language sql volatile as $$
  select 'INC' || lpad(n::text, greatest(7, length(n::text)), '0')
    from (select nextval('incident_id_sequence') as n) s;
$$;

create table incidents (
  id uuid primary key default gen_uuid_v7(),
  incident_id text not null unique default next_incident_id(),
  title text not null,
  description text,
  type text not null default 'availability' check (type in (
    'cost', 'availability', 'performance', 'security', 'integration', 'compliance',
    'technical_debt', 'technicalDebt', 'reliability', 'recommendation', 'other'
  )),
  status text not null default 'open'
    check (status in ('new', 'open', 'investigating', 'mitigated', 'resolved', 'closed')),
  severity text not null default 'low'
    check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  commander_id uuid references people (id) on delete set null,
  communicator_id uuid references people (id) on delete set null,
  created_by uuid references people (id) on delete set null,
  incident_rule_id uuid references incident_rules (id) on delete set null,
  acknowledged timestamptz,
  resolved timestamptz,
  closed timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index incidents_list_idx on incidents (status, created_at desc) where deleted_at is null;
create index incidents_created_at_idx on incidents (created_at desc);
create index incidents_title_trgm_idx on incidents using gin (title gin_trgm_ops);
create index incidents_commander_id_idx on incidents (commander_id);
create index incidents_communicator_id_idx on incidents (communicator_id);
create index incidents_created_by_idx on incidents (created_by);
create index incidents_incident_rule_id_idx on incidents (incident_rule_id);
create trigger incidents_updated_at before update on incidents
  for each row execute function set_updated_at();

-- Tree of root -> factor -> solution nodes via parent_id.
create table hypotheses (
  id uuid primary key default gen_uuid_v7(),
  incident_id uuid not null references incidents (id) on delete cascade,
  parent_id uuid references hypotheses (id) on delete cascade,
  type text not null default 'factor' check (type in ('root', 'factor', 'solution')),
  title text,
  status text not null default 'possible'
    check (status in ('proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven')),
  team_id uuid references teams (id) on delete set null,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index hypotheses_incident_id_idx on hypotheses (incident_id);
create index hypotheses_parent_id_idx on hypotheses (parent_id);
create index hypotheses_title_trgm_idx on hypotheses using gin (title gin_trgm_ops);
create trigger hypotheses_updated_at before update on hypotheses
  for each row execute function set_updated_at();

create table responders (
  id uuid primary key default gen_uuid_v7(),
  incident_id uuid not null references incidents (id) on delete cascade,
  type text not null check (type in (
    'person', 'system', 'team', 'email', 'jira', 'service_now', 'ca', 'aws_support',
    'aws_ams_services_request', 'redhat', 'oracle', 'vmware', 'ms_planner'
  )),
  team_id uuid references teams (id) on delete set null,
  person_id uuid references people (id) on delete set null,
  properties jsonb not null default '{}'::jsonb,        -- {responderType, …form fields}
  external_id text,
  acknowledged_at timestamptz,
  resolved_at timestamptz,
  closed_at timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (team_id is not null or person_id is not null)
);
create index responders_incident_id_idx on responders (incident_id) where deleted_at is null;
create index responders_team_id_idx on responders (team_id);
create index responders_person_id_idx on responders (person_id);
create trigger responders_updated_at before update on responders
  for each row execute function set_updated_at();

create table evidences (
  id uuid primary key default gen_uuid_v7(),
  hypothesis_id uuid not null references hypotheses (id) on delete cascade,
  type text not null check (type in (
    'log', 'config', 'topology', 'check', 'config_analysis', 'config_change', 'comment'
  )),
  description text,
  config_id uuid references config_items (id) on delete set null,
  config_analysis_id uuid references config_analysis (id) on delete set null,
  config_change_id uuid references config_changes (id) on delete set null,
  component_id uuid references components (id) on delete set null,
  check_id uuid references checks (id) on delete set null,
  responder_id uuid references responders (id) on delete set null,
  script text,
  definition_of_done boolean not null default false,
  done boolean not null default false,
  properties jsonb,
  evidence jsonb,
  created_by uuid references people (id) on delete set null,
  external_created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index evidences_hypothesis_id_idx on evidences (hypothesis_id);
create index evidences_config_id_idx on evidences (config_id);
create index evidences_config_analysis_id_idx on evidences (config_analysis_id);
create index evidences_config_change_id_idx on evidences (config_change_id);
create index evidences_component_id_idx on evidences (component_id);
create index evidences_check_id_idx on evidences (check_id);
create index evidences_definition_of_done_idx on evidences (hypothesis_id) where definition_of_done;
create trigger evidences_updated_at before update on evidences
  for each row execute function set_updated_at();

create table comments (
  id uuid primary key default gen_uuid_v7(),
  incident_id uuid references incidents (id) on delete cascade,
  hypothesis_id uuid references hypotheses (id) on delete cascade,
  responder_id uuid references responders (id) on delete set null,
  comment text not null,
  external_id text,
  created_by uuid references people (id) on delete set null,
  external_created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (incident_id is not null or hypothesis_id is not null)
);
create index comments_incident_id_idx on comments (incident_id, created_at);
create index comments_hypothesis_id_idx on comments (hypothesis_id);
create index comments_responder_id_idx on comments (responder_id);
create trigger comments_updated_at before update on comments
  for each row execute function set_updated_at();

-- Changelog (append-only). type is an event name: incident.created, responder.created,
-- evidence.created, incident.status_updated, incident_status.updated,
-- evidence.done_definition_added, responder.commented, hypothesis.created,
-- hypothesis.status_updated (not constrained, so that new events need no migration).
create table incident_histories (
  id uuid primary key default gen_uuid_v7(),
  incident_id uuid not null references incidents (id) on delete cascade,
  type text not null,
  description text,
  created_by uuid references people (id) on delete set null,
  responder_id uuid references responders (id) on delete set null,
  evidence_id uuid references evidences (id) on delete set null,
  comment_id uuid references comments (id) on delete set null,
  hypothesis_id uuid references hypotheses (id) on delete set null,
  created_at timestamptz not null default now()
);
create index incident_histories_incident_id_idx on incident_histories (incident_id, created_at desc);
