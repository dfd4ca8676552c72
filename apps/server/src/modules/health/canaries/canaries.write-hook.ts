import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { PoolClient } from 'pg';
import { defineWriteHook, type WriteContext } from '../../../data-api/write-hooks.ts';
import { badRequest, conflict } from '../../../platform/errors.ts';
import {
  connectionPairings,
  mayPairConnections,
  refuseForeignPairings,
  sftpPathPairing,
} from '../../connections/index.ts';
import { parseCanarySpec } from './canary-spec.ts';
import { isManagedSource, managedSourcePrefix } from './managed-canaries.ts';
import { retireChecks, syncChecks } from './checks.repository.ts';
import { creatorOf } from '../../../platform/creator.ts';
import { retireCopiesOf, syncCopiesOf } from './selector-copies.ts';
import { parentById } from './selector-copies.repository.ts';
import { firstSlot, parseSchedule } from '../engine/schedule.ts';
import { junitReportCheck } from '../engine/junit-result-mode.ts';

const writtenCanary = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  agent_id: z.string(),
  spec: z.unknown(),
  source: z.string().nullable().optional(),
  deleted_at: z.string().nullable(),
});

/**
 * Every write of a canary goes through here (DESIGN §3): the spec is validated before anything
 * is written, the schedule column follows the spec, and the checks are derived in the same
 * transaction. A spec that fails names its field and writes nothing.
 */
export const canariesWriteHook = defineWriteHook({
  schema: writtenCanary,
  async beforeInsert(ctx, rows) {
    // Recorded by the server, never taken from the body: a client cannot name another creator.
    const created_by = await creatorOf(ctx.client, ctx.actor);
    const written: Row[] = [];
    for (const row of rows) {
      if (!('spec' in row)) throw badRequest('spec is required');
      if (isManagedSource(row.source))
        throw badRequest(`source ${managedSourcePrefix}… is reserved`);
      written.push({ ...(await withSpec(ctx, row)), created_by });
    }
    return written;
  },
  async beforeUpdate(ctx, patch) {
    if ('spec' in patch) return withSpec(ctx, patch);
    const row = { ...patch };
    delete row.connection_pairing_approved;
    return row;
  },
  async beforeDelete(ctx, canaries) {
    for (const canary of canaries) refuseManaged(canary);
    for (const canary of canaries) await deriveFrom(ctx.client, canary, undefined);
  },
  async afterWrite(ctx, canaries) {
    for (const canary of canaries) {
      refuseManaged(canary);
      const parsed = canary.deleted_at !== null ? undefined : parseWrittenSpec(canary.spec);
      await deriveFrom(ctx.client, canary, parsed);
    }
  },
});

type Row = Record<string, unknown>;

/** A topology's inline canary changes only through the topology's spec. */
function refuseManaged(canary: z.infer<typeof writtenCanary>): void {
  if (!isManagedSource(canary.source)) return;
  throw conflict(
    `canary ${canary.name} is managed by ${canary.source ?? ''}`,
    'Edit the checks[].inline of the topology that declares it.',
  );
}

/** Validates a written spec and derives the columns that follow it. */
async function withSpec(ctx: WriteContext, given: Row): Promise<Row> {
  const row = { ...given };
  delete row.connection_pairing_approved;
  const parsed = parseWrittenSpec(row.spec);
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
  return {
    ...row,
    schedule: parsed.schedule ?? null,
    next_runtime: next,
    connection_pairing_approved: mayPairConnections(ctx.actor),
  };
}

type ParsedSpec = Extract<ReturnType<typeof parseCanarySpec>, { ok: true }>;

/**
 * The canary verb's spec rule, for every path that writes a canary (the data API's hook and
 * an agent's push): a spec that fails names its field, after `at`, and nothing is written.
 */
export function parseWrittenSpec(spec: unknown, at = ''): ParsedSpec {
  const parsed = parseCanarySpec(spec);
  if (!parsed.ok) throw badRequest(`${at}${parsed.field} ${parsed.message}`);
  return parsed;
}

/** Derives a canary's checks and agent copies from its spec; none when it is deleted. */
async function deriveFrom(
  client: PoolClient,
  canary: z.infer<typeof writtenCanary>,
  parsed: ParsedSpec | undefined,
): Promise<void> {
  const selector = parsed?.agentSelector ?? [];
  if (canary.agent_id === localAgentId) {
    const parent = selector.length > 0 ? await parentById(client, canary.id) : undefined;
    if (parent && parsed) await syncCopiesOf(client, parent, parsed);
    else await retireCopiesOf(client, canary.id);
  }
  if (!parsed || selector.length > 0) {
    await retireChecks(client, canary.id);
    return;
  }
  await syncChecks(
    client,
    { id: canary.id, namespace: canary.namespace, agentId: canary.agent_id },
    parsed.junit ? [...parsed.checks, junitReportCheck] : parsed.checks,
  );
}
