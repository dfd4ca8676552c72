import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { scheduledRuns } from '../../../platform/scheduled-runs.repository.ts';

const topologyRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  agent_id: z.string(),
  labels: z.record(z.string(), z.unknown()),
  spec: z.unknown(),
  schedule: z.string().nullable(),
  created_by: z.string().nullable(),
  connection_pairing_approved: z.boolean(),
});
export type TopologyRow = z.infer<typeof topologyRow>;

export async function findTopology(db: Queryable, id: string): Promise<TopologyRow | undefined> {
  const found = await db.query(
    `select id, name, namespace, agent_id, labels, spec, schedule, created_by,
            connection_pairing_approved
       from topologies where id = $1 and deleted_at is null`,
    [id],
  );
  return found.rows[0] === undefined ? undefined : topologyRow.parse(found.rows[0]);
}

const runs = scheduledRuns({
  table: 'topologies',
  resourceType: 'topology',
  jobName: 'TopologyRun',
});

/** Claims the topologies due now (this agent's, live): one replica wins each slot. */
export const claimDueTopologies = runs.claimDue;
/** A session lock per topology, held on its client for the whole run. */
export const tryLockTopology = runs.tryLock;
export const unlockTopology = runs.unlock;
export const startJob = runs.startJob;
export const finishJob = runs.finishJob;
export type { FinishedRun } from '../../../platform/scheduled-runs.repository.ts';
