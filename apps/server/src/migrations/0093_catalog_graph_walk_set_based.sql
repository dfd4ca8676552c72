-- Issue #22: the graph walk and related_configs_recursive, set-based (0073 stays as released).
-- Each level of the walk is one statement planned for its real frontier and visited set
-- (EXECUTE ... USING, so the arrays' sizes are known): a large level hash-joins the links and
-- anti-joins the visited set, where 0073 probed an index per item and tested a jsonb per link.
-- related_configs_recursive keeps its 0073 body (a SQL function the planner inlines; a PL/pgSQL
-- version measured slower in the server) and gains from the faster walk.

create or replace function config_graph_walk(
  start_id uuid,
  type_filter text default 'outgoing',
  max_depth integer default 10,
  include_deleted_configs boolean default false,
  incoming_relation text default 'both',
  outgoing_relation text default 'both'
) returns table (id uuid, depth integer)
language plpgsql stable as $$
declare
  visited uuid[] := array[start_id];
  frontier uuid[] := array[start_id];
  level integer := 0;
  outgoing boolean := type_filter in ('outgoing', 'all');
  incoming boolean := type_filter in ('incoming', 'all');
  out_soft boolean := coalesce(outgoing_relation, 'both') <> 'hard';
  in_soft boolean := coalesce(incoming_relation, 'both') <> 'hard';
begin
  if type_filter is null or type_filter not in ('outgoing', 'incoming', 'all') then
    raise exception 'type_filter must be one of outgoing, incoming, all' using errcode = '22023';
  end if;
  if coalesce(incoming_relation, 'both') not in ('hard', 'both')
     or coalesce(outgoing_relation, 'both') not in ('hard', 'both') then
    raise exception 'incoming_relation and outgoing_relation must be hard or both'
      using errcode = '22023';
  end if;
  return query select start_id, 0;
  while level < least(coalesce(max_depth, 10), 10) and cardinality(frontier) > 0 loop
    level := level + 1;
    execute $q$
      with f as materialized (select distinct x from unnest($1::uuid[]) f(x)),
      v as materialized (select x from unnest($2::uuid[]) v(x)),
      e as (
        select r.related_id as next
          from f join config_relationships r on r.config_id = f.x
         where $3 and r.deleted_at is null and ($5 or r.relation = 'hard')
        union
        select c.id from f join config_items c on c.parent_id = f.x where $3
        union
        select r.config_id
          from f join config_relationships r on r.related_id = f.x
         where $4 and r.deleted_at is null and ($6 or r.relation = 'hard')
        union
        select c.parent_id from f join config_items c on c.id = f.x
         where $4 and c.parent_id is not null
      )
      select coalesce(array_agg(e.next), '{}')
        from e
       where not exists (select 1 from v where v.x = e.next)
         and ($7 or exists (select 1 from config_items ci
                             where ci.id = e.next and ci.deleted_at is null))
    $q$ into frontier
    using frontier, visited, outgoing, incoming, out_soft, in_soft, include_deleted_configs;
    visited := visited || frontier;
    return query select f.x, level from unnest(frontier) f(x);
  end loop;
end;
$$;

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
  with walk as materialized (
    select w.id, w.depth
      from config_graph_walk(related_configs_recursive.config_id, type_filter, max_depth,
                             include_deleted_configs, incoming_relation, outgoing_relation) w
  ),
  links as (
    select r.config_id as a, r.related_id as b
      from walk wa
      join config_relationships r on r.config_id = wa.id and r.deleted_at is null
      join walk wb on wb.id = r.related_id
    union
    select c.parent_id, c.id
      from walk wa
      join config_items c on c.parent_id = wa.id
      join walk wb on wb.id = c.id
  ),
  grouped as (select l.a, array_agg(l.b) as related_ids from links l group by l.a)
  select
    ci.id, ci.name, ci.type, ci.config_class, ci.parent_id, ci.path, ci.agent_id, ci.scraper_id,
    ci.created_by, ci.tags, ci.labels, ci.health, ci.status, ci.ready, ci.description,
    ci.cost_per_minute, ci.cost_total_1d, ci.cost_total_7d, ci.cost_total_30d,
    ci.created_at, ci.updated_at, ci.deleted_at,
    coalesce(s.changes, 0), coalesce(s.analysis, '{}'::jsonb),
    coalesce(g.related_ids, '{}'::uuid[]), w.depth
  from walk w
  join config_items ci on ci.id = w.id
  left join grouped g on g.a = ci.id
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
