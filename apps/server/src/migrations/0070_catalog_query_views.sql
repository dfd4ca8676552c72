-- Catalog query views and functions (spec 001 §7 "Catalog calls"), named as in duty where the
-- spec uses a name. Views read config_items directly (never the `configs` view, which other
-- migrations drop and recreate when config_items gains a column).

-- The config detail page: the item, its scraper and agent, last scrape and the tab counts.
create view config_detail as
select
  ci.id, ci.scraper_id, ci.agent_id, ci.name, ci.namespace, ci.type, ci.config_class,
  ci.external_id, ci.status, ci.health, ci.ready, ci.description, ci.config, ci.labels, ci.tags,
  ci.properties, ci.parent_id, ci.path, ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d,
  ci.cost_total_30d, ci.source, ci.created_by, ci.created_at, ci.updated_at, ci.deleted_at,
  coalesce(ls.last_scraped_time, ci.last_scraped_time) as last_scraped_time,
  coalesce(s.changes, 0) as changes,
  coalesce(s.analysis, '{}'::jsonb) as analysis,
  case when cs.id is not null then jsonb_build_object('id', cs.id, 'name', cs.name) end as config_scrapers,
  jsonb_build_object(
    'changes', coalesce(s.changes, 0),
    'analysis', coalesce((select sum(e.value::int) from jsonb_each_text(s.analysis) e), 0),
    'relationships', (select count(*) from config_relationships r
                       where r.deleted_at is null and (r.config_id = ci.id or r.related_id = ci.id)),
    'playbook_runs', (select count(*) from playbook_runs p where p.config_id = ci.id),
    'checks', (select count(*) from check_config_relationships k
                where k.config_id = ci.id and k.deleted_at is null)
  ) as summary
from config_items ci
left join config_item_summaries s on s.config_id = ci.id
left join config_items_last_scraped_time ls on ls.config_id = ci.id
left join config_scrapers cs on cs.id = ci.scraper_id;

-- Pickers and filter lists.
create view config_names as
select ci.id, ci.name, ci.type, ci.config_class, ci.external_id, ci.agent_id, ci.deleted_at
from config_items ci;

create view config_types as
select distinct ci.type from config_items ci where ci.deleted_at is null;

create view config_statuses as
select distinct ci.status from config_items ci where ci.deleted_at is null and ci.status is not null;

create view config_tags as
select distinct t.key, t.value
from config_items ci cross join lateral jsonb_each_text(ci.tags) t
where ci.deleted_at is null;

create view config_labels as
select distinct l.key, l.value
from config_items ci cross join lateral jsonb_each_text(ci.labels) l
where ci.deleted_at is null;

create view config_analysis_analyzers as
select distinct a.analyzer from config_analysis a where a.status = 'open';

-- Distinct change types by skipping through config_changes_change_type_idx: a handful of index
-- probes instead of reading every change.
create view change_types as
with recursive walk(change_type) as (
  (select c.change_type from config_changes c order by c.change_type limit 1)
  union all
  select (select c.change_type from config_changes c
           where c.change_type > w.change_type order by c.change_type limit 1)
    from walk w where w.change_type is not null
)
select change_type from walk where change_type is not null;

-- A change with its config (duty's catalog_changes; config_changes is the table).
create view catalog_changes as
select
  cc.id, cc.config_id, ci.name, ci.type, ci.config_class, ci.tags, ci.deleted_at, ci.agent_id,
  ci.path, cc.external_change_id, cc.change_type, cc.severity, cc.source, cc.summary,
  cc.details, cc.patches, cc.diff, cc.count, cc.first_observed, cc.created_by,
  cc.external_created_by, cc.created_at
from config_changes cc
join config_items ci on ci.id = cc.config_id;

-- Insights with their config, for the insights table and its filters.
create view config_analysis_items as
select
  ca.id, ca.config_id, ca.scraper_id, ca.analyzer, ca.analysis_type, ca.severity, ca.status,
  ca.message, ca.summary, ca.analysis, ca.source, ca.first_observed, ca.last_observed,
  ca.created_at, ca.updated_at,
  ci.name as config_name, ci.type as config_type, ci.config_class, ci.tags, ci.labels,
  ci.agent_id, ci.path, ci.deleted_at
from config_analysis ca
join config_items ci on ci.id = ca.config_id;

create view analysis_by_component as
select
  ca.id as analysis_id, ca.config_id, ci.name, ci.config_class, ci.type, ca.analyzer,
  ca.analysis_type, ca.severity, ca.status, ca.message, ca.first_observed, ca.last_observed,
  r.component_id
from config_analysis ca
join config_component_relationships r on r.config_id = ca.config_id and r.deleted_at is null
join config_items ci on ci.id = ca.config_id
where ci.deleted_at is null and ca.status = 'open';

create view changes_by_component as
select
  cc.id, cc.id as change_id, cc.config_id, ci.name, ci.config_class, ci.type, cc.change_type,
  cc.severity, cc.summary, cc.source, cc.created_by, cc.created_at, r.component_id,
  ci.deleted_at as config_deleted_at
from config_changes cc
join config_component_relationships r on r.config_id = cc.config_id and r.deleted_at is null
join config_items ci on ci.id = cc.config_id;

-- The checks of a config (spec: GET /check_summary_for_config?config_id=eq.{id}).
create view check_summary_for_config as
select
  r.config_id, k.id, k.canary_id, k.name, k.namespace, k.type, k.icon, k.status, k.severity,
  k.labels, k.description, k.agent_id, k.last_runtime, k.last_transition_time, k.created_at,
  k.updated_at
from check_config_relationships r
join checks k on k.id = r.check_id
where r.deleted_at is null and k.deleted_at is null;

-- The insights of the configs linked to a component.
create or replace function lookup_analysis_by_component(id uuid) returns setof config_analysis
language sql stable as $$
  select a.* from config_analysis a
   where a.config_id in (select r.config_id from config_component_relationships r
                          where r.component_id = lookup_analysis_by_component.id
                            and r.deleted_at is null);
$$;
