import { z } from 'zod';
import { specResourceWrites } from '../../../data-api/spec-write-hook.ts';
import { defineWriteHook, type WriteContext } from '../../../data-api/write-hooks.ts';
import { badRequest } from '../../../platform/errors.ts';
import { mayPairConnections } from '../../connections/index.ts';
import { firstSlot, parseSchedule, validateManagedSpec } from '../../health/index.ts';
import type { InlineCheck } from '../build/built-component.ts';
import { retireTopologyComponents } from '../build/components.repository.ts';
import { retireInlineCanaries } from '../build/inline-canaries.ts';
import { parseTopologySpec } from './parse-topology.ts';
import type { ComponentSpec } from './topology-spec.ts';

type Row = Record<string, unknown>;

const writtenRow = z.object({ id: z.string(), deleted_at: z.string().nullable().optional() });

/**
 * The one write path of topologies: the data API (`topologies`), the Kubernetes-style API and
 * `vigil apply` all land here. The spec is validated before anything is written (the refusal
 * names the field) and the schedule columns follow it.
 */
export const topologiesWriteHook = defineWriteHook({
  schema: writtenRow,
  ...specResourceWrites(withSpec),
  async afterWrite(ctx, rows) {
    const removed = rows.filter((row) => row.deleted_at !== null && row.deleted_at !== undefined);
    for (const row of removed) {
      await retireInlineCanaries(ctx.client, await retireTopologyComponents(ctx.client, row.id));
    }
  },
});

/**
 * Validates the spec, its inline canaries with the canary write rules (as the writer), and
 * derives the schedule columns and whether the inline canaries may pair connections.
 */
async function withSpec(ctx: WriteContext, given: Row): Promise<Row> {
  const row = { ...given };
  delete row.connection_pairing_approved;
  const parsed = parseTopologySpec(row.spec);
  if (!parsed.ok) throw badRequest(`${parsed.field} ${parsed.message}`);
  for (const inline of staticInlineChecks(parsed.spec.components, 'spec.components')) {
    await validateManagedSpec(ctx.client, ctx.actor, inline.spec, inline.at);
  }
  return {
    ...row,
    schedule: parsed.schedule,
    next_runtime: new Date(firstSlot(parseSchedule(parsed.schedule), Date.now())),
    connection_pairing_approved: mayPairConnections(ctx.actor),
  };
}

/** Inline canaries outside `forEach` (those are templated per component and checked per run). */
function staticInlineChecks(list: ComponentSpec[] | undefined, at: string): InlineCheck[] {
  return (list ?? []).flatMap((component, index) => [
    ...(component.checks ?? []).flatMap((check, i) =>
      check.inline ? [{ spec: check.inline, at: `${at}[${index}].checks[${i}].inline` }] : [],
    ),
    ...staticInlineChecks(component.components, `${at}[${index}].components`),
  ]);
}
