-- Notification delivery (spec 002 §3, §7): how often one resource may repeat a notification,
-- each send attempt's recipient and queued event (so a retried event skips who already got it),
-- and the notifications_summary list view.

alter table notifications add column repeat_interval text
  check (repeat_interval is null or repeat_interval ~ '^\d+(s|m|h|d)$');

alter table notification_send_history add column event_queue_id uuid;
alter table notification_send_history add column recipient text;

-- At most one successful send per notification, queued event and recipient: a retry of the
-- event (or a second replica racing it) cannot record the same delivery twice.
create unique index notification_send_history_delivered_key
  on notification_send_history (notification_id, event_queue_id, recipient)
  where status = 'sent' and event_queue_id is not null;

-- The repeat interval looks up the last send of a notification for one resource.
create index notification_send_history_resource_idx
  on notification_send_history (notification_id, resource_id, created_at desc)
  where status = 'sent';

-- Each notification with its delivery figures. Counts come from its own send history through
-- notification_send_history_notification_id_idx, kept small by the history retention.
create view notifications_summary as
  select n.id, n.name, n.title, n.events, n.filter, n.template, n.properties, n.person_id,
         n.team_id, n.custom_services, n.repeat_interval, n.source, n.created_by, n.created_at,
         n.updated_at, n.deleted_at,
         coalesce(h.pending, 0) as pending,
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
  ) h on true;
