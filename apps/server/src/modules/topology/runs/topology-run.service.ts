import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../../platform/db.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import { buildTopology } from '../build/builder.ts';
import { retireOthers, upsertTree } from '../build/components.repository.ts';
import { retireInlineCanaries, syncInlineCanaries } from '../build/inline-canaries.ts';
import { linkComponents } from '../build/link-components.ts';
import { expressionComponents } from '../expressions/component-expression.repository.ts';
import { evaluateComponentExpression } from '../expressions/component-expression.ts';
import { ignoredComponentFields } from '../spec/ignored-fields.ts';
import { defaultTopologySchedule, parseTopologySpec } from '../spec/parse-topology.ts';
import {
  findTopology,
  finishJob,
  startJob,
  tryLockTopology,
  unlockTopology,
  type TopologyRow,
} from './topology-runs.repository.ts';

export interface TopologyRunDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  /** Limit of one lookup (default 60 s). */
  readonly lookupTimeoutMs?: number;
}

export type TopologyRunOutcome =
  | {
      status: 'SUCCESS' | 'WARNING' | 'FAILED';
      jobId: string;
      components: number;
      deleted: number;
      errors: string[];
    }
  | { status: 'RUNNING' }
  | { status: 'NOT_FOUND' };

const stringMap = z
  .record(z.string(), z.unknown())
  .transform((map) => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, String(v)])));

/**
 * One run of a topology: locked so that runs never overlap (on any replica), recorded in job
 * history, and written in one transaction. Components of a spec whose lookup failed are kept.
 */
export async function runTopology(deps: TopologyRunDeps, id: string): Promise<TopologyRunOutcome> {
  const topology = await findTopology(deps.db.pool, id);
  if (!topology) return { status: 'NOT_FOUND' };
  const client = await deps.db.pool.connect();
  try {
    if (!(await tryLockTopology(client, id))) return { status: 'RUNNING' };
    try {
      return await runLocked(deps, topology);
    } finally {
      await unlockTopology(client, id);
    }
  } finally {
    client.release();
  }
}

async function runLocked(
  deps: TopologyRunDeps,
  topology: TopologyRow,
): Promise<TopologyRunOutcome> {
  const start = new Date();
  const jobId = await startJob(deps.db.pool, topology, start);
  const errors: string[] = [];
  let components = 0;
  let deleted = 0;
  const parsed = parseTopologySpec(topology.spec);
  if (!parsed.ok) {
    errors.push(`${parsed.field} ${parsed.message}`);
  } else {
    const lookupDeps = {
      db: deps.db.pool,
      connections: deps.connections,
      values: deps.values,
      namespace: topology.namespace,
      timeoutMs: deps.lookupTimeoutMs ?? 60_000,
    };
    const identity = {
      name: topology.name,
      namespace: topology.namespace,
      labels: stringMap.parse(topology.labels),
    };
    errors.push(...ignoredComponentFields(parsed.spec.components));
    const built = await buildTopology(identity, parsed.spec, lookupDeps);
    errors.push(...built.errors);
    try {
      await deps.db.transaction(async (tx) => {
        const written = await upsertTree(
          tx,
          { id: topology.id, agentId: topology.agent_id },
          built.root,
        );
        components = written.ids.length;
        const inline = await syncInlineCanaries(tx, inlineOwner(topology), written);
        errors.push(...inline.errors);
        errors.push(...(await linkComponents(tx, written, inline.links)));
        for (const id of await expressionComponents(tx, written.ids)) {
          await evaluateComponentExpression(tx, id);
        }
        // A failed lookup keeps what the last run built (canary-checker's rule).
        if (built.failedSpecs.length === 0) {
          const retired = await retireOthers(tx, topology.id, written.ids);
          await retireInlineCanaries(tx, retired);
          deleted = retired.length;
        }
      });
    } catch (error) {
      errors.push(`write: ${error instanceof Error ? error.message : String(error)}`);
      components = 0;
    }
  }
  const status: 'SUCCESS' | 'WARNING' | 'FAILED' =
    errors.length === 0 ? 'SUCCESS' : components > 0 ? 'WARNING' : 'FAILED';
  await finishJob(deps.db.pool, jobId, topology.id, {
    status,
    start,
    end: new Date(),
    details: { components, deleted, ...(errors.length > 0 ? { errors } : {}) },
    successCount: components,
    errorCount: errors.length,
  });
  if (errors.length > 0)
    deps.log.warn({ topology: topology.name, errors }, 'topology run had errors');
  return { status, jobId, components, deleted, errors };
}

function inlineOwner(topology: TopologyRow) {
  return {
    namespace: topology.namespace,
    agentId: topology.agent_id,
    schedule: topology.schedule ?? defaultTopologySchedule,
    pairingApproved: topology.connection_pairing_approved,
    createdBy: topology.created_by,
  };
}
