-- A claim moves next_runtime on every run; that must not count as an edit of the canary, or
-- every run would look like a new version (and reload and re-prepare its spec).
drop trigger canaries_updated_at on canaries;
create trigger canaries_updated_at
  before update of name, namespace, icon, labels, annotations, spec, source, schedule, agent_id,
    created_by, deleted_at
  on canaries
  for each row execute function set_updated_at();

-- A retried batch that had in fact committed must not record its canary runs twice.
create unique index job_history_canary_run_key on job_history (resource_id, time_start)
  where name = 'Canary';
