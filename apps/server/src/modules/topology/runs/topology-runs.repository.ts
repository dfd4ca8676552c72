import type pg from 'pg';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

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

/** Claims the topologies due now by moving next_runtime on: one replica wins each slot. */
export async function claimDueTopologies(
  db: Queryable,
  agentId: string,
  now: Date,
  limit: number,
  nextOf: (row: { schedule: string | null }) => Date,
): Promise<string[]> {
  const due = await db.query(
    `select id, schedule from topologies
      where deleted_at is null and agent_id = $1 and next_runtime <= $2
      order by next_runtime limit $3`,
    [agentId, now, limit],
  );
  const rows = z
    .array(z.object({ id: z.string(), schedule: z.string().nullable() }))
    .parse(due.rows);
  const claimed: string[] = [];
  for (const row of rows) {
    const won = await db.query(
      `update topologies set next_runtime = $3
        where id = $1 and next_runtime <= $2 and deleted_at is null`,
      [row.id, now, nextOf(row)],
    );
    if (won.rowCount === 1) claimed.push(row.id);
  }
  return claimed;
}

/** A session lock per topology, held for the whole run: runs of one topology never overlap. */
export async function tryLockTopology(client: pg.PoolClient, id: string): Promise<boolean> {
  const locked = await client.query(
    `select pg_try_advisory_lock(hashtext('topology'), hashtext($1)) as ok`,
    [id],
  );
  return z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok;
}

export async function unlockTopology(client: pg.PoolClient, id: string): Promise<void> {
  await client.query(`select pg_advisory_unlock(hashtext('topology'), hashtext($1))`, [id]);
}

export async function startJob(db: Queryable, topology: TopologyRow, start: Date): Promise<string> {
  const inserted = await db.query(
    `insert into job_history (name, agent_id, resource_type, resource_id, resource_name, status,
       hostname, time_start)
     values ('TopologyRun', $1, 'topology', $2, $3, 'RUNNING', $4, $5) returning id`,
    [topology.agent_id, topology.id, topology.name, process.env.HOSTNAME ?? null, start],
  );
  return z.object({ id: z.string() }).parse(inserted.rows[0]).id;
}

export interface FinishedRun {
  readonly status: 'SUCCESS' | 'WARNING' | 'FAILED';
  readonly start: Date;
  readonly end: Date;
  readonly details: Record<string, unknown>;
  readonly successCount: number;
  readonly errorCount: number;
}

export async function finishJob(
  db: Queryable,
  jobId: string,
  topologyId: string,
  run: FinishedRun,
): Promise<void> {
  await db.query(
    `update job_history set status = $2, details = $3, duration_millis = $4, success_count = $5,
       error_count = $6, time_end = $7 where id = $1`,
    [
      jobId,
      run.status,
      run.details,
      run.end.getTime() - run.start.getTime(),
      run.successCount,
      run.errorCount,
      run.end,
    ],
  );
  await db.query(`update topologies set last_runtime = $2 where id = $1`, [topologyId, run.start]);
}
