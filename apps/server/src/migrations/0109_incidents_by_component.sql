-- Incidents with evidence on a component, once per component and incident, for the topology
-- side panel (spec 001 §7: incidents by component).
create view incidents_by_component as
select distinct on (e.component_id, i.id)
  e.component_id, i.id, i.incident_id, i.title, i.type, i.status, i.severity, i.created_at,
  i.updated_at, i.resolved
from evidences e
join hypotheses h on h.id = e.hypothesis_id
join incidents i on i.id = h.incident_id
where e.component_id is not null and i.deleted_at is null
order by e.component_id, i.id;
