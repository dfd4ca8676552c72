import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { WriteHook } from '../../../data-api/write-hooks.ts';
import { badRequest } from '../../../platform/errors.ts';
import {
  connectionPairings,
  mayPairConnections,
  refuseForeignPairings,
  sftpPathPairing,
} from '../../connections/connection-pairings.ts';
import { parseCanarySpec } from './canary-spec.ts';
import { retireChecks, syncChecks } from './checks.repository.ts';
import { creatorOf } from './creator.repository.ts';
import { retireCopiesOf, syncCopiesOf } from './selector-copies.ts';
import { parentById } from './selector-copies.repository.ts';
import { firstSlot, parseSchedule } from '../engine/schedule.ts';
import { junitReportCheck } from '../engine/junit-result-mode.ts';

const writtenCanary = z.object({
  id: z.string(),
  namespace: z.string(),
  agent_id: z.string(),
  spec: z.unknown(),
  deleted_at: z.string().nullable(),
});

/**
 * Every write of a canary goes through here (DESIGN §3): the spec is validated before anything
 * is written, the schedule column follows the spec, and the checks are derived in the same
 * transaction. A spec that fails names its field and writes nothing.
 */
export const canariesWriteHook: WriteHook = {
  async beforeWrite(ctx, rows) {
    if (ctx.operation === 'delete') return rows;
    // Recorded by the server, never taken from the body: a client cannot name another creator.
    const creator =
      ctx.operation === 'insert' ? { created_by: await creatorOf(ctx.client, ctx.actor) } : {};
    const written: Record<string, unknown>[] = [];
    for (const given of rows) {
      const row = { ...given };
      delete row.connection_pairing_approved;
      if (!('spec' in row)) {
        if (ctx.operation === 'insert') throw badRequest('spec is required');
        written.push({ ...row, ...creator });
        continue;
      }
      const parsed = parseCanarySpec(row.spec);
      if (!parsed.ok) throw badRequest(`${parsed.field} ${parsed.message}`);
      const pairings = parsed.checks.flatMap((check) => [
        ...connectionPairings(check.spec, check.field),
        ...sftpPathPairing(check.spec, check.field),
      ]);
      await refuseForeignPairings(ctx.client, ctx.actor, pairings);
      // A new or edited schedule starts at a random point of its period: edits made together
      // (an apply of many canaries) do not all run in the same second. A canary with an
      // agentSelector never runs here: its copies run on the agents. `replicas: 0` pauses it.
      const next =
        parsed.schedule && parsed.agentSelector.length === 0 && !parsed.paused
          ? new Date(firstSlot(parseSchedule(parsed.schedule), Date.now()))
          : null;
      written.push({
        ...row,
        ...creator,
        schedule: parsed.schedule ?? null,
        next_runtime: next,
        connection_pairing_approved: mayPairConnections(ctx.actor),
      });
    }
    return written;
  },
  async afterWrite(ctx, affected) {
    for (const row of affected) {
      const canary = writtenCanary.parse(row);
      const deleted = ctx.operation === 'delete' || canary.deleted_at !== null;
      const parsed = deleted ? undefined : parseCanarySpec(canary.spec);
      if (parsed && !parsed.ok) throw badRequest(`${parsed.field} ${parsed.message}`);
      const selector = parsed?.agentSelector ?? [];
      if (canary.agent_id === localAgentId) {
        const parent = selector.length > 0 ? await parentById(ctx.client, canary.id) : undefined;
        if (parent && parsed) await syncCopiesOf(ctx.client, parent, parsed);
        else await retireCopiesOf(ctx.client, canary.id);
      }
      if (!parsed || selector.length > 0) {
        await retireChecks(ctx.client, canary.id);
        continue;
      }
      await syncChecks(
        ctx.client,
        { id: canary.id, namespace: canary.namespace, agentId: canary.agent_id },
        parsed.junit ? [...parsed.checks, junitReportCheck] : parsed.checks,
      );
    }
  },
};
