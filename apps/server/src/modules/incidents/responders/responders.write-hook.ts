import { z } from 'zod';
import { isTeamResponderType, responderFieldMessage, responderTypeFields } from '@vigil/domain';
import {
  defineWriteHook,
  type WriteContext,
  type WriteHook,
} from '../../../data-api/write-hooks.ts';
import { badRequest } from '../../../platform/errors.ts';
import { recordHistory } from '../history/incident-history.repository.ts';
import { incidentExists } from '../incidents.repository.ts';
import { requiredText } from '../write-patches.ts';
import type { Enqueue } from '../../events/index.ts';
import { teamResponderClients } from './responders.repository.ts';
import { responderCreatedEvent } from './tickets.consumer.ts';

type Row = Record<string, unknown>;

const writtenResponder = z.object({
  id: z.string(),
  incident_id: z.string(),
  type: z.string(),
  created_by: z.string().nullable(),
  deleted_at: z.string().nullable(),
});

const propertiesSchema = z.record(z.string(), z.unknown());

/** A person is added as is; a team responder is one of the clients the team configured. */
async function checked(ctx: WriteContext, row: Row): Promise<Row> {
  if (typeof row.incident_id !== 'string') throw badRequest('incident_id is required');
  if (!(await incidentExists(ctx.client, row.incident_id))) {
    throw badRequest('incident_id: no such incident');
  }
  const properties = propertiesSchema.safeParse(row.properties ?? {});
  if (!properties.success) throw badRequest('properties must be an object');
  if (row.type === 'person') {
    if (typeof row.person_id !== 'string') throw badRequest('person_id is required');
    return { ...row, team_id: null, properties: { ...properties.data, responderType: 'person' } };
  }
  const type = row.type ?? properties.data.responderType;
  if (!isTeamResponderType(type)) throw badRequest(`type: unknown responder type`);
  if (typeof row.team_id !== 'string') throw badRequest('team_id is required');
  const clients = await teamResponderClients(ctx.client, row.team_id);
  if (clients === undefined) throw badRequest('team_id: no such team');
  if (!clients.includes(type)) {
    throw badRequest(`type: the team has no ${type} responder configured`);
  }
  for (const field of responderTypeFields[type]) {
    if (!requiredText(properties.data[field])) {
      throw badRequest(`properties.${field}: ${responderFieldMessage}`);
    }
  }
  return { ...row, type, properties: { ...properties.data, responderType: type } };
}

/**
 * Responders (spec 002 §3, §7): person or team client, changelog on creation, and for a team
 * client an event that opens its ticket once the write commits.
 */
export function respondersWriteHook(enqueue: Enqueue): WriteHook {
  return defineWriteHook({
    schema: writtenResponder,
    async beforeInsert(ctx, rows) {
      const written: Row[] = [];
      for (const row of rows) written.push(await checked(ctx, row));
      return written;
    },
    async beforeUpdate(_ctx, patch) {
      for (const column of ['incident_id', 'type', 'team_id', 'person_id']) {
        if (column in patch) throw badRequest(`${column} cannot be changed`);
      }
      return patch;
    },
    async afterWrite(ctx, rows) {
      if (ctx.operation !== 'insert') return;
      for (const row of rows) {
        await recordHistory(ctx.client, {
          incidentId: row.incident_id,
          type: 'responder.created',
          description: row.type,
          createdBy: row.created_by,
          responderId: row.id,
        });
        if (row.type === 'person') continue;
        await enqueue(ctx.client, [
          { name: responderCreatedEvent, eventId: row.id, properties: { responder_id: row.id } },
        ]);
      }
    },
  });
}
