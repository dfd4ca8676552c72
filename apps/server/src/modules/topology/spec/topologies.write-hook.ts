import { z } from 'zod';
import { defineWriteHook } from '../../../data-api/write-hooks.ts';
import { creatorOf } from '../../../platform/creator.ts';
import { badRequest } from '../../../platform/errors.ts';
import { firstSlot, parseSchedule } from '../../health/index.ts';
import { retireTopologyComponents } from '../build/components.repository.ts';
import { parseTopologySpec } from './parse-topology.ts';

type Row = Record<string, unknown>;

const writtenRow = z.object({ id: z.string(), deleted_at: z.string().nullable().optional() });

/**
 * The one write path of topologies: the data API (`topologies`), the Kubernetes-style API and
 * `vigil apply` all land here. The spec is validated before anything is written (the refusal
 * names the field) and the schedule columns follow it.
 */
export const topologiesWriteHook = defineWriteHook({
  schema: writtenRow,
  async beforeInsert(ctx, rows) {
    const created_by = await creatorOf(ctx.client, ctx.actor);
    return rows.map((row) => {
      if (typeof row.name !== 'string' || row.name === '') throw badRequest('name is required');
      if (!('spec' in row)) throw badRequest('spec is required');
      return { ...withSpec(row), created_by };
    });
  },
  async beforeUpdate(_ctx, patch) {
    const row = { ...patch };
    delete row.created_by;
    return 'spec' in row ? withSpec(row) : row;
  },
  async afterWrite(ctx, rows) {
    const removed = rows.filter((row) => row.deleted_at !== null && row.deleted_at !== undefined);
    for (const row of removed) await retireTopologyComponents(ctx.client, row.id);
  },
});

function withSpec(given: Row): Row {
  const parsed = parseTopologySpec(given.spec);
  if (!parsed.ok) throw badRequest(`${parsed.field} ${parsed.message}`);
  return {
    ...given,
    schedule: parsed.schedule,
    next_runtime: new Date(firstSlot(parseSchedule(parsed.schedule), Date.now())),
  };
}
