-- statusExpr / healthExpr of a component (CEL over its summary, properties and itself). The
-- roll-up keeps the expression's inputs (expr_summary) and queues the component when they
-- change; the topology's consumer evaluates the expression and stores expr_status (and
-- expr_reason), which the roll-up then uses as the component's status.

alter table components
  add column status_expr text,
  add column health_expr text,
  add column expr_summary jsonb,
  add column expr_status text
    check (expr_status in ('healthy', 'unhealthy', 'warning', 'unknown', 'info')),
  add column expr_reason text;

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
  expr_inputs jsonb;
begin
  while current_id is not null and steps < 64 loop
    steps := steps + 1;
    select id, health, health_reason, status, status_reason, parent_id, summary, status_expr,
           health_expr, expr_status, expr_reason, expr_summary into c
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

    -- An expression decides the status: its inputs are kept and a worker evaluates it (CEL).
    if c.status_expr is not null or c.health_expr is not null then
      -- A leaf counts its own health, as duty's summary of a component without children does.
      expr_inputs := jsonb_build_object(
        'healthy', kids_h + direct_h + coalesce(kids_total = 0 and c.health = 'healthy', false)::int,
        'unhealthy', kids_u + direct_u + coalesce(kids_total = 0 and c.health = 'unhealthy', false)::int,
        'warning', kids_w + direct_w + coalesce(kids_total = 0 and c.health = 'warning', false)::int,
        'unknown', greatest(kids_total - kids_h - kids_u - kids_w, 0),
        'checks', checks,
        'incidents', coalesce(c.summary -> 'incidents', '{}'::jsonb),
        'insights', coalesce(c.summary -> 'insights', '{}'::jsonb));
      if expr_inputs is distinct from c.expr_summary then
        update components set expr_summary = expr_inputs where id = current_id;
        insert into event_queue (name, event_id, properties)
        values ('topology.component.expression', current_id::text,
                jsonb_build_object('id', current_id))
        on conflict (name, event_id) where event_id is not null do nothing;
      end if;
      -- An answer that is not a status (or a failure) leaves the status and says why.
      if c.expr_status is not null then
        new_status := c.expr_status;
        new_reason := coalesce(c.expr_reason, new_reason);
      elsif c.expr_reason is not null then
        new_reason := c.expr_reason;
      end if;
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


drop trigger components_rollup on components;
create trigger components_rollup after insert or update of health, health_reason, parent_id,
  deleted_at, status_expr, health_expr, expr_status, expr_reason on components
  for each row execute function components_rollup_trigger();
