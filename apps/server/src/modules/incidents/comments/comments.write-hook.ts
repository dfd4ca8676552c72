import { z } from 'zod';
import {
  defineWriteHook,
  type WriteContext,
  type WriteHook,
} from '../../../data-api/write-hooks.ts';
import type { Enqueue } from '../../events/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import { recordHistory } from '../history/incident-history.repository.ts';
import { findHypothesis, incidentExists } from '../incidents.repository.ts';
import { requiredText } from '../write-patches.ts';
import { mentionEvents } from './mention-notices.ts';
import { checkMentions } from './mentions.repository.ts';

type Row = Record<string, unknown>;

const writtenComment = z.object({
  id: z.string(),
  incident_id: z.string().nullable(),
  hypothesis_id: z.string().nullable(),
  responder_id: z.string().nullable(),
  comment: z.string(),
  created_by: z.string().nullable(),
});

/** A comment belongs to an incident, and to one of that incident's hypotheses if it names one. */
async function placed(ctx: WriteContext, row: Row): Promise<Row> {
  if (!requiredText(row.comment)) throw badRequest('comment: Please add comment details');
  await checkMentions(ctx.client, row.comment);
  let incident = typeof row.incident_id === 'string' ? row.incident_id : undefined;
  if (row.hypothesis_id !== undefined && row.hypothesis_id !== null) {
    if (typeof row.hypothesis_id !== 'string') throw badRequest('hypothesis_id must be an id');
    const hypothesis = await findHypothesis(ctx.client, row.hypothesis_id);
    if (!hypothesis) throw badRequest('hypothesis_id: no such hypothesis');
    if (incident !== undefined && hypothesis.incidentId !== incident) {
      throw badRequest('hypothesis_id: the hypothesis belongs to another incident');
    }
    incident = hypothesis.incidentId;
  }
  if (incident === undefined) throw badRequest('incident_id is required');
  if (!(await incidentExists(ctx.client, incident))) {
    throw badRequest('incident_id: no such incident');
  }
  return { ...row, comment: row.comment.trim(), incident_id: incident };
}

/**
 * Comments (spec 002 §5): text required, mentions of real people (each mailed once the comment
 * commits), responder comments logged.
 */
export function commentsWriteHook(enqueue: Enqueue): WriteHook {
  return defineWriteHook({
    schema: writtenComment,
    async beforeInsert(ctx, rows) {
      const written: Row[] = [];
      for (const row of rows) written.push(await placed(ctx, row));
      return written;
    },
    async beforeUpdate(ctx, patch) {
      for (const column of ['incident_id', 'hypothesis_id', 'responder_id']) {
        if (column in patch) throw badRequest(`${column} cannot be changed`);
      }
      if ('comment' in patch) {
        if (!requiredText(patch.comment)) throw badRequest('comment: Please add comment details');
        await checkMentions(ctx.client, patch.comment);
      }
      return patch;
    },
    async afterWrite(ctx, rows) {
      if (ctx.operation !== 'insert') return;
      const mentioned = rows.flatMap((row) => mentionEvents(row));
      if (mentioned.length > 0) await enqueue(ctx.client, mentioned);
      for (const row of rows) {
        if (row.responder_id === null || row.incident_id === null) continue;
        await recordHistory(ctx.client, {
          incidentId: row.incident_id,
          type: 'responder.commented',
          description: row.comment,
          createdBy: row.created_by,
          responderId: row.responder_id,
          commentId: row.id,
          hypothesisId: row.hypothesis_id,
        });
      }
    },
  });
}
