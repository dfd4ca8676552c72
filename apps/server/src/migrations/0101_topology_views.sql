-- The topology's list views (spec 001 §7 "Topology calls").

create view component_names as
  select id, external_id, type, name, namespace, icon, status, topology_id, agent_id, parent_id,
         path, hidden, created_at, updated_at
    from components where deleted_at is null;

create view component_labels as
  select distinct l.key, l.value
    from components c, jsonb_each_text(c.labels) l
   where c.deleted_at is null;
