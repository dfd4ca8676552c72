-- When an event first failed, kept across its retries: the status page's First Failed At.
alter table event_queue add column first_failure timestamptz;

-- Consumers claim a name's events in priority, then arrival, order: an index in that order lets
-- a claim stop after one batch instead of sorting every pending row of the name.
create index event_queue_ready_idx on event_queue (name, priority desc, created_at);

-- The event queue status page (spec 002 §2, §3, §7: GET event_queue_summary). Processed events
-- are deleted, so every row still here is pending; failed ones carry the last error. Only the
-- queue itself is read, and it stays small (processed rows leave, a purge drops 30-day-old ones).
create view event_queue_summary as
  select name,
         count(*)::int as pending,
         (count(*) filter (where error is not null))::int as failed,
         round(avg(attempts), 2)::float8 as average_attempts,
         min(first_failure) filter (where error is not null) as first_failure,
         max(last_attempt) filter (where error is not null) as last_failure,
         mode() within group (order by error) as most_common_error
  from event_queue
  group by name;
