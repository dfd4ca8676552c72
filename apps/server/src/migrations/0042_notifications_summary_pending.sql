-- notifications_summary.pending: deliveries still being retried, i.e. a recipient whose send
-- failed for an event that is still queued and that no later attempt has delivered yet.
create or replace view notifications_summary as
  select n.id, n.name, n.title, n.events, n.filter, n.template, n.properties, n.person_id,
         n.team_id, n.custom_services, n.repeat_interval, n.source, n.created_by, n.created_at,
         n.updated_at, n.deleted_at,
         coalesce(p.pending, 0) as pending,
         coalesce(h.failed, 0) as failed,
         coalesce(h.sent, 0) as sent,
         h.avg_duration_ms,
         h.most_common_error
  from notifications n
  left join lateral (
    select (count(*) filter (where s.status in ('pending', 'sending')))::int as pending,
           (count(*) filter (where s.status = 'failed'))::int as failed,
           (count(*) filter (where s.status = 'sent'))::int as sent,
           round(avg(s.duration_millis) filter (where s.status in ('sent', 'failed')))::float8
             as avg_duration_ms,
           mode() within group (order by s.error) filter (where s.error is not null)
             as most_common_error
    from notification_send_history s
    where s.notification_id = n.id
  ) h on true
  left join lateral (
    select count(*)::int as pending
    from (
      select distinct f.event_queue_id, f.recipient
      from notification_send_history f
      join event_queue q on q.id = f.event_queue_id
      where f.notification_id = n.id and f.status = 'failed'
        and not exists (
          select 1 from notification_send_history d
          where d.notification_id = n.id and d.event_queue_id = f.event_queue_id
            and d.recipient = f.recipient and d.status = 'sent'
        )
    ) waiting
  ) p on true;
