import { z } from 'zod';
import {
  childHypothesisType,
  hypothesisStatusSchema,
  hypothesisStatuses,
  hypothesisTypeSchema,
} from '@vigil/domain';
import { defineWriteHook, type WriteContext } from '../../../data-api/write-hooks.ts';
import { creatorOf } from '../../../platform/creator.ts';
import { badRequest } from '../../../platform/errors.ts';
import { recordHistory } from '../history/incident-history.repository.ts';
import { findHypothesis, incidentExists } from '../incidents.repository.ts';
import { patchMemory } from '../write-patches.ts';

type Row = Record<string, unknown>;

const writtenHypothesis = z.object({
  id: z.string(),
  incident_id: z.string(),
  title: z.string().nullable(),
  status: hypothesisStatusSchema,
  created_by: z.string().nullable(),
});

const patches = patchMemory();

function checkStatus(row: Row): void {
  if ('status' in row && !hypothesisStatusSchema.safeParse(row.status).success) {
    throw badRequest(`status must be one of ${hypothesisStatuses.join(', ')}`);
  }
}

/** A new node hangs under a parent of the same incident; its type follows the parent's. */
async function placed(ctx: WriteContext, row: Row): Promise<Row> {
  checkStatus(row);
  if (typeof row.incident_id !== 'string') throw badRequest('incident_id is required');
  if (!(await incidentExists(ctx.client, row.incident_id))) {
    throw badRequest('incident_id: no such incident');
  }
  if (row.parent_id === undefined || row.parent_id === null) {
    if (row.type !== 'root') throw badRequest('parent_id is required for a factor or solution');
    return { ...row, status: row.status ?? 'possible' };
  }
  if (typeof row.parent_id !== 'string') throw badRequest('parent_id must be a hypothesis id');
  const parent = await findHypothesis(ctx.client, row.parent_id);
  if (!parent) throw badRequest('parent_id: no such hypothesis');
  if (parent.incidentId !== row.incident_id) {
    throw badRequest('parent_id: the hypothesis belongs to another incident');
  }
  const type = childHypothesisType(parent.type);
  if (!type) throw badRequest('parent_id: a solution cannot have children');
  if ('type' in row && !hypothesisTypeSchema.safeParse(row.type).success) {
    throw badRequest('type must be one of root, factor, solution');
  }
  return { ...row, type, status: row.status ?? 'possible' };
}

/** Hypotheses (spec 002 §4): the tree's rules and its changelog entries. */
export const hypothesesWriteHook = defineWriteHook({
  schema: writtenHypothesis,
  async beforeInsert(ctx, rows) {
    const written: Row[] = [];
    for (const row of rows) written.push(await placed(ctx, row));
    return written;
  },
  async beforeUpdate(ctx, patch) {
    checkStatus(patch);
    for (const column of ['incident_id', 'parent_id', 'type']) {
      if (column in patch) throw badRequest(`${column} cannot be changed`);
    }
    return patches.remember(ctx, patch);
  },
  async afterWrite(ctx, rows) {
    const patch = patches.of(ctx);
    if (ctx.operation === 'update' && !('status' in patch)) return;
    const by = await creatorOf(ctx.client, ctx.actor);
    for (const row of rows) {
      await recordHistory(ctx.client, {
        incidentId: row.incident_id,
        type: ctx.operation === 'insert' ? 'hypothesis.created' : 'hypothesis.status_updated',
        description: ctx.operation === 'insert' ? row.title : row.status,
        createdBy: by,
        hypothesisId: row.id,
      });
    }
  },
});
