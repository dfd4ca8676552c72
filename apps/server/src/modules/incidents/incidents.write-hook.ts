import { z } from 'zod';
import {
  allowedNextStatuses,
  canMoveIncident,
  incidentDefaults,
  incidentSeverityOptions,
  incidentSeveritySchema,
  incidentStatusSchema,
  incidentStatuses,
  incidentTypeSchema,
  incidentTypes,
} from '@vigil/domain';
import { defineWriteHook } from '../../data-api/write-hooks.ts';
import { creatorOf } from '../../platform/creator.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordHistory } from './history/incident-history.repository.ts';
import { insertRootHypothesis } from './incidents.repository.ts';
import { requiredText } from './write-patches.ts';

type Row = Record<string, unknown>;

const writtenIncident = z.object({
  id: z.string(),
  title: z.string(),
  status: incidentStatusSchema,
  previous_status: incidentStatusSchema.nullable(),
  created_by: z.string().nullable(),
});

/** Columns only the server writes. */
const derived = ['incident_id', 'previous_status', 'resolved', 'closed', 'acknowledged'];

function checkFields(row: Row, creating: boolean): void {
  if ((creating || 'title' in row) && !requiredText(row.title)) {
    throw badRequest('title is required');
  }
  if (creating && (row.severity === undefined || row.severity === null || row.severity === '')) {
    throw badRequest('severity is required');
  }
  if ('severity' in row && !incidentSeveritySchema.safeParse(row.severity).success) {
    throw badRequest(`severity must be one of ${incidentSeverityOptions.join(', ')}`);
  }
  if ('status' in row && !incidentStatusSchema.safeParse(row.status).success) {
    throw badRequest(`status must be one of ${incidentStatuses.join(', ')}`);
  }
  if ('type' in row && !incidentTypeSchema.safeParse(row.type).success) {
    throw badRequest(`type must be one of ${incidentTypes.join(', ')}`);
  }
  for (const column of derived) {
    if (column in row) throw badRequest(`${column} is set by the server`);
  }
}

/**
 * The incident write path (spec 002 §4, §7): defaults, the creator as commander and
 * communicator, a root hypothesis, the status table, and the changelog, all in the write's
 * transaction.
 */
export const incidentsWriteHook = defineWriteHook({
  schema: writtenIncident,
  async beforeInsert(_ctx, rows) {
    return rows.map((row) => {
      checkFields(row, true);
      const creator = row.created_by ?? null;
      return {
        ...row,
        status: row.status ?? incidentDefaults.status,
        type: row.type ?? incidentDefaults.type,
        commander_id: row.commander_id ?? creator,
        communicator_id: row.communicator_id ?? creator,
      };
    });
  },
  async beforeUpdate(_ctx, patch) {
    checkFields(patch, false);
    return patch;
  },
  async afterWrite(ctx, rows) {
    for (const row of rows) {
      if (ctx.operation === 'insert') {
        const hypothesisId = await insertRootHypothesis(
          ctx.client,
          row.id,
          row.title,
          row.created_by,
        );
        await recordHistory(ctx.client, {
          incidentId: row.id,
          type: 'incident.created',
          description: row.title,
          createdBy: row.created_by,
          hypothesisId,
        });
        continue;
      }
      const from = row.previous_status;
      if (from === null) continue;
      if (!canMoveIncident(from, row.status)) {
        throw badRequest(
          `status cannot change from ${from} to ${row.status}; allowed: ${allowedNextStatuses(from).join(', ')}`,
        );
      }
      await recordHistory(ctx.client, {
        incidentId: row.id,
        type: 'incident.status_updated',
        description: `${from} → ${row.status}`,
        createdBy: await creatorOf(ctx.client, ctx.actor),
      });
    }
  },
});
