-- Component status roll-up, kept incrementally: a component's status is the worst of its own
-- health, its linked checks and configs, and its children, where children that mix healthy
-- and unhealthy count as a warning. Changes re-roll only the component and its ancestors.

-- The reason a spec or lookup gave for the component's own health; status_reason is derived.
alter table components add column health_reason text;

create or replace function component_rollup(start_id uuid, propagate boolean default true)
returns void language plpgsql as $$
declare
  current_id uuid := start_id;
  steps int := 0;
  c record;
  direct_u int; direct_w int; direct_h int; direct_bad text[];
  kids_h int; kids_u int; kids_w int; kids_total int; kids_bad text[];
  checks jsonb;
  new_status text; new_reason text;
begin
  while current_id is not null and steps < 64 loop
    steps := steps + 1;
    select id, health, health_reason, status, status_reason, parent_id, summary into c
      from components where id = current_id and deleted_at is null;
    if not found then return; end if;

    with direct as (
      select 'check ' || k.name as what, coalesce(k.status, 'unknown') as status
        from check_component_relationships r join checks k on k.id = r.check_id
       where r.component_id = current_id and r.deleted_at is null and k.deleted_at is null
      union all
      select 'config ' || coalesce(ci.name, ci.id::text), coalesce(ci.health, 'unknown')
        from config_component_relationships r join config_items ci on ci.id = r.config_id
       where r.component_id = current_id and r.deleted_at is null and ci.deleted_at is null
    )
    select count(*) filter (where status = 'unhealthy'), count(*) filter (where status = 'warning'),
           count(*) filter (where status = 'healthy'),
           (array_agg(what || ' is ' || status order by status desc, what)
              filter (where status in ('unhealthy', 'warning')))[1:3]
      into direct_u, direct_w, direct_h, direct_bad from direct;

    select jsonb_build_object(
             'healthy', count(*) filter (where k.status = 'healthy'),
             'unhealthy', count(*) filter (where k.status = 'unhealthy'),
             'warning', 0,
             'unknown', count(*) filter (where k.status is null))
      into checks
      from check_component_relationships r join checks k on k.id = r.check_id
     where r.component_id = current_id and r.deleted_at is null and k.deleted_at is null;

    select count(*) filter (where status = 'healthy'), count(*) filter (where status = 'unhealthy'),
           count(*) filter (where status = 'warning'), count(*),
           (array_agg(name order by name) filter (where status = 'unhealthy'))[1:3]
      into kids_h, kids_u, kids_w, kids_total, kids_bad
      from components where parent_id = current_id and deleted_at is null;

    if c.health = 'unhealthy' or direct_u > 0 then
      new_status := 'unhealthy';
      new_reason := case when c.health = 'unhealthy'
                         then coalesce(c.health_reason, 'its own health is unhealthy')
                         else array_to_string(direct_bad, ', ') end;
    elsif kids_u > 0 and kids_h = 0 then
      new_status := 'unhealthy';
      new_reason := format('%s of %s children unhealthy: %s', kids_u, kids_total,
                           array_to_string(kids_bad, ', '));
    elsif kids_u > 0 then
      new_status := 'warning';
      new_reason := format('%s of %s children unhealthy: %s', kids_u, kids_total,
                           array_to_string(kids_bad, ', '));
    elsif c.health = 'warning' or direct_w > 0 then
      new_status := 'warning';
      new_reason := case when c.health = 'warning'
                         then coalesce(c.health_reason, 'its own health is warning')
                         else array_to_string(direct_bad, ', ') end;
    elsif kids_w > 0 then
      new_status := 'warning';
      new_reason := format('%s of %s children in warning', kids_w, kids_total);
    elsif c.health = 'healthy' or direct_h > 0 or kids_h > 0 then
      new_status := 'healthy';
      new_reason := c.health_reason;
    else
      new_status := 'unknown';
      new_reason := c.health_reason;
    end if;

    if new_status is distinct from c.status or new_reason is distinct from c.status_reason
       or (coalesce(c.summary, '{}'::jsonb) -> 'checks') is distinct from checks then
      update components
         set status = new_status, status_reason = new_reason,
             summary = jsonb_set(coalesce(summary, '{}'::jsonb), '{checks}', checks)
       where id = current_id;
    end if;
    -- Ancestors only change when this status did.
    exit when not propagate or new_status is not distinct from c.status;
    current_id := c.parent_id;
  end loop;
end;
$$;

create or replace function components_rollup_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform component_rollup(new.id);
  else
    if new.deleted_at is not null then
      perform component_rollup(new.parent_id);
    else
      perform component_rollup(new.id, true);
    end if;
    if old.parent_id is distinct from new.parent_id then
      perform component_rollup(old.parent_id);
    end if;
  end if;
  return null;
end;
$$;
create trigger components_rollup after insert or update of health, health_reason, parent_id,
  deleted_at on components for each row execute function components_rollup_trigger();

create or replace function check_status_rollup_trigger() returns trigger language plpgsql as $$
begin
  perform component_rollup(r.component_id)
     from check_component_relationships r where r.check_id = new.id and r.deleted_at is null;
  return null;
end;
$$;
create trigger checks_component_rollup after update of status, deleted_at on checks
  for each row when (old.status is distinct from new.status
                     or old.deleted_at is distinct from new.deleted_at)
  execute function check_status_rollup_trigger();

create or replace function config_health_rollup_trigger() returns trigger language plpgsql as $$
begin
  perform component_rollup(r.component_id)
     from config_component_relationships r where r.config_id = new.id and r.deleted_at is null;
  return null;
end;
$$;
create trigger config_items_component_rollup after update of health, deleted_at on config_items
  for each row when (old.health is distinct from new.health
                     or old.deleted_at is distinct from new.deleted_at)
  execute function config_health_rollup_trigger();

create or replace function component_link_rollup_trigger() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform component_rollup(old.component_id);
  else
    perform component_rollup(new.component_id);
  end if;
  return null;
end;
$$;
create trigger check_component_relationships_rollup
  after insert or delete or update of deleted_at on check_component_relationships
  for each row execute function component_link_rollup_trigger();
create trigger config_component_relationships_rollup
  after insert or delete or update of deleted_at on config_component_relationships
  for each row execute function component_link_rollup_trigger();
