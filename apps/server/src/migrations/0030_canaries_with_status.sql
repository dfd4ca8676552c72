-- The settings list of canaries (spec 002 §2 and §7: GET /canaries_with_status): each canary
-- with its latest run from job_history (status, details, name, start) and its last failed run.
-- Both lookups probe job_history_resource_name_idx (name, resource_id, created_at desc).
create view canaries_with_status as
  select c.id, c.name, c.namespace, c.icon, c.labels, c.spec, c.source, c.schedule,
         c.agent_id, c.created_by, c.created_at, c.updated_at, c.deleted_at,
         coalesce(last_job.time_start, c.last_runtime) as last_runtime,
         last_job.status as job_status,
         last_job.details as job_details,
         last_job.name as job_name,
         last_job.time_start as job_time_start,
         last_failed.time_start as job_last_failed
  from canaries c
  left join lateral (
    select j.status, j.details, j.name, j.time_start
    from job_history j
    where j.name = 'Canary' and j.resource_id = c.id::text
    order by j.created_at desc
    limit 1
  ) last_job on true
  left join lateral (
    select j.time_start
    from job_history j
    where j.name = 'Canary' and j.resource_id = c.id::text and j.status = 'FAILED'
    order by j.created_at desc
    limit 1
  ) last_failed on true;
