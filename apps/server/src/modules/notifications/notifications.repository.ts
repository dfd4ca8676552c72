import { customServiceSchema } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

const notificationRow = z.object({
  id: z.string(),
  title: z.string().nullable(),
  filter: z.string().nullable(),
  template: z.string().nullable(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  custom_services: z.array(customServiceSchema).nullable(),
  repeat_interval: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  /** Recipients this queued event already reached (an earlier attempt). */
  sent_to: z.array(z.string()),
});
export type NotificationRule = z.infer<typeof notificationRow>;

/**
 * The live notifications subscribed to an event (notifications_events_idx), each with the
 * recipients an earlier attempt of this queued event already reached.
 */
export async function subscribedTo(
  db: Queryable,
  event: string,
  eventQueueId: string,
): Promise<NotificationRule[]> {
  const found = await db.query(
    `select n.id, n.title, n.filter, n.template, n.person_id, n.team_id, n.custom_services,
            n.repeat_interval, n.properties,
            array(select h.recipient from notification_send_history h
                  where h.notification_id = n.id and h.event_queue_id = $2
                    and h.status = 'sent' and h.recipient is not null) as sent_to
     from notifications n where n.events @> array[$1]::text[] and n.deleted_at is null`,
    [event, eventQueueId],
  );
  return found.rows.map((row) => notificationRow.parse(row));
}

const emailRow = z.object({ email: z.string() });

export async function personEmail(db: Queryable, personId: string): Promise<string[]> {
  const found = await db.query(
    `select email from people where id = $1 and deleted_at is null and email is not null`,
    [personId],
  );
  return found.rows.map((row) => emailRow.parse(row).email);
}

const teamRow = z.object({
  emails: z.array(z.string()),
  spec: z.object({ notifications: z.array(z.unknown()).optional() }).passthrough(),
});

/** A team's members' emails and the connections its spec lists under `notifications`. */
export async function teamRecipients(
  db: Queryable,
  teamId: string,
): Promise<{ emails: string[]; connections: string[] }> {
  const found = await db.query(
    `select t.spec,
            coalesce(array_agg(p.email order by p.email)
                       filter (where p.email is not null), '{}') as emails
     from teams t
     left join team_members m on m.team_id = t.id
     left join people p on p.id = m.person_id and p.deleted_at is null
     where t.id = $1 and t.deleted_at is null
     group by t.id`,
    [teamId],
  );
  if (found.rows.length === 0) return { emails: [], connections: [] };
  const team = teamRow.parse(found.rows[0]);
  const connections = (team.spec.notifications ?? []).flatMap((entry) => {
    const parsed = z.object({ connection: z.string() }).safeParse(entry);
    return parsed.success ? [parsed.data.connection] : [];
  });
  return { emails: team.emails, connections };
}

/** Whether the notification was sent for this resource and event within the last `ms`. */
export async function sentWithin(
  db: Queryable,
  notificationId: string,
  resourceId: string,
  event: string,
  excludeEventQueueId: string,
  ms: number,
): Promise<boolean> {
  const found = await db.query(
    `select 1 from notification_send_history
     where notification_id = $1 and resource_id = $2 and status = 'sent' and source_event = $3
       and event_queue_id is distinct from $4
       and created_at > now() - make_interval(secs => $5 / 1000.0)
     limit 1`,
    [notificationId, resourceId, event, excludeEventQueueId, ms],
  );
  return (found.rowCount ?? 0) > 0;
}

export interface SendAttempt {
  readonly notificationId: string;
  readonly eventQueueId: string;
  readonly sourceEvent: string;
  readonly resourceId: string | null;
  readonly recipient: string | null;
  readonly status: 'sent' | 'failed' | 'skipped' | 'repeat-interval';
  readonly body: string | null;
  readonly error: string | null;
  readonly durationMillis: number | null;
}

export async function recordAttempt(db: Queryable, attempt: SendAttempt): Promise<void> {
  await db.query(
    `insert into notification_send_history (notification_id, event_queue_id, source_event,
       resource_id, recipient, status, body, error, duration_millis)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (notification_id, event_queue_id, recipient)
       where status = 'sent' and event_queue_id is not null do nothing`,
    [
      attempt.notificationId,
      attempt.eventQueueId,
      attempt.sourceEvent,
      attempt.resourceId,
      attempt.recipient,
      attempt.status,
      attempt.body,
      attempt.error?.slice(0, 2000) ?? null,
      attempt.durationMillis,
    ],
  );
}

/** Held until the caller's transaction ends: one sender per notification and resource. */
export async function lockResource(
  db: Queryable,
  notificationId: string,
  resourceId: string,
): Promise<void> {
  await db.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `notification:${notificationId}:${resourceId}`,
  ]);
}

/** Deletes send history rows older than `before`, a slice at a time; answers how many went. */
export async function trimSendHistory(
  client: Queryable,
  before: Date,
  slice = 5000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await client.query(
      `delete from notification_send_history h using (
         select id from notification_send_history where created_at < $1 limit $2
       ) old where h.id = old.id`,
      [before, slice],
    );
    const deleted = result.rowCount ?? 0;
    total += deleted;
    if (deleted < slice) return total;
  }
}
