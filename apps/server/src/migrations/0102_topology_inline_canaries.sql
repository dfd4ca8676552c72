-- A topology's inline canaries (checks[].inline) run with its writer's right to pair connections
-- with other endpoints, recorded when the spec is written, as for canaries.
alter table topologies add column connection_pairing_approved boolean not null default false;

-- A component removed outright (its topology deleted, cascading) takes its inline canary and
-- that canary's checks with it; soft deletes are handled by the topology run.
create or replace function components_retire_inline_canary() returns trigger
language plpgsql as $$
begin
  with retired as (
    update canaries set deleted_at = now(), updated_at = now()
     where source = 'component/' || old.id::text and deleted_at is null
    returning id
  )
  update checks set deleted_at = now()
   where canary_id in (select id from retired) and deleted_at is null;
  return null;
end;
$$;
create trigger components_retire_inline_canary after delete on components
  for each row execute function components_retire_inline_canary();
