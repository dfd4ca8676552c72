-- Topologies (definitions) and the component tree they produce, with component links to
-- other components, checks and teams.

create table topologies (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  namespace text not null default 'default',
  icon text,
  labels jsonb not null default '{}'::jsonb,
  spec jsonb not null default '{}'::jsonb,
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
create unique index topologies_agent_id_namespace_name_key on topologies (agent_id, namespace, name)
  where deleted_at is null;
create index topologies_agent_id_idx on topologies (agent_id);
create index topologies_next_runtime_idx on topologies (next_runtime) where deleted_at is null;
create trigger topologies_updated_at before update on topologies
  for each row execute function set_updated_at();

create table components (
  id uuid primary key default gen_uuid_v7(),
  topology_id uuid references topologies (id) on delete cascade,
  parent_id uuid references components (id) on delete cascade,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  name text not null,
  namespace text,
  text text,
  title text,
  type text,
  icon text,
  status text not null default 'unknown'
    check (status in ('healthy', 'unhealthy', 'warning', 'unknown', 'info')),
  status_reason text,
  health text check (health in ('healthy', 'unhealthy', 'warning', 'unknown')),
  description text,
  labels jsonb not null default '{}'::jsonb,
  properties jsonb,                                     -- list of {name, type, text, value, …}
  external_id text,
  is_leaf boolean not null default false,
  path text,                                            -- ancestor ids joined by '.'
  hidden boolean not null default false,
  selectors jsonb,
  configs jsonb,
  log_selectors jsonb,
  summary jsonb,                                        -- {checks, incidents, insights} kept by the engines
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  schedule text,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index components_topology_id_type_name_parent_id_key
  on components (topology_id, type, name, parent_id) nulls not distinct
  where deleted_at is null;
create index components_topology_id_idx on components (topology_id);
create index components_parent_id_idx on components (parent_id);
create index components_agent_id_idx on components (agent_id);
create index components_list_idx on components (type, name) where deleted_at is null;
create index components_name_trgm_idx on components using gin (name gin_trgm_ops);
create index components_labels_idx on components using gin (labels);
create index components_path_idx on components (path text_pattern_ops);
create index components_external_id_idx on components (external_id) where external_id is not null;
create trigger components_updated_at before update on components
  for each row execute function set_updated_at();

-- component_id is related to relationship_id (e.g. a component selected into another one).
-- Both columns reference components: embeds need a hint.
create table component_relationships (
  component_id uuid not null references components (id) on delete cascade,
  relationship_id uuid not null references components (id) on delete cascade,
  selector_id text not null default 'manual',
  relationship_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (component_id, relationship_id, selector_id)
);
create index component_relationships_relationship_id_idx on component_relationships (relationship_id);
create trigger component_relationships_updated_at before update on component_relationships
  for each row execute function set_updated_at();

create table check_component_relationships (
  check_id uuid not null references checks (id) on delete cascade,
  component_id uuid not null references components (id) on delete cascade,
  canary_id uuid references canaries (id) on delete cascade,
  selector_id text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (check_id, component_id, selector_id)
);
create index check_component_relationships_component_id_idx on check_component_relationships (component_id);
create index check_component_relationships_canary_id_idx on check_component_relationships (canary_id);
create trigger check_component_relationships_updated_at before update on check_component_relationships
  for each row execute function set_updated_at();

-- Teams that own components (spec: team_components?component_id=eq.{id}&select=*,team).
create table team_components (
  team_id uuid not null references teams (id) on delete cascade,
  component_id uuid not null references components (id) on delete cascade,
  role text,
  selector_id text not null default 'manual',
  created_at timestamptz not null default now(),
  primary key (team_id, component_id, selector_id)
);
create index team_components_component_id_idx on team_components (component_id);
