import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { actionRowOf, lockRun, type ActionRow, type EngineRun } from './engine.repository.ts';

const agentRow = z.object({ id: z.string(), name: z.string() });
export type PlacedAgent = z.infer<typeof agentRow>;

/**
 * The first of `names` (an agent's name or id, in the order written) that is a live agent, as
 * upstream's FindFirstAgent; `local` is the server's own row.
 */
export async function firstAgent(
  db: Queryable,
  names: readonly string[],
): Promise<PlacedAgent | undefined> {
  if (names.length === 0) return undefined;
  const found = await db.query(
    `select id, name, array_position($1::text[], name) as by_name,
       array_position($1::text[], id::text) as by_id
     from agents where deleted_at is null and (name = any($1) or id::text = any($1))`,
    [names],
  );
  const rank = z.object({ by_name: z.number().nullable(), by_id: z.number().nullable() });
  const ranked = found.rows.map((row) => {
    const { by_name, by_id } = rank.parse(row);
    return { agent: agentRow.parse(row), at: Math.min(by_name ?? Infinity, by_id ?? Infinity) };
  });
  return ranked.sort((a, b) => a.at - b.at)[0]?.agent;
}

/** The live agent whose service identity is `personId` (the caller of an /api/agent call). */
export async function agentOfPerson(db: Queryable, personId: string) {
  const found = await db.query(
    'select id, name from agents where person_id = $1 and deleted_at is null',
    [personId],
  );
  return found.rows[0] ? agentRow.parse(found.rows[0]) : undefined;
}

export async function setActionAgent(db: Queryable, id: string, agentId: string): Promise<void> {
  await db.query('update playbook_run_actions set agent_id = $2 where id = $1', [id, agentId]);
}

/** Claims the agent's oldest due action of an active run into `running` under a lease. */
export async function claimAgentAction(
  db: Queryable,
  agentId: string,
  leaseMs: number,
): Promise<ActionRow | undefined> {
  const found = await db.query(
    `update playbook_run_actions a set status = 'running',
       start_time = coalesce(a.start_time, now()),
       lease_until = now() + $2 * interval '1 millisecond'
     where a.id = (
       select x.id from playbook_run_actions x
       join playbook_runs r on r.id = x.playbook_run_id
         and r.status in ('running', 'sleeping', 'waiting')
       where x.agent_id = $1
         and x.status in ('pending', 'sleeping', 'waiting', 'scheduled')
         and x.scheduled_time <= now()
       order by x.scheduled_time limit 1 for update of x skip locked)
     returning a.id, a.playbook_run_id, a.name, a.position, a.status, a.result, a.error,
       a.retry_count`,
    [agentId, leaseMs],
  );
  return found.rows[0] ? actionRowOf(found.rows[0]) : undefined;
}

/** Whether the agent has an action due (a cheap look before claiming). */
export async function agentHasDueAction(db: Queryable, agentId: string): Promise<boolean> {
  const found = await db.query(
    `select 1 from playbook_run_actions x
     join playbook_runs r on r.id = x.playbook_run_id
       and r.status in ('running', 'sleeping', 'waiting')
     where x.agent_id = $1 and x.status in ('pending', 'sleeping', 'waiting', 'scheduled')
       and x.scheduled_time <= now() limit 1`,
    [agentId],
  );
  return found.rows.length > 0;
}

/**
 * Locks the action the agent holds at this attempt; undefined when it holds it no longer (its
 * lease lapsed and the action was retried or failed, or it was never its).
 */
export async function lockHeldAction(
  db: Queryable,
  agentId: string,
  id: string,
  attempt: number,
): Promise<(ActionRow & { runStatus: string }) | undefined> {
  const found = await db.query(
    `select a.id, a.playbook_run_id, a.name, a.position, a.status, a.result, a.error,
       a.retry_count, r.status as run_status
     from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id
     where a.id = $1 and a.agent_id = $2 and a.retry_count = $3 and a.status = 'running'
     for update of a`,
    [id, agentId, attempt],
  );
  const row: unknown = found.rows[0];
  if (row === undefined) return undefined;
  const { run_status } = z.object({ run_status: z.string() }).parse(row);
  return { ...actionRowOf(row), runStatus: run_status };
}

/** The run of an action the agent holds at this attempt (unlocked: for its data). */
export async function heldActionRun(
  db: Queryable,
  agentId: string,
  id: string,
  attempt: number,
): Promise<EngineRun | undefined> {
  const found = await db.query(
    `select playbook_run_id from playbook_run_actions
     where id = $1 and agent_id = $2 and retry_count = $3 and status = 'running'`,
    [id, agentId, attempt],
  );
  const row: unknown = found.rows[0];
  if (row === undefined) return undefined;
  const runId = z.object({ playbook_run_id: z.string() }).parse(row).playbook_run_id;
  return lockRun(db, runId);
}

/** The live log keeps at most 1 MiB, as for actions run here (live-log.ts). */
const maxLiveLog = 1 << 20;

/**
 * Renews the lease of an action the agent holds and appends its output; answers the run's
 * status, or undefined when the agent holds it no longer.
 */
export async function progressHeldAction(
  db: Queryable,
  agentId: string,
  id: string,
  attempt: number,
  progress: { leaseMs: number; output: string },
): Promise<string | undefined> {
  const found = await db.query(
    `update playbook_run_actions a set lease_until = now() + $4 * interval '1 millisecond',
       live_log = case when $5 = '' then a.live_log else left(coalesce(a.live_log, '') || $5, $6) end
     from playbook_runs r
     where r.id = a.playbook_run_id and a.id = $1 and a.agent_id = $2 and a.retry_count = $3
       and a.status = 'running'
     returning r.status as run_status`,
    [id, agentId, attempt, progress.leaseMs, progress.output, maxLiveLog],
  );
  const row: unknown = found.rows[0];
  return row === undefined ? undefined : z.object({ run_status: z.string() }).parse(row).run_status;
}

export async function appendAgentOutput(db: Queryable, id: string, output: string): Promise<void> {
  if (output === '') return;
  await db.query(
    `update playbook_run_actions set live_log = left(coalesce(live_log, '') || $2, $3)
     where id = $1`,
    [id, output, maxLiveLog],
  );
}

/** The agent is shutting down: the action goes back to wait for it (or another attempt). */
export async function releaseHeldAction(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update playbook_run_actions set status = 'pending', lease_until = null where id = $1`,
    [id],
  );
}

/** Agents' running actions whose lease lapsed (the agent stopped reporting), oldest first. */
export async function lapsedAgentActions(db: Queryable, limit: number) {
  const found = await db.query(
    `select id, playbook_run_id from playbook_run_actions
     where status = 'running' and agent_id <> $2 and lease_until < now()
     order by lease_until limit $1`,
    [limit, localAgentId],
  );
  const row = z.object({ id: z.string(), playbook_run_id: z.string() });
  return found.rows.map((found) => {
    const parsed = row.parse(found);
    return { id: parsed.id, runId: parsed.playbook_run_id };
  });
}

/** Locks a lapsed agent action if it still is one (no report came in since it was listed). */
export async function lockLapsedAction(db: Queryable, id: string) {
  const found = await db.query(
    `select a.id, a.playbook_run_id, a.name, a.position, a.status, a.result, a.error,
       a.retry_count, g.name as agent_name
     from playbook_run_actions a join agents g on g.id = a.agent_id
     where a.id = $1 and a.status = 'running' and a.lease_until < now()
     for update of a skip locked`,
    [id],
  );
  const row: unknown = found.rows[0];
  if (row === undefined) return undefined;
  return {
    action: actionRowOf(row),
    agent: z.object({ agent_name: z.string() }).parse(row).agent_name,
  };
}
