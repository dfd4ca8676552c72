-- Agents (issue 7): what each agent created, counted on its row; names that cannot change; the
-- local agent that cannot be deleted; updated_at that ignores pushes and heartbeats; and the
-- agents list view (spec 000 §7: GET /agents_summary).

-- Kept incrementally by the triggers below, for remote agents only: the local agent's rows
-- would make its counter a row every local write contends on, and the list does not show it.
alter table agents
  add column config_count bigint not null default 0,
  add column checks_count bigint not null default 0,
  add column config_scrapper_count bigint not null default 0,
  add column playbook_runs_count bigint not null default 0;

-- Pushes, heartbeats and counters write last_seen, last_received and the counts; they are not
-- edits, so they leave updated_at (the list's 'Updated At') alone.
drop trigger agents_updated_at on agents;
create trigger agents_updated_at
  before update of name, description, properties, kubernetes, tls, person_id, created_by,
    cleanup, deleted_at
  on agents
  for each row execute function set_updated_at();

-- Raised as P0001, which the data API answers with 400 and this message.
create or replace function agents_guard() returns trigger
language plpgsql as $$
begin
  if new.name is distinct from old.name then
    raise exception 'the name of an agent is read-only'
      using detail = format('agent %s is named %L', old.id, old.name),
            hint = 'Create a new agent to use another name.';
  end if;
  if old.id = '00000000-0000-0000-0000-000000000000' and new.deleted_at is not null then
    raise exception 'the local agent cannot be deleted'
      using hint = 'It stands for this installation, not for a remote agent.';
  end if;
  if old.deleted_at is not null and new.deleted_at is null then
    raise exception 'a deleted agent cannot be restored'
      using hint = 'Its access token was revoked when it was deleted; create a new agent.';
  end if;
  return new;
end;
$$;

create trigger agents_guard before update of name, deleted_at on agents
  for each row execute function agents_guard();

-- Statement level, so a batch of n rows costs one update per agent rather than n.
-- tg_argv: the counter column, then 'soft' when only rows with deleted_at null count.
create or replace function agents_count_rows() returns trigger
language plpgsql as $$
declare
  counter text := tg_argv[0];
  live text := case when tg_argv[1] = 'soft' then 'r.deleted_at is null' else 'true' end;
  rows_table text := case when tg_op = 'INSERT' then 'new_rows' else 'old_rows' end;
  sign text := case when tg_op = 'INSERT' then '+' else '-' end;
begin
  execute format(
    'update agents a set %1$I = greatest(a.%1$I %2$s d.n, 0)
       from (select r.agent_id, count(*) as n from %3$I r
              where r.agent_id <> %4$L and %5$s group by r.agent_id) d
      where a.id = d.agent_id',
    counter, sign, rows_table, '00000000-0000-0000-0000-000000000000', live);
  return null;
end;
$$;

-- Row level with a WHEN clause: the engine's and scrapers' updates, which change neither
-- agent_id nor deleted_at, never call it. A cleanup names its agent in vigil.agent_recount
-- and recounts once at the end, instead of updating one counter row per deleted row.
create or replace function agents_count_move_soft() returns trigger
language plpgsql as $$
declare
  counter text := tg_argv[0];
  skip text := coalesce(current_setting('vigil.agent_recount', true), '');
begin
  if old.deleted_at is null and old.agent_id <> '00000000-0000-0000-0000-000000000000'
     and old.agent_id::text <> skip then
    execute format('update agents set %1$I = greatest(%1$I - 1, 0) where id = $1', counter)
      using old.agent_id;
  end if;
  if new.deleted_at is null and new.agent_id <> '00000000-0000-0000-0000-000000000000'
     and new.agent_id::text <> skip then
    execute format('update agents set %1$I = %1$I + 1 where id = $1', counter)
      using new.agent_id;
  end if;
  return null;
end;
$$;

-- playbook_runs has no soft delete: only a change of agent moves a run.
create or replace function agents_count_move() returns trigger
language plpgsql as $$
declare
  counter text := tg_argv[0];
begin
  if old.agent_id <> '00000000-0000-0000-0000-000000000000' then
    execute format('update agents set %1$I = greatest(%1$I - 1, 0) where id = $1', counter)
      using old.agent_id;
  end if;
  if new.agent_id <> '00000000-0000-0000-0000-000000000000' then
    execute format('update agents set %1$I = %1$I + 1 where id = $1', counter)
      using new.agent_id;
  end if;
  return null;
end;
$$;

create trigger checks_agent_count_insert after insert on checks
  referencing new table as new_rows
  for each statement execute function agents_count_rows('checks_count', 'soft');
create trigger checks_agent_count_delete after delete on checks
  referencing old table as old_rows
  for each statement execute function agents_count_rows('checks_count', 'soft');
create trigger checks_agent_count_update after update of agent_id, deleted_at on checks
  for each row
  when (old.agent_id is distinct from new.agent_id
        or (old.deleted_at is null) <> (new.deleted_at is null))
  execute function agents_count_move_soft('checks_count');

create trigger config_items_agent_count_insert after insert on config_items
  referencing new table as new_rows
  for each statement execute function agents_count_rows('config_count', 'soft');
create trigger config_items_agent_count_delete after delete on config_items
  referencing old table as old_rows
  for each statement execute function agents_count_rows('config_count', 'soft');
create trigger config_items_agent_count_update after update of agent_id, deleted_at on config_items
  for each row
  when (old.agent_id is distinct from new.agent_id
        or (old.deleted_at is null) <> (new.deleted_at is null))
  execute function agents_count_move_soft('config_count');

create trigger config_scrapers_agent_count_insert after insert on config_scrapers
  referencing new table as new_rows
  for each statement execute function agents_count_rows('config_scrapper_count', 'soft');
create trigger config_scrapers_agent_count_delete after delete on config_scrapers
  referencing old table as old_rows
  for each statement execute function agents_count_rows('config_scrapper_count', 'soft');
create trigger config_scrapers_agent_count_update
  after update of agent_id, deleted_at on config_scrapers
  for each row
  when (old.agent_id is distinct from new.agent_id
        or (old.deleted_at is null) <> (new.deleted_at is null))
  execute function agents_count_move_soft('config_scrapper_count');

create trigger playbook_runs_agent_count_insert after insert on playbook_runs
  referencing new table as new_rows
  for each statement execute function agents_count_rows('playbook_runs_count', 'all');
create trigger playbook_runs_agent_count_delete after delete on playbook_runs
  referencing old table as old_rows
  for each statement execute function agents_count_rows('playbook_runs_count', 'all');
create trigger playbook_runs_agent_count_update after update of agent_id on playbook_runs
  for each row when (old.agent_id is distinct from new.agent_id)
  execute function agents_count_move('playbook_runs_count');

-- Counts one agent from scratch: after a cleanup, and to fill the counters below.
create or replace function agents_recount(agent uuid) returns void
language sql as $$
  update agents a set
    checks_count = (select count(*) from checks k
                     where k.agent_id = a.id and k.deleted_at is null),
    config_count = (select count(*) from config_items c
                     where c.agent_id = a.id and c.deleted_at is null),
    config_scrapper_count = (select count(*) from config_scrapers s
                              where s.agent_id = a.id and s.deleted_at is null),
    playbook_runs_count = (select count(*) from playbook_runs r where r.agent_id = a.id)
  where a.id = agent and a.id <> '00000000-0000-0000-0000-000000000000';
$$;

select agents_recount(id) from agents where id <> '00000000-0000-0000-0000-000000000000';

-- The agents list: remote agents that are not deleted, with Online/Offline from last_seen
-- (spec 000 §4 and §9: within 61 s). Column names are the table's, so that the data API
-- infers the foreign keys of created_by and person_id for embedding.
create view agents_summary as
  select a.id, a.name, a.description, a.hostname, a.version, a.properties, a.kubernetes, a.tls,
         a.person_id, a.created_by, a.config_count, a.checks_count, a.config_scrapper_count,
         a.playbook_runs_count, a.last_seen, a.last_received,
         case when a.last_seen >= now() - interval '61 seconds' then 'Online' else 'Offline' end
           as status,
         a.created_at, a.updated_at, a.deleted_at
  from agents a
  where a.id <> '00000000-0000-0000-0000-000000000000' and a.deleted_at is null;
