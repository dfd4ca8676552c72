import {
  localAgentId,
  playbookSpecSchema,
  type PlaybookActionStatus,
  type PlaybookSpec,
} from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** A run as the engine needs it, with the spec it started with. */
export interface EngineRun {
  readonly id: string;
  readonly playbookId: string;
  readonly playbookName: string;
  readonly playbookNamespace: string;
  readonly status: string;
  readonly spec: PlaybookSpec;
  readonly parameters: Record<string, unknown>;
  readonly request: Record<string, unknown> | null;
  readonly configId: string | null;
  readonly componentId: string | null;
  readonly checkId: string | null;
  readonly createdBy: string | null;
}

const runRow = z
  .object({
    id: z.string(),
    playbook_id: z.string(),
    playbook_name: z.string(),
    playbook_namespace: z.string(),
    status: z.string(),
    spec: playbookSpecSchema,
    parameters: z.record(z.string(), z.unknown()).nullable(),
    request: z.record(z.string(), z.unknown()).nullable(),
    config_id: z.string().nullable(),
    component_id: z.string().nullable(),
    check_id: z.string().nullable(),
    created_by: z.string().nullable(),
  })
  .transform((row): EngineRun => ({
    id: row.id,
    playbookId: row.playbook_id,
    playbookName: row.playbook_name,
    playbookNamespace: row.playbook_namespace,
    status: row.status,
    spec: row.spec,
    parameters: row.parameters ?? {},
    request: row.request,
    configId: row.config_id,
    componentId: row.component_id,
    checkId: row.check_id,
    createdBy: row.created_by,
  }));

const runColumns = `r.id, r.playbook_id, p.name as playbook_name, p.namespace as playbook_namespace,
  r.status, r.spec, r.parameters, r.request, r.config_id, r.component_id, r.check_id, r.created_by`;

/** Claims due runs that have not started (pending, or scheduled for a time now past). */
export async function claimDueRuns(client: Queryable, limit: number): Promise<EngineRun[]> {
  const found = await client.query(
    `select ${runColumns} from playbook_runs r join playbooks p on p.id = r.playbook_id
     where r.id in (
       select id from playbook_runs where status in ('pending', 'scheduled')
         and scheduled_time <= now()
       order by scheduled_time limit $1 for update skip locked)`,
    [limit],
  );
  return found.rows.map((row) => runRow.parse(row));
}

/** Locks one run for a change of its state (the claim of its finished action holds it). */
export async function lockRun(client: Queryable, id: string): Promise<EngineRun | undefined> {
  const found = await client.query(
    `select ${runColumns} from playbook_runs r join playbooks p on p.id = r.playbook_id
     where r.id = $1 for update of r`,
    [id],
  );
  return found.rows[0] ? runRow.parse(found.rows[0]) : undefined;
}

export async function setRunStatus(
  client: Queryable,
  id: string,
  status: string,
  error: string | null = null,
): Promise<void> {
  const finished = ['completed', 'failed', 'cancelled', 'timed_out'].includes(status);
  await client.query(
    `update playbook_runs set status = $2,
       start_time = case when $2 = 'running' then coalesce(start_time, now()) else start_time end,
       end_time = case when $3 then now() else end_time end,
       error = coalesce($4, error)
     where id = $1`,
    [id, status, finished, error],
  );
}

export interface ActionRow {
  readonly id: string;
  readonly runId: string;
  readonly name: string;
  readonly position: number;
  readonly status: PlaybookActionStatus;
  readonly result: unknown;
  readonly error: string | null;
  readonly retryCount: number;
}

const actionRow = z
  .object({
    id: z.string(),
    playbook_run_id: z.string(),
    name: z.string(),
    position: z.number().int(),
    status: z.string(),
    result: z.unknown(),
    error: z.string().nullable(),
    retry_count: z.number().int(),
  })
  .transform((row): ActionRow => ({
    id: row.id,
    runId: row.playbook_run_id,
    name: row.name,
    position: row.position,
    status: z
      .enum([
        'scheduled',
        'pending',
        'running',
        'waiting',
        'sleeping',
        'completed',
        'failed',
        'cancelled',
        'timed_out',
        'skipped',
      ])
      .parse(row.status),
    result: row.result,
    error: row.error,
    retryCount: row.retry_count,
  }));

/** One action row as the database answers it (`select id, playbook_run_id, name, …`). */
export function actionRowOf(row: unknown): ActionRow {
  return actionRow.parse(row);
}

export async function actionsOf(client: Queryable, runId: string): Promise<ActionRow[]> {
  const found = await client.query(
    `select id, playbook_run_id, name, position, status, result, error, retry_count
     from playbook_run_actions where playbook_run_id = $1 order by position`,
    [runId],
  );
  return found.rows.map((row) => actionRow.parse(row));
}

export async function insertAction(
  client: Queryable,
  action: {
    runId: string;
    name: string;
    type: string | undefined;
    position: number;
    status: PlaybookActionStatus;
    delayMs: number;
    error?: string;
    /** The agent that runs it (default: this server, `local`). */
    agentId?: string;
  },
): Promise<void> {
  const finished = action.status === 'skipped';
  await client.query(
    `insert into playbook_run_actions (playbook_run_id, name, type, position, status,
       scheduled_time, start_time, end_time, error, agent_id)
     values ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond',
       case when $7 then now() end, case when $7 then now() end, $8, coalesce($9, $10::uuid))`,
    [
      action.runId,
      action.name,
      action.type ?? null,
      action.position,
      action.status,
      action.delayMs,
      finished,
      action.error ?? null,
      action.agentId ?? null,
      localAgentId,
    ],
  );
}

/**
 * Claims the server's (`local`) actions due to run: waiting ones whose time has come, and
 * running ones whose lease passed (their process stopped). The lease marks them as this
 * process's until it renews it. Agents claim their own (agent-actions.repository.ts).
 */
export async function claimActions(client: Queryable, limit: number, leaseMs: number) {
  const found = await client.query(
    `update playbook_run_actions a set status = 'running',
       start_time = coalesce(a.start_time, now()),
       lease_until = now() + $2 * interval '1 millisecond'
     where a.id in (
       select x.id from playbook_run_actions x
       join playbook_runs r on r.id = x.playbook_run_id
         and r.status in ('running', 'sleeping', 'waiting')
       where x.agent_id = $3 and (
         (x.status in ('pending', 'sleeping', 'waiting', 'scheduled') and x.scheduled_time <= now())
          or (x.status = 'running' and x.lease_until < now()))
       order by x.scheduled_time limit $1 for update of x skip locked)
     returning a.id, a.playbook_run_id, a.name, a.position, a.status, a.result, a.error,
       a.retry_count`,
    [limit, leaseMs, localAgentId],
  );
  return found.rows.map((row) => actionRow.parse(row));
}

/** Renews the leases of the actions this process runs; answers those whose run stopped. */
export async function renewLeases(client: Queryable, ids: readonly string[], leaseMs: number) {
  if (ids.length === 0) return new Set<string>();
  const found = await client.query<{ id: string; run_status: string }>(
    `update playbook_run_actions a set lease_until = now() + $2 * interval '1 millisecond'
     from playbook_runs r where r.id = a.playbook_run_id and a.id = any($1::uuid[])
     returning a.id, r.status as run_status`,
    [ids, leaseMs],
  );
  return new Set(
    found.rows
      .filter((row) => !['running', 'sleeping', 'waiting'].includes(row.run_status))
      .map((row) => row.id),
  );
}

export async function finishAction(
  client: Queryable,
  id: string,
  outcome: { status: PlaybookActionStatus; result: unknown; error: string | null },
): Promise<void> {
  await client.query(
    `update playbook_run_actions set status = $2, result = $3, error = $4, end_time = now(),
       lease_until = null where id = $1`,
    [id, outcome.status, JSON.stringify(outcome.result ?? null), outcome.error],
  );
}

/** A failed attempt with retries left: the same action waits until `delayMs` from now. */
export async function retryAction(
  client: Queryable,
  id: string,
  delayMs: number,
  error: string,
  result: unknown,
): Promise<void> {
  await client.query(
    `update playbook_run_actions set status = 'waiting', retry_count = retry_count + 1,
       scheduled_time = now() + $2 * interval '1 millisecond', error = $3, result = $4,
       lease_until = null where id = $1`,
    [id, delayMs, error, JSON.stringify(result ?? null)],
  );
}

/** Runs past their timeout become timed_out; their actions that had not run are cancelled. */
export async function timeOutRuns(client: Queryable, defaultTimeoutMs: number): Promise<number> {
  const found = await client.query(
    `with expired as (
       update playbook_runs set status = 'timed_out', end_time = now(),
         error = coalesce(error, 'the run took longer than its timeout')
       where status in ('running', 'sleeping', 'waiting')
         and start_time + coalesce(timeout, $1 * interval '1 millisecond') < now()
       returning id)
     update playbook_run_actions set status = 'cancelled', end_time = now()
     where playbook_run_id in (select id from expired)
       and status in ('pending', 'sleeping', 'waiting', 'scheduled')
     returning id`,
    [defaultTimeoutMs],
  );
  return found.rowCount ?? 0;
}

/** The person's name, id and email for templates (`.user`). */
export async function personOf(client: Queryable, id: string | null) {
  if (!id) return null;
  const found = await client.query('select id, name, email from people where id = $1', [id]);
  const row: unknown = found.rows[0];
  return row === undefined ? null : z.record(z.string(), z.unknown()).parse(row);
}

/** Hands actions back to the queue (a clean shutdown): they run again on the next claim. */
export async function releaseActions(client: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(
    `update playbook_run_actions set status = 'pending', lease_until = null
     where id = any($1::uuid[]) and status = 'running'`,
    [ids],
  );
}
