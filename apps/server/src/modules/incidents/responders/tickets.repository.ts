import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const ticketRow = z.object({
  id: z.string(),
  type: z.string(),
  external_id: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  /** The team's spec.responder_clients entry; each ticket type validates its own shape. */
  client: z.unknown(),
  incident: z.object({
    id: z.string(),
    incident_id: z.string(),
    title: z.string(),
    status: z.string(),
    type: z.string(),
    severity: z.string(),
  }),
});
export type TicketResponder = z.infer<typeof ticketRow>;

const select = `select r.id, r.type, r.external_id, r.properties,
         t.spec->'responder_clients'->r.type as client,
         jsonb_build_object('id', i.id, 'incident_id', i.incident_id, 'title', i.title,
           'status', i.status, 'type', i.type, 'severity', i.severity) as incident
    from responders r
    join incidents i on i.id = r.incident_id
    left join teams t on t.id = r.team_id`;

export async function responderForTicket(client: Queryable, id: string) {
  const found = await client.query(`${select} where r.id = $1 and r.deleted_at is null`, [id]);
  return found.rows.length === 0 ? undefined : ticketRow.parse(found.rows[0]);
}

/** Responders with a ticket to read back: live, on incidents not closed. */
export async function ticketedResponders(client: Queryable, types: readonly string[]) {
  const found = await client.query(
    `${select} where r.deleted_at is null and r.external_id is not null and r.type = any($1)
       and i.status <> 'closed' and i.deleted_at is null order by r.created_at limit 500`,
    [types],
  );
  return found.rows.map((row) => ticketRow.parse(row));
}

export async function setExternalId(client: Queryable, id: string, externalId: string) {
  await client.query(
    'update responders set external_id = $2 where id = $1 and external_id is null',
    [id, externalId],
  );
}

export async function setResponderTimes(
  client: Queryable,
  id: string,
  times: {
    acknowledgedAt?: Date | undefined;
    resolvedAt?: Date | undefined;
    closedAt?: Date | undefined;
  },
) {
  await client.query(
    `update responders set acknowledged_at = coalesce(acknowledged_at, $2),
            resolved_at = coalesce(resolved_at, $3), closed_at = coalesce(closed_at, $4)
      where id = $1 and (($2::timestamptz is not null and acknowledged_at is null)
         or ($3::timestamptz is not null and resolved_at is null)
         or ($4::timestamptz is not null and closed_at is null))`,
    [id, times.acknowledgedAt ?? null, times.resolvedAt ?? null, times.closedAt ?? null],
  );
}

/** Adds a ticket comment once (by responder and external id); answers the new id, if new. */
export async function insertExternalComment(
  client: Queryable,
  comment: {
    incidentId: string;
    responderId: string;
    externalId: string;
    author: string;
    body: string;
  },
): Promise<string | undefined> {
  const found = await client.query<{ id: string }>(
    `insert into comments (incident_id, responder_id, external_id, external_created_by, comment)
     select $1, $2, $3, $4, $5
      where not exists (select 1 from comments where responder_id = $2 and external_id = $3)
     returning id`,
    [comment.incidentId, comment.responderId, comment.externalId, comment.author, comment.body],
  );
  return found.rows[0]?.id;
}
