import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import { renderTemplate } from '../../health/index.ts';
import { recordHistory } from '../history/incident-history.repository.ts';
import { readableTicketTypes, ticketClientOf } from './tickets/registry.ts';
import { responderClientConfig, TicketError } from './tickets/ticket-client.ts';
import {
  insertExternalComment,
  responderForTicket,
  setExternalId,
  setResponderTimes,
  ticketedResponders,
  type TicketResponder,
} from './tickets.repository.ts';

export interface TicketDeps {
  readonly db: Database;
  readonly connections: ConnectionResolver;
  readonly log: Logger;
}

/** Form values may be templates over the incident and the other values (spec 002 §4). */
function renderedFields(responder: TicketResponder): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(responder.properties ?? {})) {
    if (typeof value === 'string') values[key] = value;
  }
  const data = { ...values, incident: responder.incident };
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, renderTemplate(value, data)]),
  );
}

async function connectionOf(deps: TicketDeps, responder: TicketResponder) {
  const config = responderClientConfig.safeParse(responder.client);
  if (!config.success) {
    throw new TicketError(`the team's ${responder.type} responder names no connection`);
  }
  return deps.connections(config.data.connection);
}

/** Opens the ticket of a new team responder, once (a responder with an external id is done). */
export async function openTicket(deps: TicketDeps, responderId: string, signal: AbortSignal) {
  const responder = await responderForTicket(deps.db.pool, responderId);
  if (!responder || responder.external_id !== null) return;
  const client = ticketClientOf(responder.type);
  if (!client) return;
  const ticket = await client.open({
    connection: await connectionOf(deps, responder),
    config: responder.client,
    fields: renderedFields(responder),
    incident: responder.incident,
    signal,
  });
  await setExternalId(deps.db.pool, responder.id, ticket.externalId);
}

/** Reads each open ticket back: progress times, and new comments into the changelog. */
export async function syncTickets(deps: TicketDeps, signal: AbortSignal): Promise<number> {
  let synced = 0;
  for (const responder of await ticketedResponders(deps.db.pool, readableTicketTypes())) {
    const client = ticketClientOf(responder.type);
    if (!client?.read || responder.external_id === null) continue;
    try {
      const connection = await connectionOf(deps, responder);
      const state = await client.read({
        connection,
        config: responder.client,
        externalId: responder.external_id,
        signal,
      });
      await deps.db.transaction(async (tx) => {
        await setResponderTimes(tx, responder.id, state);
        for (const comment of state.comments) {
          const id = await insertExternalComment(tx, {
            incidentId: responder.incident.id,
            responderId: responder.id,
            externalId: comment.externalId,
            author: comment.author,
            body: comment.body,
          });
          if (id === undefined) continue;
          await recordHistory(tx, {
            incidentId: responder.incident.id,
            type: 'responder.commented',
            description: comment.body,
            responderId: responder.id,
            commentId: id,
          });
        }
      });
      synced += 1;
    } catch (error) {
      deps.log.warn({ err: error, responder: responder.id }, 'ticket sync failed');
    }
  }
  return synced;
}
