-- The catalog item or component that created an agent, e.g. the cluster an agent was installed
-- into from the catalog (spec 000 §2.6: the Created By cell links to it). At most one is set;
-- agents created by a person keep only created_by.
alter table agents
  add column created_by_config uuid references config_items (id) on delete set null,
  add column created_by_component uuid references components (id) on delete set null,
  add constraint agents_created_by_one_resource
    check (num_nonnulls(created_by_config, created_by_component) <= 1);

-- Same columns as 0050, and the two new ones at the end (so the data API embeds them).
create or replace view agents_summary as
  select a.id, a.name, a.description, a.hostname, a.version, a.properties, a.kubernetes, a.tls,
         a.person_id, a.created_by, a.config_count, a.checks_count, a.config_scrapper_count,
         a.playbook_runs_count, a.last_seen, a.last_received,
         case when a.last_seen >= now() - interval '61 seconds' then 'Online' else 'Offline' end
           as status,
         a.created_at, a.updated_at, a.deleted_at, a.created_by_config, a.created_by_component
  from agents a
  where a.id <> '00000000-0000-0000-0000-000000000000' and a.deleted_at is null;
