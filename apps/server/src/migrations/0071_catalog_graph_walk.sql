-- Walking the config graph: relationships (config_relationships) and hard parent/child links
-- (parent_id). One breadth-first walk serves related_configs_recursive and the changes search.

-- Items reachable from start_id within max_depth hops (the start at depth 0), each once at its
-- smallest depth, with related_ids: the items of the answer it links to (config_id ->
-- related_id, parent -> child) by a link the walk went along. 'outgoing' follows those links
-- forwards, 'incoming' backwards, 'all' both ways. A relation filter 'hard' keeps parent/child
-- links and relationships whose relation is 'hard'. Visited items are never walked again, so
-- cycles end; the visited set is a jsonb object so that each test is a key lookup.
create or replace function config_graph_walk(
  start_id uuid,
  type_filter text default 'outgoing',
  max_depth integer default 10,
  include_deleted_configs boolean default false,
  incoming_relation text default 'both',
  outgoing_relation text default 'both'
) returns table (id uuid, depth integer, related_ids uuid[])
language plpgsql stable as $$
declare
  visited jsonb := jsonb_build_object(start_id::text, 0);
  frontier uuid[] := array[start_id];
  level integer := 0;
  outgoing boolean := type_filter in ('outgoing', 'all');
  incoming boolean := type_filter in ('incoming', 'all');
  out_soft boolean := coalesce(outgoing_relation, 'both') <> 'hard';
  in_soft boolean := coalesce(incoming_relation, 'both') <> 'hard';
  link_from uuid[] := '{}';
  link_to uuid[] := '{}';
  level_from uuid[];
  level_to uuid[];
  level_next uuid[];
begin
  if type_filter is null or type_filter not in ('outgoing', 'incoming', 'all') then
    raise exception 'type_filter must be one of outgoing, incoming, all' using errcode = '22023';
  end if;
  if coalesce(incoming_relation, 'both') not in ('hard', 'both')
     or coalesce(outgoing_relation, 'both') not in ('hard', 'both') then
    raise exception 'incoming_relation and outgoing_relation must be hard or both'
      using errcode = '22023';
  end if;
  while level < least(coalesce(max_depth, 10), 10) and cardinality(frontier) > 0 loop
    level := level + 1;
    select coalesce(array_agg(e.src), '{}'), coalesce(array_agg(e.dst), '{}'),
           coalesce(array_agg(e.next), '{}')
      into level_from, level_to, level_next
      from (
        select r.config_id as src, r.related_id as dst, r.related_id as next
          from unnest(frontier) f(x) join config_relationships r on r.config_id = f.x
         where outgoing and r.deleted_at is null and (out_soft or r.relation = 'hard')
        union all
        select c.parent_id, c.id, c.id
          from unnest(frontier) f(x) join config_items c on c.parent_id = f.x
         where outgoing
        union all
        select r.config_id, r.related_id, r.config_id
          from unnest(frontier) f(x) join config_relationships r on r.related_id = f.x
         where incoming and r.deleted_at is null and (in_soft or r.relation = 'hard')
        union all
        select c.parent_id, c.id, c.parent_id
          from unnest(frontier) f(x) join config_items c on c.id = f.x
         where incoming and c.parent_id is not null
      ) e;
    link_from := link_from || level_from;
    link_to := link_to || level_to;
    select coalesce(array_agg(n.x), '{}') into frontier
      from (select distinct x from unnest(level_next) u(x) where not visited ? x::text) n
     where include_deleted_configs
        or exists (select 1 from config_items ci where ci.id = n.x and ci.deleted_at is null);
    visited := visited || coalesce(
      (select jsonb_object_agg(f.x::text, level) from unnest(frontier) f(x)), '{}'::jsonb);
  end loop;
  return query
    with links as (
      select l.a, jsonb_agg(distinct l.b) as bs
        from unnest(link_from, link_to) l(a, b)
       where visited ? l.b::text
       group by l.a
    ),
    by_item as (select coalesce(jsonb_object_agg(links.a::text, links.bs), '{}'::jsonb) as m from links)
    select v.key::uuid, v.value::integer,
           coalesce(array(select jsonb_array_elements_text(b.m -> v.key)::uuid), '{}'::uuid[])
      from jsonb_each_text(visited) v, by_item b;
end;
$$;

-- The row of the relationships table and graph: the item, its counts, the ids it links to and
-- its distance from the item asked about. related_configs_recursive returns these rows; the
-- view itself answers each item with its direct links.
create view related_config_items as
select
  ci.id, ci.name, ci.type, ci.config_class, ci.parent_id, ci.path, ci.agent_id, ci.scraper_id,
  ci.created_by, ci.tags, ci.labels, ci.health, ci.status, ci.ready, ci.description,
  ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d,
  ci.created_at, ci.updated_at, ci.deleted_at,
  coalesce(s.changes, 0) as changes,
  coalesce(s.analysis, '{}'::jsonb) as analysis,
  array(select r.related_id from config_relationships r
         where r.config_id = ci.id and r.deleted_at is null) as related_ids,
  null::integer as depth
from config_items ci
left join config_item_summaries s on s.config_id = ci.id;

drop function related_configs_recursive(uuid, text, boolean, integer);

-- Items related to config_id (spec: config_id, include_deleted_configs, max_depth = 10, type,
-- status, health, type_filter, incoming_relation, outgoing_relation). type, status and health
-- are comma-separated lists that filter the answer, not the walk. The start item is left out.
create or replace function related_configs_recursive(
  config_id uuid,
  type_filter text default 'outgoing',
  include_deleted_configs boolean default false,
  max_depth integer default 10,
  incoming_relation text default 'both',
  outgoing_relation text default 'both',
  type text default null,
  status text default null,
  health text default null
) returns setof related_config_items
language sql stable as $$
  select
    ci.id, ci.name, ci.type, ci.config_class, ci.parent_id, ci.path, ci.agent_id, ci.scraper_id,
    ci.created_by, ci.tags, ci.labels, ci.health, ci.status, ci.ready, ci.description,
    ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d,
    ci.created_at, ci.updated_at, ci.deleted_at,
    coalesce(s.changes, 0), coalesce(s.analysis, '{}'::jsonb),
    w.related_ids, w.depth
  from config_graph_walk(related_configs_recursive.config_id, type_filter, max_depth,
                         include_deleted_configs, incoming_relation, outgoing_relation) w
  join config_items ci on ci.id = w.id
  left join config_item_summaries s on s.config_id = ci.id
  where w.depth > 0
    and (related_configs_recursive.type is null
         or ci.type = any(string_to_array(related_configs_recursive.type, ',')))
    and (related_configs_recursive.status is null
         or ci.status = any(string_to_array(related_configs_recursive.status, ',')))
    and (related_configs_recursive.health is null
         or ci.health = any(string_to_array(related_configs_recursive.health, ',')))
  order by w.depth, ci.name;
$$;
