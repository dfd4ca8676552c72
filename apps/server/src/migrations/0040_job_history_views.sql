-- Job history for the settings page (spec 002 §2, §3, §7): the job_histories list and the
-- job_history_names filter options, plus the STALE status that the jobs worker gives runs
-- still RUNNING four hours after they started (the spec names no status for that).

alter table job_history drop constraint job_history_status_check;
alter table job_history add constraint job_history_status_check
  check (status in ('RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED', 'STALE'));

-- Retention ranks rows per (name, resource_id); stale marking reads RUNNING rows by start.
create index job_history_running_idx on job_history (time_start) where status = 'RUNNING';

-- Each run with its agent and the current name of its resource (the stored name when the
-- resource is gone). resource_id is text, so only uuid-shaped ids probe the primary keys.
create view job_histories as
  select j.id, j.name, j.agent_id, j.resource_type, j.resource_id,
         coalesce(c.name, t.name, s.name, j.resource_name) as resource_name,
         j.status, j.details, j.hostname, j.duration_millis, j.success_count, j.error_count,
         j.time_start, j.time_end, j.created_at,
         case when a.id is null then null
              else jsonb_build_object('id', a.id, 'name', a.name) end as agent
  from job_history j
  left join agents a on a.id = j.agent_id
  left join canaries c
    on j.resource_type = 'canary'
   and c.id = case when j.resource_id ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                   then j.resource_id::uuid end
  left join topologies t
    on j.resource_type = 'topology'
   and t.id = case when j.resource_id ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                   then j.resource_id::uuid end
  left join config_scrapers s
    on j.resource_type = 'config_scraper'
   and s.id = case when j.resource_id ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
                   then j.resource_id::uuid end;

-- The distinct job names, read by skipping through job_history_name_idx one name at a time
-- (a loose index scan), so the cost follows the number of names, not of runs.
create view job_history_names as
  with recursive names (name) as (
    (select name from job_history order by name limit 1)
    union all
    select (select j.name from job_history j where j.name > n.name order by j.name limit 1)
    from names n
    where n.name is not null
  )
  select name from names where name is not null;
