-- The catalog item or component that created an agent, e.g. the cluster an agent was installed
-- into from the catalog (spec 000 §2.6: the Created By cell links to it). At most one is set;
-- agents created by a person keep only created_by. No foreign keys: a second key between agents
-- and config_items (or components) would make `configs?select=agents(…)` ambiguous (PGRST201),
-- so the service checks the id on create and the list reads the names below.
alter table agents
  add column created_by_config uuid,
  add column created_by_component uuid,
  add constraint agents_created_by_one_resource
    check (num_nonnulls(created_by_config, created_by_component) <= 1);

-- Same columns as 0050, then the creator resource and its name (null once it is gone).
create or replace view agents_summary as
  select a.id, a.name, a.description, a.hostname, a.version, a.properties, a.kubernetes, a.tls,
         a.person_id, a.created_by, a.config_count, a.checks_count, a.config_scrapper_count,
         a.playbook_runs_count, a.last_seen, a.last_received,
         case when a.last_seen >= now() - interval '61 seconds' then 'Online' else 'Offline' end
           as status,
         a.created_at, a.updated_at, a.deleted_at,
         a.created_by_config,
         (select c.name from config_items c where c.id = a.created_by_config)
           as created_by_config_name,
         a.created_by_component,
         (select k.name from components k where k.id = a.created_by_component)
           as created_by_component_name
  from agents a
  where a.id <> '00000000-0000-0000-0000-000000000000' and a.deleted_at is null;
