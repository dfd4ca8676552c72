-- Issue #25: the incident workflow. A status change keeps the status it came from, so that
-- the write hook can check the transition (spec 002 §4) against the row as it was and name it
-- in the changelog; resolved and closed times follow the status.
alter table incidents add column previous_status text;

create or replace function incidents_status_change() returns trigger
language plpgsql as $$
begin
  if new.status is distinct from old.status then
    new.previous_status := old.status;
    if new.status = 'resolved' then new.resolved := now(); end if;
    if new.status = 'closed' then new.closed := now(); end if;
  else
    new.previous_status := null;
  end if;
  return new;
end;
$$;
create trigger incidents_status_change before update on incidents
  for each row execute function incidents_status_change();

-- The list filters by status with severity or type, newest first, and counts the matches:
-- each count is an index-only scan of one of these.
create index incidents_status_severity_idx on incidents (status, severity, created_at desc)
  where deleted_at is null;
create index incidents_status_type_idx on incidents (status, type, created_at desc)
  where deleted_at is null;
create index evidences_dod_script_idx on evidences (hypothesis_id)
  where definition_of_done and not done and script is not null;

-- The incident list: each incident with its commander, communicator and live responders.
-- Scalar subqueries and left joins on keys, so that a count or a filter never computes them:
-- the planner drops what the outer query does not read, and a page builds them for its rows.
create view incident_summary as
select
  i.id, i.incident_id, i.title, i.description, i.type, i.status, i.severity,
  i.created_by, i.commander_id, i.communicator_id, i.created_at, i.updated_at, i.deleted_at,
  (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
     from people p where p.id = i.commander_id) as commander,
  (select jsonb_build_object('id', p.id, 'name', p.name, 'avatar', p.avatar)
     from people p where p.id = i.communicator_id) as communicator,
  coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', rs.id, 'type', rs.type,
             'name', coalesce(p.name, t.name), 'avatar', p.avatar, 'icon', t.icon)
           order by rs.created_at)
      from responders rs
      left join people p on p.id = rs.person_id
      left join teams t on t.id = rs.team_id
     where rs.incident_id = i.id and rs.deleted_at is null
  ), '[]'::jsonb) as responders
from incidents i;

-- Incidents linked to a component or a config item through their evidence.
-- Once per component and live incident: the incidents page's Component filter and the
-- topology side panel's Incidents section.
create view incidents_by_component as
select distinct on (i.id, e.component_id)
  i.id, i.incident_id, i.title, i.type, i.status, i.severity, i.created_at, i.updated_at,
  i.resolved, i.deleted_at, e.component_id
from evidences e
join hypotheses h on h.id = e.hypothesis_id
join incidents i on i.id = h.incident_id
where e.component_id is not null and i.deleted_at is null;

create view incidents_by_config as
select distinct on (i.id, e.config_id)
  i.id, i.incident_id, i.title, i.type, i.status, i.severity, i.created_at, i.deleted_at,
  e.config_id
from evidences e
join hypotheses h on h.id = e.hypothesis_id
join incidents i on i.id = h.incident_id
where e.config_id is not null;
