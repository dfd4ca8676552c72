import { fromDatabaseError } from '../../data-api/postgrest-errors.ts';
import type { Database } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { CheckResult } from '../health/index.ts';
import { parseWrittenSpec, writeResults } from '../health/index.ts';
import { catalogRowCount, writeCatalogPush } from '../catalog/index.ts';
import { invalidAgentToken, type AgentPrincipal } from './agent-auth.ts';
import { parseInput } from './agents.input.ts';
import { stampReceived } from './agents.repository.ts';
import {
  findCanaries,
  findChecks,
  retireChecksOf,
  retireReplacedCanaries,
  retireReplacedChecks,
  upsertCanaries,
  upsertChecks,
  type CanaryOwner,
  type CheckOwner,
} from './push.repository.ts';
import {
  maxPushRows,
  pushBatchSchema,
  type PushAnswer,
  type PushBatch,
  type PushedCheckStatus,
} from './push.schema.ts';

const tooLarge = (rows: number): DomainError =>
  new DomainError(
    'payload_too_large',
    `A push carries at most ${maxPushRows} rows; this one has ${rows}.`,
    null,
    'Send the rows in several batches.',
  );

const foreignRows = (ids: readonly string[]): DomainError =>
  new DomainError(
    'forbidden',
    'The batch names rows that belong to another agent or to this installation.',
    ids.slice(0, 20).join(', '),
    'An agent pushes only rows it created or was assigned; nothing was written.',
  );

/**
 * POST /api/agent/push. One transaction, parents before children: canaries, checks, then
 * statuses, then the catalog's scrapers, items, changes, analysis and relationships (statuses
 * through the health engine's writer, which keeps totals, rollups and events). The
 * rows are stamped with the token's agent; rows whose parent is unknown are answered, not kept.
 */
export function createPushService(db: Database) {
  return {
    async push(agent: AgentPrincipal, body: unknown): Promise<PushAnswer> {
      const batch = parseInput(pushBatchSchema, body);
      const catalogRows = catalogRowCount(batch);
      const rows =
        batch.canaries.length + batch.checks.length + batch.check_statuses.length + catalogRows;
      if (rows > maxPushRows) throw tooLarge(rows);
      // The same spec rule as every canary write through the data API.
      batch.canaries.forEach((canary, index) => {
        if (!canary.deleted_at) parseWrittenSpec(canary.spec, `canaries.${index}.`);
      });
      try {
        return await db.transaction(async (client) => {
          if (!(await stampReceived(client, agent.agentId))) throw invalidAgentToken();
          const canaries = await findCanaries(client, [
            ...new Set([
              ...batch.canaries.map((c) => c.id),
              ...batch.checks.map((c) => c.canary_id),
            ]),
          ]);
          const checks = await findChecks(client, [
            ...new Set([
              ...batch.checks.map((c) => c.id),
              ...batch.check_statuses.map((s) => s.check_id),
            ]),
          ]);
          refuseForeign(agent.agentId, canaries, checks);

          // A canary assigned upstream stays as its author wrote it; the agent only runs it.
          const own = batch.canaries.filter((c) => {
            const existing = canaries.get(c.id);
            return !existing || existing.created_by === agent.personId;
          });
          await retireReplacedCanaries(client, agent, own);
          await upsertCanaries(client, agent, own);
          await retireChecksOf(
            client,
            agent.agentId,
            own.filter((c) => c.deleted_at).map((c) => c.id),
          );

          const knownCanaries = new Set([...canaries.keys(), ...batch.canaries.map((c) => c.id)]);
          const placed = batch.checks.filter((c) => knownCanaries.has(c.canary_id));
          await retireReplacedChecks(client, agent.agentId, placed);
          await upsertChecks(client, agent, placed);

          const canaryOf = new Map<string, string>();
          for (const [id, check] of checks) canaryOf.set(id, check.canary_id);
          for (const check of placed) canaryOf.set(check.id, check.canary_id);
          const results = batch.check_statuses.flatMap((s) => toResult(s, canaryOf));
          await writeResults(client, results, []);

          const checksAnswer = answer(
            batch,
            placed.length,
            results.length,
            canaryOf,
            knownCanaries,
          );
          if (catalogRows === 0) return checksAnswer;
          const catalog = await writeCatalogPush(client, agent, batch);
          return {
            accepted: { ...checksAnswer.accepted, ...catalog.accepted },
            missing: { ...checksAnswer.missing, ...catalog.missing },
          };
        });
      } catch (error) {
        throw fromDatabaseError(error);
      }
    },
  };
}

/** Any named row that exists under another agent (or the local one) refuses the whole batch. */
function refuseForeign(
  agentId: string,
  canaries: ReadonlyMap<string, CanaryOwner>,
  checks: ReadonlyMap<string, CheckOwner>,
): void {
  const foreign = [...canaries.values(), ...checks.values()]
    .filter((row) => row.agent_id !== agentId)
    .map((row) => row.id);
  if (foreign.length > 0) throw foreignRows(foreign);
}

function toResult(status: PushedCheckStatus, canaryOf: ReadonlyMap<string, string>): CheckResult[] {
  const canaryId = canaryOf.get(status.check_id);
  if (canaryId === undefined) return [];
  return [
    {
      checkId: status.check_id,
      canaryId,
      time: status.time,
      duration: status.duration ?? 0,
      pass: status.status,
      invalid: status.invalid,
      message: status.message ?? null,
      error: status.error ?? null,
      detail: status.detail ?? null,
      nextRuntime: null,
    },
  ];
}

function answer(
  batch: PushBatch,
  checks: number,
  statuses: number,
  canaryOf: ReadonlyMap<string, string>,
  knownCanaries: ReadonlySet<string>,
): PushAnswer {
  return {
    accepted: { canaries: batch.canaries.length, checks, check_statuses: statuses },
    missing: {
      checks: batch.checks.filter((c) => !knownCanaries.has(c.canary_id)).map((c) => c.id),
      check_statuses: batch.check_statuses
        .filter((s) => !canaryOf.has(s.check_id))
        .map((s) => ({ check_id: s.check_id, time: s.time.toISOString() })),
    },
  };
}
