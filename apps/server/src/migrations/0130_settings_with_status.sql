-- The settings lists (spec 002 §2 and §7: GET /{table}_with_status): each resource with its
-- latest job_history run and its last failed run, both probing job_history_resource_idx
-- (resource_type, resource_id, created_at desc), plus integrations_with_status over them.

create view config_scrapers_with_status as
  select s.id, s.name, s.namespace, s.description, s.icon, s.labels, s.spec, s.source,
         s.schedule, s.agent_id, s.created_by, s.created_at, s.updated_at, s.deleted_at,
         coalesce(last_job.time_start, s.last_runtime) as last_runtime,
         last_job.status as job_status, last_job.details as job_details,
         last_job.name as job_name, last_job.time_start as job_time_start,
         last_failed.time_start as job_last_failed
  from config_scrapers s
  left join lateral (
    select j.status, j.details, j.name, j.time_start from job_history j
    where j.resource_type = 'config_scraper' and j.resource_id = s.id::text
    order by j.created_at desc limit 1
  ) last_job on true
  left join lateral (
    select j.time_start from job_history j
    where j.resource_type = 'config_scraper' and j.resource_id = s.id::text
      and j.status = 'FAILED'
    order by j.created_at desc limit 1
  ) last_failed on true;

create view topologies_with_status as
  select t.id, t.name, t.namespace, t.icon, t.labels, t.spec, t.source, t.schedule,
         t.agent_id, t.created_by, t.created_at, t.updated_at, t.deleted_at,
         coalesce(last_job.time_start, t.last_runtime) as last_runtime,
         last_job.status as job_status, last_job.details as job_details,
         last_job.name as job_name, last_job.time_start as job_time_start,
         last_failed.time_start as job_last_failed
  from topologies t
  left join lateral (
    select j.status, j.details, j.name, j.time_start from job_history j
    where j.resource_type = 'topology' and j.resource_id = t.id::text
    order by j.created_at desc limit 1
  ) last_job on true
  left join lateral (
    select j.time_start from job_history j
    where j.resource_type = 'topology' and j.resource_id = t.id::text and j.status = 'FAILED'
    order by j.created_at desc limit 1
  ) last_failed on true;

create view logging_backends_with_status as
  select b.id, b.name, b.namespace, b.labels, b.spec, b.source, b.agent_id, b.created_by,
         b.created_at, b.updated_at, b.deleted_at,
         last_job.time_start as last_runtime,
         last_job.status as job_status, last_job.details as job_details,
         last_job.name as job_name, last_job.time_start as job_time_start,
         last_failed.time_start as job_last_failed
  from logging_backends b
  left join lateral (
    select j.status, j.details, j.name, j.time_start from job_history j
    where j.resource_type = 'logging_backend' and j.resource_id = b.id::text
    order by j.created_at desc limit 1
  ) last_job on true
  left join lateral (
    select j.time_start from job_history j
    where j.resource_type = 'logging_backend' and j.resource_id = b.id::text
      and j.status = 'FAILED'
    order by j.created_at desc limit 1
  ) last_failed on true;

-- Teams run no jobs of their own; the job columns keep every settings list one shape.
create view teams_with_status as
  select t.id, t.name, t.icon, t.spec, t.source, t.created_by, t.created_at, t.updated_at,
         t.deleted_at,
         (select count(*)::int from team_members m where m.team_id = t.id) as member_count,
         last_job.time_start as last_runtime,
         last_job.status as job_status, last_job.details as job_details,
         last_job.name as job_name, last_job.time_start as job_time_start,
         null::timestamptz as job_last_failed
  from teams t
  left join lateral (
    select j.status, j.details, j.name, j.time_start from job_history j
    where j.resource_type = 'team' and j.resource_id = t.id::text
    order by j.created_at desc limit 1
  ) last_job on true;

-- /settings/integrations (spec 002 §3 "Integration list row"): scrapers, topologies and
-- logging backends in one list; integration_type is the detail route's {type}. A union has no
-- foreign keys to embed through, so the agent and the creator come as objects.
create view integrations_with_status as
  select i.id, i.name, i.integration_type, i.namespace, i.source, i.agent_id,
         jsonb_build_object('id', a.id, 'name', a.name) as agent,
         i.job_status, i.job_details, i.job_name, i.job_time_start, i.created_by,
         case when p.id is null then null
              else jsonb_build_object('id', p.id, 'name', p.name) end as creator,
         i.created_at, i.updated_at, i.deleted_at
  from (
    select id, name, 'scrapers'::text as integration_type, namespace, source, agent_id,
           job_status, job_details, job_name, job_time_start, created_by, created_at,
           updated_at, deleted_at
    from config_scrapers_with_status
    union all
    select id, name, 'topologies', namespace, source, agent_id, job_status, job_details,
           job_name, job_time_start, created_by, created_at, updated_at, deleted_at
    from topologies_with_status
    union all
    select id, name, 'logging_backends', namespace, source, agent_id, job_status, job_details,
           job_name, job_time_start, created_by, created_at, updated_at, deleted_at
    from logging_backends_with_status
  ) i
  left join agents a on a.id = i.agent_id
  left join people p on p.id = i.created_by;
