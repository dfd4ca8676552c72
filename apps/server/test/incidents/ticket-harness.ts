import { pino } from 'pino';
import { expect } from 'vitest';
import { z } from 'zod';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import {
  openTicket,
  type TicketDeps,
} from '../../src/modules/incidents/responders/tickets.service.ts';
import type { Database } from '../../src/platform/db.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import type { IncidentsContext } from './incidents-harness.ts';

const idRow = z.object({ id: z.string() });

export function ticketDeps(db: Database): TicketDeps {
  return {
    db,
    log: pino({ level: 'silent' }),
    connections: createConnectionResolver(db, createSealer('any-key-'.repeat(4))),
  };
}

export interface ConnectionSeed {
  name: string;
  type: string;
  url: string;
  username?: string;
  password?: string;
  properties?: Record<string, string>;
}

export async function seedConnections(db: Database, seeds: readonly ConnectionSeed[]) {
  for (const seed of seeds) {
    await db.pool.query(
      `insert into connections (name, namespace, type, url, username, password, properties)
       values ($1, 'default', $2, $3, $4, $5, $6)`,
      [
        seed.name,
        seed.type,
        seed.url,
        seed.username ?? null,
        seed.password ?? null,
        seed.properties ?? {},
      ],
    );
  }
}

export async function seedTeam(ctx: IncidentsContext, clients: Record<string, unknown>) {
  const [row] = await ctx.query(
    idRow,
    `insert into teams (name, spec) values ($1, $2) returning id`,
    [`vendors-${Date.now()}-${Math.random()}`, { responder_clients: clients }],
  );
  return row?.id ?? '';
}

/** Adds a team responder through the API as a responder, then opens its ticket. */
export async function openResponder(
  ctx: IncidentsContext,
  deps: TicketDeps,
  teamId: string,
  type: string,
  properties: Record<string, string>,
) {
  const { id } = await ctx.incident('Payments down');
  const answer = await ctx.as('responder', 'POST', '/api/db/responders', {
    incident_id: id,
    type,
    team_id: teamId,
    properties,
  });
  expect(answer.status).toBe(201);
  const responderId = z.array(idRow).parse(answer.json)[0]?.id ?? '';
  await openTicket(deps, responderId, new AbortController().signal);
  const [row] = await ctx.query(
    z.object({ external_id: z.string().nullable(), incident_id: z.string() }),
    `select r.external_id, i.incident_id from responders r join incidents i on i.id = r.incident_id
      where r.id = $1`,
    [responderId],
  );
  return { incidentId: id, responderId, externalId: row?.external_id, displayId: row?.incident_id };
}

/** The times a ticket sync recorded on a responder. */
export async function responderTimes(ctx: IncidentsContext, responderId: string) {
  const [row] = await ctx.query(
    z.object({
      acknowledged: z.boolean(),
      resolved: z.boolean(),
      closed: z.boolean(),
    }),
    `select acknowledged_at is not null as acknowledged, resolved_at is not null as resolved,
            closed_at is not null as closed from responders where id = $1`,
    [responderId],
  );
  return row;
}

export async function syncedComments(ctx: IncidentsContext, responderId: string) {
  return ctx.query(
    z.object({ comment: z.string(), external_created_by: z.string().nullable() }),
    'select comment, external_created_by from comments where responder_id = $1 order by created_at',
    [responderId],
  );
}
