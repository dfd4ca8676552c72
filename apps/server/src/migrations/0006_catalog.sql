-- Catalog: scrapers, config items with their changes, analysis (insights) and relationships,
-- an incrementally kept per-config summary, the `configs` view and related_configs_recursive().

create table config_scrapers (
  id uuid primary key default gen_uuid_v7(),
  name text not null,
  namespace text not null default 'default',
  description text,
  icon text,
  labels jsonb not null default '{}'::jsonb,
  spec jsonb not null,
  source text,
  schedule text,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  application_id uuid,
  created_by uuid references people (id) on delete set null,
  last_runtime timestamptz,
  next_runtime timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index config_scrapers_agent_id_namespace_name_key
  on config_scrapers (agent_id, namespace, name) where deleted_at is null;
create index config_scrapers_agent_id_idx on config_scrapers (agent_id);
create index config_scrapers_next_runtime_idx on config_scrapers (next_runtime) where deleted_at is null;
create trigger config_scrapers_updated_at before update on config_scrapers
  for each row execute function set_updated_at();

create table config_items (
  id uuid primary key default gen_uuid_v7(),
  scraper_id uuid references config_scrapers (id) on delete set null,
  agent_id uuid not null default '00000000-0000-0000-0000-000000000000' references agents (id),
  name text,
  namespace text,
  type text not null,                                   -- provider::kind, e.g. 'Kubernetes::Pod'
  config_class text,
  external_id text[],
  status text,
  health text default 'unknown' check (health in ('healthy', 'unhealthy', 'warning', 'unknown')),
  ready boolean not null default false,
  description text,
  config jsonb,
  labels jsonb not null default '{}'::jsonb,
  tags jsonb not null default '{}'::jsonb,
  properties jsonb,                                     -- list of {name, namespace, value, headline, …}
  parent_id uuid references config_items (id) on delete set null,
  path text,                                            -- ancestor ids joined by '.'
  cost_per_minute numeric(16, 4),
  cost_total_1d numeric(16, 4),
  cost_total_7d numeric(16, 4),
  cost_total_30d numeric(16, 4),
  source text,
  last_scraped_time timestamptz,
  created_by uuid references people (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index config_items_type_name_idx on config_items (type, name) where deleted_at is null;
create index config_items_name_trgm_idx on config_items using gin (name gin_trgm_ops);
create index config_items_tags_idx on config_items using gin (tags);
create index config_items_labels_idx on config_items using gin (labels);
create index config_items_external_id_idx on config_items using gin (external_id);
create index config_items_agent_id_idx on config_items (agent_id);
create index config_items_scraper_id_idx on config_items (scraper_id);
create index config_items_parent_id_idx on config_items (parent_id);
create index config_items_path_idx on config_items (path text_pattern_ops);
create trigger config_items_updated_at before update on config_items
  for each row execute function set_updated_at();

create table config_changes (
  id uuid primary key default gen_uuid_v7(),
  config_id uuid not null references config_items (id) on delete cascade,
  external_change_id text,
  change_type text not null,
  severity text check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  source text,
  summary text,
  details jsonb,
  patches jsonb,
  diff text,
  fingerprint text,                                     -- dedupe key: repeats bump count
  count integer not null default 1,
  first_observed timestamptz not null default now(),
  created_by uuid references people (id) on delete set null,
  external_created_by text,
  created_at timestamptz not null default now()
);
create unique index config_changes_config_id_external_change_id_key
  on config_changes (config_id, external_change_id) where external_change_id is not null;
create index config_changes_config_id_created_at_idx on config_changes (config_id, created_at desc);
create index config_changes_created_at_idx on config_changes (created_at desc);
create index config_changes_change_type_idx on config_changes (change_type);
create index config_changes_fingerprint_idx on config_changes (config_id, fingerprint)
  where fingerprint is not null;

create table config_analysis (
  id uuid primary key default gen_uuid_v7(),
  config_id uuid not null references config_items (id) on delete cascade,
  scraper_id uuid references config_scrapers (id) on delete set null,
  analyzer text not null,
  analysis_type text not null default 'other' check (analysis_type in (
    'cost', 'availability', 'performance', 'security', 'integration', 'compliance',
    'technical_debt', 'technicalDebt', 'reliability', 'recommendation', 'other'
  )),
  severity text check (severity in ('info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical')),
  status text not null default 'open' check (status in ('open', 'resolved', 'silenced')),
  message text,
  summary text,
  analysis jsonb,
  source text,
  first_observed timestamptz not null default now(),
  last_observed timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index config_analysis_config_id_analyzer_key on config_analysis (config_id, analyzer);
create index config_analysis_status_type_idx on config_analysis (status, analysis_type);
create index config_analysis_last_observed_idx on config_analysis (last_observed desc);
create index config_analysis_scraper_id_idx on config_analysis (scraper_id);
create trigger config_analysis_updated_at before update on config_analysis
  for each row execute function set_updated_at();

-- config_id relates to related_id ("outgoing" from config_id). selector_id 'manual' marks
-- user-created links (the only ones that can be unlinked). Both columns reference
-- config_items: embeds need a hint.
create table config_relationships (
  config_id uuid not null references config_items (id) on delete cascade,
  related_id uuid not null references config_items (id) on delete cascade,
  relation text,
  selector_id text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (config_id, related_id, selector_id),
  check (config_id <> related_id)
);
create index config_relationships_related_id_idx on config_relationships (related_id);
create trigger config_relationships_updated_at before update on config_relationships
  for each row execute function set_updated_at();

create table config_component_relationships (
  component_id uuid not null references components (id) on delete cascade,
  config_id uuid not null references config_items (id) on delete cascade,
  selector_id text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (component_id, config_id, selector_id)
);
create index config_component_relationships_config_id_idx on config_component_relationships (config_id);
create trigger config_component_relationships_updated_at before update on config_component_relationships
  for each row execute function set_updated_at();

create table check_config_relationships (
  check_id uuid not null references checks (id) on delete cascade,
  config_id uuid not null references config_items (id) on delete cascade,
  canary_id uuid references canaries (id) on delete cascade,
  selector_id text not null default 'manual',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (check_id, config_id, selector_id)
);
create index check_config_relationships_config_id_idx on check_config_relationships (config_id);
create index check_config_relationships_canary_id_idx on check_config_relationships (canary_id);
create trigger check_config_relationships_updated_at before update on check_config_relationships
  for each row execute function set_updated_at();

-- Per-config counters kept incrementally by the triggers below (never recomputed per request).
--   changes:  number of config_changes rows of the config
--   analysis: {analysis_type: number of open config_analysis rows}
create table config_item_summaries (
  config_id uuid primary key references config_items (id) on delete cascade,
  changes integer not null default 0,
  analysis jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

create or replace function config_item_summaries_count_changes() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into config_item_summaries as s (config_id, changes)
    select n.config_id, count(*)::integer from new_rows n group by n.config_id order by n.config_id
    on conflict (config_id) do update
      set changes = s.changes + excluded.changes, updated_at = now();
  elsif tg_op = 'DELETE' then
    update config_item_summaries s
       set changes = greatest(s.changes - d.n, 0), updated_at = now()
      from (select o.config_id, count(*)::integer as n from old_rows o group by o.config_id) d
     where s.config_id = d.config_id;
  end if;
  return null;
end;
$$;

create trigger config_changes_summary_insert after insert on config_changes
  referencing new table as new_rows
  for each statement execute function config_item_summaries_count_changes();
create trigger config_changes_summary_delete after delete on config_changes
  referencing old table as old_rows
  for each statement execute function config_item_summaries_count_changes();

-- Recomputes the open-analysis counts of the configs touched by the statement.
create or replace function config_item_summaries_refresh_analysis(config_ids uuid[]) returns void
language sql as $$
  insert into config_item_summaries as s (config_id, analysis)
  select ci.id,
         coalesce((
           select jsonb_object_agg(x.analysis_type, x.n)
             from (select a.analysis_type, count(*) as n
                     from config_analysis a
                    where a.config_id = ci.id and a.status = 'open'
                    group by a.analysis_type) x
         ), '{}'::jsonb)
    from config_items ci
   where ci.id = any(config_ids)
   order by ci.id
  on conflict (config_id) do update
    set analysis = excluded.analysis, updated_at = now();
$$;

create or replace function config_item_summaries_count_analysis() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform config_item_summaries_refresh_analysis(array(select distinct config_id from new_rows));
  elsif tg_op = 'UPDATE' then
    perform config_item_summaries_refresh_analysis(array(
      select config_id from new_rows union select config_id from old_rows));
  else
    perform config_item_summaries_refresh_analysis(array(select distinct config_id from old_rows));
  end if;
  return null;
end;
$$;

create trigger config_analysis_summary_insert after insert on config_analysis
  referencing new table as new_rows
  for each statement execute function config_item_summaries_count_analysis();
create trigger config_analysis_summary_update after update on config_analysis
  referencing old table as old_rows new table as new_rows
  for each statement execute function config_item_summaries_count_analysis();
create trigger config_analysis_summary_delete after delete on config_analysis
  referencing old table as old_rows
  for each statement execute function config_item_summaries_count_analysis();

-- The catalog list reads this. Column names of config_items are kept so that the data API
-- can infer the view's foreign keys (agent_id, scraper_id, created_by, parent_id).
-- Note: ci.* is expanded when the view is created; a migration that adds a column to
-- config_items must recreate this view.
create view configs as
select
  ci.*,
  coalesce(s.changes, 0) as changes,
  coalesce(s.analysis, '{}'::jsonb) as analysis
from config_items ci
left join config_item_summaries s on s.config_id = ci.id;

-- Config items reachable from config_id through config_relationships, breadth first:
--   type_filter 'outgoing' follows config_id -> related_id, 'incoming' the reverse, 'all' both.
-- The start item is excluded; each item appears once; at most max_depth hops; soft-deleted
-- relationships are ignored, and soft-deleted items are neither returned nor walked through
-- unless include_deleted_configs.
create or replace function related_configs_recursive(
  config_id uuid,
  type_filter text default 'outgoing',
  include_deleted_configs boolean default false,
  max_depth integer default 10
) returns setof config_items
language plpgsql stable as $$
declare
  start_id uuid := related_configs_recursive.config_id;
  visited uuid[] := array[start_id];
  frontier uuid[] := array[start_id];
  depth integer := 0;
begin
  if type_filter is null or type_filter not in ('outgoing', 'incoming', 'all') then
    raise exception 'type_filter must be one of outgoing, incoming, all'
      using errcode = '22023';
  end if;

  while depth < coalesce(max_depth, 10) and cardinality(frontier) > 0 loop
    select coalesce(array_agg(distinct e.next_id), '{}'::uuid[])
      into frontier
      from (
        select r.related_id as next_id
          from config_relationships r
         where type_filter in ('outgoing', 'all')
           and r.config_id = any(frontier) and r.deleted_at is null
        union
        select r.config_id as next_id
          from config_relationships r
         where type_filter in ('incoming', 'all')
           and r.related_id = any(frontier) and r.deleted_at is null
      ) e
      join config_items ci on ci.id = e.next_id
     where not (e.next_id = any(visited))
       and (include_deleted_configs or ci.deleted_at is null);
    visited := visited || frontier;
    depth := depth + 1;
  end loop;

  return query
    select ci.* from config_items ci
     where ci.id = any(visited) and ci.id <> start_id;
end;
$$;
