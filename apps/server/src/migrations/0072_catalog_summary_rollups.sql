-- Rollups behind POST /api/catalog/summary grouped by type (the catalog's landing table), kept
-- by statement triggers so that a summary reads a few thousand rows, never every item or change.
--   config_summary_items:    items, health and costs per (type, health, deleted)
--   config_summary_changes:  changes per (type, deleted, UTC hour of created_at)
--   config_summary_analysis: open insights per (type, deleted, analysis_type, UTC hour of
--                            coalesce(last_observed, first_observed))
-- "deleted" is the item's deleted_at is not null. Hour buckets let a `since` read whole hours
-- here and the part of its first hour from the source tables (exact counts).

create table config_summary_items (
  type text not null,
  health text not null,
  deleted boolean not null,
  items integer not null default 0,
  costed integer not null default 0,               -- items with a cost_total_30d
  cost_total_1d numeric not null default 0,
  cost_total_7d numeric not null default 0,
  cost_total_30d numeric not null default 0,
  primary key (type, health, deleted)
);

create table config_summary_changes (
  type text not null,
  deleted boolean not null,
  hour timestamptz not null,
  changes integer not null default 0,
  primary key (type, deleted, hour)
);

create table config_summary_analysis (
  type text not null,
  deleted boolean not null,
  analysis_type text not null,
  hour timestamptz not null,
  open integer not null default 0,
  primary key (type, deleted, analysis_type, hour)
);

-- The newest created and updated item of a type, read per type at summary time; the part of a
-- since's first hour, read from the source tables.
create index config_items_type_created_at_idx on config_items (type, created_at);
create index config_items_type_updated_at_idx on config_items (type, updated_at);
create index config_analysis_open_observed_idx
  on config_analysis ((coalesce(last_observed, first_observed))) where status = 'open';

-- Adds signed deltas of items (sign 1 for new rows, -1 for old rows).
create or replace function config_summary_items_add(rows jsonb) returns void
language sql as $$
  insert into config_summary_items as s
    (type, health, deleted, items, costed, cost_total_1d, cost_total_7d, cost_total_30d)
  select r.type, r.health, r.deleted, sum(r.sign)::int,
         sum(case when r.cost_total_30d is not null then r.sign else 0 end)::int,
         coalesce(sum(r.sign * r.cost_total_1d), 0), coalesce(sum(r.sign * r.cost_total_7d), 0),
         coalesce(sum(r.sign * r.cost_total_30d), 0)
    from jsonb_to_recordset(rows) as r(type text, health text, deleted boolean, sign int,
         cost_total_1d numeric, cost_total_7d numeric, cost_total_30d numeric)
   group by r.type, r.health, r.deleted
   order by r.type, r.health, r.deleted
  on conflict (type, health, deleted) do update set
    items = s.items + excluded.items, costed = s.costed + excluded.costed,
    cost_total_1d = s.cost_total_1d + excluded.cost_total_1d,
    cost_total_7d = s.cost_total_7d + excluded.cost_total_7d,
    cost_total_30d = s.cost_total_30d + excluded.cost_total_30d;
$$;

-- Moves the changes and open insights of items between (type, deleted) keys: sign -1 takes
-- them off the old key, 1 puts them on the new one.
create or replace function config_summary_move(moves jsonb) returns void
language sql as $$
  insert into config_summary_changes as s (type, deleted, hour, changes)
  select m.type, m.deleted, date_trunc('hour', c.created_at, 'UTC'), sum(m.sign)::int
    from jsonb_to_recordset(moves) as m(id uuid, type text, deleted boolean, sign int)
    join config_changes c on c.config_id = m.id
   group by 1, 2, 3 order by 1, 2, 3
  on conflict (type, deleted, hour) do update set changes = s.changes + excluded.changes;
  insert into config_summary_analysis as s (type, deleted, analysis_type, hour, open)
  select m.type, m.deleted, a.analysis_type,
         date_trunc('hour', coalesce(a.last_observed, a.first_observed), 'UTC'), sum(m.sign)::int
    from jsonb_to_recordset(moves) as m(id uuid, type text, deleted boolean, sign int)
    join config_analysis a on a.config_id = m.id and a.status = 'open'
   group by 1, 2, 3, 4 order by 1, 2, 3, 4
  on conflict (type, deleted, analysis_type, hour) do update set open = s.open + excluded.open;
$$;

create or replace function config_summary_items_changed() returns trigger
language plpgsql as $$
declare
  deltas jsonb;
  moves jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('type', n.type, 'health', coalesce(n.health, 'unknown'),
             'deleted', n.deleted_at is not null, 'sign', 1, 'cost_total_1d', n.cost_total_1d,
             'cost_total_7d', n.cost_total_7d, 'cost_total_30d', n.cost_total_30d))
      into deltas from new_rows n;
  elsif tg_op = 'DELETE' then
    select jsonb_agg(jsonb_build_object('type', o.type, 'health', coalesce(o.health, 'unknown'),
             'deleted', o.deleted_at is not null, 'sign', -1, 'cost_total_1d', o.cost_total_1d,
             'cost_total_7d', o.cost_total_7d, 'cost_total_30d', o.cost_total_30d))
      into deltas from old_rows o;
  else
    with pairs as (
      select o.id, o.type as old_type, n.type as new_type,
             o.deleted_at is not null as old_deleted, n.deleted_at is not null as new_deleted,
             coalesce(o.health, 'unknown') as old_health, coalesce(n.health, 'unknown') as new_health,
             o.cost_total_1d as o1, o.cost_total_7d as o7, o.cost_total_30d as o30,
             n.cost_total_1d as n1, n.cost_total_7d as n7, n.cost_total_30d as n30
        from old_rows o join new_rows n on n.id = o.id
       where (o.type, coalesce(o.health, 'unknown'), o.deleted_at is null, o.cost_total_1d,
              o.cost_total_7d, o.cost_total_30d)
             is distinct from
             (n.type, coalesce(n.health, 'unknown'), n.deleted_at is null, n.cost_total_1d,
              n.cost_total_7d, n.cost_total_30d)
    )
    select
      (select jsonb_agg(d) from (
         select jsonb_build_object('type', old_type, 'health', old_health, 'deleted', old_deleted,
                  'sign', -1, 'cost_total_1d', o1, 'cost_total_7d', o7, 'cost_total_30d', o30) as d
           from pairs
         union all
         select jsonb_build_object('type', new_type, 'health', new_health, 'deleted', new_deleted,
                  'sign', 1, 'cost_total_1d', n1, 'cost_total_7d', n7, 'cost_total_30d', n30)
           from pairs) x),
      (select jsonb_agg(m) from (
         select jsonb_build_object('id', id, 'type', old_type, 'deleted', old_deleted, 'sign', -1) as m
           from pairs where old_type <> new_type or old_deleted <> new_deleted
         union all
         select jsonb_build_object('id', id, 'type', new_type, 'deleted', new_deleted, 'sign', 1)
           from pairs where old_type <> new_type or old_deleted <> new_deleted) y)
      into deltas, moves;
  end if;
  if deltas is not null then perform config_summary_items_add(deltas); end if;
  if moves is not null then perform config_summary_move(moves); end if;
  return null;
end;
$$;

create trigger config_items_summary_insert after insert on config_items
  referencing new table as new_rows
  for each statement execute function config_summary_items_changed();
create trigger config_items_summary_update after update on config_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function config_summary_items_changed();
create trigger config_items_summary_delete after delete on config_items
  referencing old table as old_rows
  for each statement execute function config_summary_items_changed();

-- A purged item takes its changes and insights off the rollups before the cascade removes
-- them (the cascade's own triggers no longer find the item, so nothing is taken off twice).
create or replace function config_summary_item_purged() returns trigger
language plpgsql as $$
begin
  perform config_summary_move(jsonb_build_array(jsonb_build_object(
    'id', old.id, 'type', old.type, 'deleted', old.deleted_at is not null, 'sign', -1)));
  return old;
end;
$$;
create trigger config_items_summary_purge before delete on config_items
  for each row execute function config_summary_item_purged();

-- Adds signed change counts ({config_id, at, sign}) to the hour buckets of their items' keys.
create or replace function config_summary_changes_add(deltas jsonb) returns void
language sql as $$
  insert into config_summary_changes as s (type, deleted, hour, changes)
  select ci.type, ci.deleted_at is not null, date_trunc('hour', d.at, 'UTC'), sum(d.sign)::int
    from jsonb_to_recordset(coalesce(deltas, '[]'::jsonb)) as d(config_id uuid, at timestamptz, sign int)
    join config_items ci on ci.id = d.config_id
   group by 1, 2, 3 having sum(d.sign) <> 0 order by 1, 2, 3
  on conflict (type, deleted, hour) do update set changes = s.changes + excluded.changes;
$$;

create or replace function config_summary_changes_changed() returns trigger
language plpgsql as $$
declare
  deltas jsonb;
begin
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('config_id', n.config_id, 'at', n.created_at, 'sign', 1))
      into deltas from new_rows n;
  else
    select jsonb_agg(jsonb_build_object('config_id', o.config_id, 'at', o.created_at, 'sign', -1))
      into deltas from old_rows o;
  end if;
  perform config_summary_changes_add(deltas);
  return null;
end;
$$;
create or replace function config_summary_changes_updated() returns trigger
language plpgsql as $$
declare
  deltas jsonb;
begin
  select jsonb_agg(d) into deltas from (
    select jsonb_build_object('config_id', n.config_id, 'at', n.created_at, 'sign', 1) as d
      from new_rows n join old_rows o on o.id = n.id
     where (n.config_id, n.created_at) is distinct from (o.config_id, o.created_at)
    union all
    select jsonb_build_object('config_id', o.config_id, 'at', o.created_at, 'sign', -1)
      from new_rows n join old_rows o on o.id = n.id
     where (n.config_id, n.created_at) is distinct from (o.config_id, o.created_at)
  ) x;
  perform config_summary_changes_add(deltas);
  return null;
end;
$$;
create trigger config_changes_rollup_insert after insert on config_changes
  referencing new table as new_rows
  for each statement execute function config_summary_changes_changed();
create trigger config_changes_rollup_update after update on config_changes
  referencing old table as old_rows new table as new_rows
  for each statement execute function config_summary_changes_updated();
create trigger config_changes_rollup_delete after delete on config_changes
  referencing old table as old_rows
  for each statement execute function config_summary_changes_changed();

-- Open insights: old rows come off their bucket, new rows go on theirs.
-- Adds signed open-insight counts ({config_id, analysis_type, at, sign}) to their buckets.
create or replace function config_summary_analysis_add(deltas jsonb) returns void
language sql as $$
  insert into config_summary_analysis as s (type, deleted, analysis_type, hour, open)
  select ci.type, ci.deleted_at is not null, d.analysis_type, date_trunc('hour', d.at, 'UTC'),
         sum(d.sign)::int
    from jsonb_to_recordset(coalesce(deltas, '[]'::jsonb))
         as d(config_id uuid, analysis_type text, at timestamptz, sign int)
    join config_items ci on ci.id = d.config_id
   group by 1, 2, 3, 4 having sum(d.sign) <> 0 order by 1, 2, 3, 4
  on conflict (type, deleted, analysis_type, hour) do update set open = s.open + excluded.open;
$$;

-- Open insights: old rows come off their bucket, new rows go on theirs.
create or replace function config_summary_analysis_changed() returns trigger
language plpgsql as $$
declare
  added jsonb;
  removed jsonb;
begin
  if tg_op in ('INSERT', 'UPDATE') then
    select jsonb_agg(jsonb_build_object('config_id', n.config_id, 'analysis_type', n.analysis_type,
             'at', coalesce(n.last_observed, n.first_observed), 'sign', 1))
      into added from new_rows n where n.status = 'open';
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    select jsonb_agg(jsonb_build_object('config_id', o.config_id, 'analysis_type', o.analysis_type,
             'at', coalesce(o.last_observed, o.first_observed), 'sign', -1))
      into removed from old_rows o where o.status = 'open';
  end if;
  perform config_summary_analysis_add(coalesce(added, '[]'::jsonb) || coalesce(removed, '[]'::jsonb));
  return null;
end;
$$;
create trigger config_analysis_rollup_insert after insert on config_analysis
  referencing new table as new_rows
  for each statement execute function config_summary_analysis_changed();
create trigger config_analysis_rollup_update after update on config_analysis
  referencing old table as old_rows new table as new_rows
  for each statement execute function config_summary_analysis_changed();
create trigger config_analysis_rollup_delete after delete on config_analysis
  referencing old table as old_rows
  for each statement execute function config_summary_analysis_changed();

-- Rows already stored when this migration runs.
insert into config_summary_items
  (type, health, deleted, items, costed, cost_total_1d, cost_total_7d, cost_total_30d)
select type, coalesce(health, 'unknown'), deleted_at is not null, count(*), count(cost_total_30d),
       coalesce(sum(cost_total_1d), 0), coalesce(sum(cost_total_7d), 0), coalesce(sum(cost_total_30d), 0)
  from config_items group by 1, 2, 3;
insert into config_summary_changes (type, deleted, hour, changes)
select ci.type, ci.deleted_at is not null, date_trunc('hour', c.created_at, 'UTC'), count(*)
  from config_changes c join config_items ci on ci.id = c.config_id group by 1, 2, 3;
insert into config_summary_analysis (type, deleted, analysis_type, hour, open)
select ci.type, ci.deleted_at is not null, a.analysis_type,
       date_trunc('hour', coalesce(a.last_observed, a.first_observed), 'UTC'), count(*)
  from config_analysis a join config_items ci on ci.id = a.config_id
 where a.status = 'open' group by 1, 2, 3, 4;
