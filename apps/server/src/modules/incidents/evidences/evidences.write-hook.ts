import { z } from 'zod';
import { evidenceTypeSchema, evidenceTypes } from '@vigil/domain';
import { defineWriteHook, type WriteContext } from '../../../data-api/write-hooks.ts';
import { creatorOf } from '../../../platform/creator.ts';
import { badRequest } from '../../../platform/errors.ts';
import { compileCel, ExpressionError } from '../../health/index.ts';
import { resolveWhenDone } from '../definition-of-done/resolve-when-done.ts';
import { recordHistory } from '../history/incident-history.repository.ts';
import { findHypothesis } from '../incidents.repository.ts';
import { patchMemory } from '../write-patches.ts';

type Row = Record<string, unknown>;

const writtenEvidence = z.object({
  id: z.string(),
  hypothesis_id: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  definition_of_done: z.boolean(),
  done: z.boolean(),
});

const patches = patchMemory();

function checkScript(row: Row): void {
  if (!('script' in row) || row.script === null || row.script === '') return;
  if (typeof row.script !== 'string') throw badRequest('script must be a CEL expression');
  try {
    compileCel(row.script);
  } catch (error) {
    if (error instanceof ExpressionError) throw badRequest(`script: ${error.message}`);
    throw error;
  }
}

async function checked(ctx: WriteContext, given: Row): Promise<Row> {
  // The console's clients send hypothesisId (spec 002 §7).
  const { hypothesisId, ...row } = given;
  const hypothesis = row.hypothesis_id ?? hypothesisId;
  if (typeof hypothesis !== 'string') throw badRequest('hypothesis_id is required');
  if (!(await findHypothesis(ctx.client, hypothesis))) {
    throw badRequest('hypothesis_id: no such hypothesis');
  }
  if (!evidenceTypeSchema.safeParse(row.type).success) {
    throw badRequest(`type must be one of ${evidenceTypes.join(', ')}`);
  }
  checkScript(row);
  return { ...row, hypothesis_id: hypothesis };
}

/** Evidence and the definition of done (spec 002 §4): checks, changelog and auto-resolve. */
export const evidencesWriteHook = defineWriteHook({
  schema: writtenEvidence,
  async beforeInsert(ctx, rows) {
    const written: Row[] = [];
    for (const row of rows) written.push(await checked(ctx, row));
    return written;
  },
  async beforeUpdate(ctx, patch) {
    if ('hypothesis_id' in patch || 'hypothesisId' in patch) {
      throw badRequest('hypothesis_id cannot be changed');
    }
    if ('type' in patch) throw badRequest('type cannot be changed');
    checkScript(patch);
    return patches.remember(ctx, patch);
  },
  async afterWrite(ctx, rows) {
    const patch = patches.of(ctx);
    const by = await creatorOf(ctx.client, ctx.actor);
    const touched = new Set<string>();
    for (const row of rows) {
      const hypothesis = await findHypothesis(ctx.client, row.hypothesis_id);
      if (!hypothesis) continue;
      const entry = { incidentId: hypothesis.incidentId, createdBy: by, evidenceId: row.id };
      if (ctx.operation === 'insert') {
        await recordHistory(ctx.client, {
          ...entry,
          type: 'evidence.created',
          description: row.description,
        });
      }
      const flagged =
        ctx.operation === 'insert' ? row.definition_of_done : patch.definition_of_done;
      if (flagged === true) {
        await recordHistory(ctx.client, {
          ...entry,
          type: 'evidence.done_definition_added',
          description: row.description,
        });
      }
      // Only a change to the definition of done can complete it.
      const changesDone =
        ctx.operation === 'insert'
          ? row.definition_of_done && row.done
          : 'done' in patch || 'definition_of_done' in patch;
      if (changesDone) touched.add(hypothesis.incidentId);
    }
    for (const incident of touched) await resolveWhenDone(ctx.client, incident, by);
  },
});
