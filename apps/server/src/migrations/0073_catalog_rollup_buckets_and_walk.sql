-- Catalog queries, second step (0071 and 0072 are released and never edited):
-- 1. The summary rollups keep each count in a UTC hour bucket (grain 'h') and a UTC day bucket
--    (grain 'd'): a `since` reads whole days, then the whole hours before them, from the
--    rollups, and the part of its first hour from the source tables. The rollups of changes
--    and insights are rebuilt from the source tables.
-- 2. The graph walk keeps its visited set in a jsonb object (a key lookup per test, where an
--    array was scanned), and related_configs_recursive joins the links of its answer once.

drop table config_summary_changes;
drop table config_summary_analysis;

create table config_summary_changes (
  type text not null,
  deleted boolean not null,
  grain text not null check (grain in ('h', 'd')),
  bucket timestamptz not null,
  changes integer not null default 0,
  primary key (type, deleted, grain, bucket)
);

create table config_summary_analysis (
  type text not null,
  deleted boolean not null,
  analysis_type text not null,
  grain text not null check (grain in ('h', 'd')),
  bucket timestamptz not null,
  open integer not null default 0,
  primary key (type, deleted, analysis_type, grain, bucket)
);

-- Moves the changes and open insights of items between (type, deleted) keys: sign -1 takes
-- them off the old key, 1 puts them on the new one.
create or replace function config_summary_move(moves jsonb) returns void
language sql as $$
  insert into config_summary_changes as s (type, deleted, grain, bucket, changes)
  select m.type, m.deleted, g.grain, g.bucket, sum(m.sign)::int
    from jsonb_to_recordset(moves) as m(id uuid, type text, deleted boolean, sign int)
    join config_changes c on c.config_id = m.id
    cross join lateral (values ('h', date_trunc('hour', c.created_at, 'UTC')), ('d', date_trunc('day', c.created_at, 'UTC'))) g(grain, bucket)
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (type, deleted, grain, bucket) do update set changes = s.changes + excluded.changes;
  insert into config_summary_analysis as s (type, deleted, analysis_type, grain, bucket, open)
  select m.type, m.deleted, a.analysis_type, g.grain, g.bucket, sum(m.sign)::int
    from jsonb_to_recordset(moves) as m(id uuid, type text, deleted boolean, sign int)
    join config_analysis a on a.config_id = m.id and a.status = 'open'
    cross join lateral (values ('h', date_trunc('hour', coalesce(a.last_observed, a.first_observed), 'UTC')), ('d', date_trunc('day', coalesce(a.last_observed, a.first_observed), 'UTC'))) g(grain, bucket)
   group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict (type, deleted, analysis_type, grain, bucket) do update set open = s.open + excluded.open;
$$;

-- Adds signed change counts ({config_id, at, sign}) to the buckets of their items' keys.
create or replace function config_summary_changes_add(deltas jsonb) returns void
language sql as $$
  insert into config_summary_changes as s (type, deleted, grain, bucket, changes)
  select ci.type, ci.deleted_at is not null, g.grain, g.bucket, sum(d.sign)::int
    from jsonb_to_recordset(coalesce(deltas, '[]'::jsonb)) as d(config_id uuid, at timestamptz, sign int)
    join config_items ci on ci.id = d.config_id
    cross join lateral (values ('h', date_trunc('hour', d.at, 'UTC')), ('d', date_trunc('day', d.at, 'UTC'))) g(grain, bucket)
   group by 1, 2, 3, 4 having sum(d.sign) <> 0 order by 1, 2, 3, 4
  on conflict (type, deleted, grain, bucket) do update set changes = s.changes + excluded.changes;
$$;

-- Adds signed open-insight counts ({config_id, analysis_type, at, sign}) to their buckets.
create or replace function config_summary_analysis_add(deltas jsonb) returns void
language sql as $$
  insert into config_summary_analysis as s (type, deleted, analysis_type, grain, bucket, open)
  select ci.type, ci.deleted_at is not null, d.analysis_type, g.grain, g.bucket, sum(d.sign)::int
    from jsonb_to_recordset(coalesce(deltas, '[]'::jsonb))
         as d(config_id uuid, analysis_type text, at timestamptz, sign int)
    join config_items ci on ci.id = d.config_id
    cross join lateral (values ('h', date_trunc('hour', d.at, 'UTC')), ('d', date_trunc('day', d.at, 'UTC'))) g(grain, bucket)
   group by 1, 2, 3, 4, 5 having sum(d.sign) <> 0 order by 1, 2, 3, 4, 5
  on conflict (type, deleted, analysis_type, grain, bucket) do update set open = s.open + excluded.open;
$$;

-- Rows already stored.
insert into config_summary_changes (type, deleted, grain, bucket, changes)
select ci.type, ci.deleted_at is not null, g.grain, g.bucket, count(*)
  from config_changes c join config_items ci on ci.id = c.config_id
  cross join lateral (values ('h', date_trunc('hour', c.created_at, 'UTC')), ('d', date_trunc('day', c.created_at, 'UTC'))) g(grain, bucket)
 group by 1, 2, 3, 4;
insert into config_summary_analysis (type, deleted, analysis_type, grain, bucket, open)
select ci.type, ci.deleted_at is not null, a.analysis_type, g.grain, g.bucket, count(*)
  from config_analysis a join config_items ci on ci.id = a.config_id
  cross join lateral (values ('h', date_trunc('hour', coalesce(a.last_observed, a.first_observed), 'UTC')), ('d', date_trunc('day', coalesce(a.last_observed, a.first_observed), 'UTC'))) g(grain, bucket)
 where a.status = 'open' group by 1, 2, 3, 4, 5;

drop function related_configs_recursive(uuid, text, boolean, integer, text, text, text, text, text);
drop function config_graph_walk(uuid, text, integer, boolean, text, text);

-- Items reachable from start_id within max_depth hops (the start at depth 0), each once at its
-- smallest depth. 'outgoing' follows links forwards (config_id -> related_id, parent -> child),
-- 'incoming' backwards, 'all' both ways. A relation filter 'hard' keeps parent/child links and
-- relationships whose relation is 'hard'. Visited items are never walked again, so cycles end;
-- the visited set is a jsonb object so that each test is a key lookup.
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
  visited jsonb := jsonb_build_object(start_id::text, 0);
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
  while level < least(coalesce(max_depth, 10), 10) and cardinality(frontier) > 0 loop
    level := level + 1;
    select coalesce(array_agg(distinct e.next), '{}') into frontier
      from (
        select r.related_id as next
          from unnest(frontier) f(x) join config_relationships r on r.config_id = f.x
         where outgoing and r.deleted_at is null and (out_soft or r.relation = 'hard')
        union all
        select c.id from unnest(frontier) f(x) join config_items c on c.parent_id = f.x
         where outgoing
        union all
        select r.config_id
          from unnest(frontier) f(x) join config_relationships r on r.related_id = f.x
         where incoming and r.deleted_at is null and (in_soft or r.relation = 'hard')
        union all
        select c.parent_id from unnest(frontier) f(x) join config_items c on c.id = f.x
         where incoming and c.parent_id is not null
      ) e
     where not visited ? e.next::text
       and (include_deleted_configs
            or exists (select 1 from config_items ci where ci.id = e.next and ci.deleted_at is null));
    visited := visited || coalesce(
      (select jsonb_object_agg(f.x::text, level) from unnest(frontier) f(x)), '{}'::jsonb);
  end loop;
  return query select v.key::uuid, v.value::integer from jsonb_each_text(visited) v;
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
