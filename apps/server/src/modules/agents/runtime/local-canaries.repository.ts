import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import { retireChecks, syncChecks } from '../../health/index.ts';
import type { DeclaredCheck } from '../../health/index.ts';

/** A canary as the agent stores it in its own database, with its spec already validated. */
export interface LocalCanary {
  readonly id?: string;
  readonly name: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
  readonly spec: Record<string, unknown>;
  readonly icon: string | null;
  readonly source: string;
  readonly schedule: string | null;
  /** Where a new or rescheduled canary first runs. */
  readonly firstRun: Date | null;
  readonly checks: readonly DeclaredCheck[];
}

const idRow = z.object({ id: z.string() });

/**
 * Inserts or updates the canary (by id when given, else by namespace and name) and derives its
 * checks as the canaries write hook does. A changed schedule restarts at `firstRun`.
 */
export async function storeCanary(
  db: Queryable,
  canary: LocalCanary,
  beforeChecks?: (canaryId: string) => Promise<void>,
): Promise<string> {
  const values = [
    canary.name,
    canary.namespace,
    JSON.stringify(canary.labels),
    JSON.stringify(canary.spec),
    canary.icon,
    canary.source,
    canary.schedule,
    canary.firstRun,
  ];
  const update = `set name = excluded.name, namespace = excluded.namespace,
       labels = excluded.labels, spec = excluded.spec, icon = excluded.icon,
       source = excluded.source, schedule = excluded.schedule, deleted_at = null,
       next_runtime = case when canaries.schedule is distinct from excluded.schedule
         or canaries.next_runtime is null then excluded.next_runtime
         else canaries.next_runtime end`;
  const stored = canary.id
    ? await db.query(
        `insert into canaries (id, name, namespace, labels, spec, icon, source, schedule,
           next_runtime, agent_id)
         values ($9, $1, $2, $3, $4, $5, $6, $7, $8, $10)
         on conflict (id) do update ${update} returning id`,
        [...values, canary.id, localAgentId],
      )
    : await db.query(
        `insert into canaries (name, namespace, labels, spec, icon, source, schedule,
           next_runtime, agent_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (agent_id, namespace, name) where deleted_at is null
         do update ${update} returning id`,
        [...values, localAgentId],
      );
  const id = idRow.parse(stored.rows[0]).id;
  await beforeChecks?.(id);
  await syncChecks(db, { id, namespace: canary.namespace, agentId: localAgentId }, canary.checks);
  return id;
}

/**
 * Gives an assigned canary's checks the upstream's ids before syncChecks runs, so that the
 * statuses the agent reports name checks the upstream knows.
 */
export async function placeAssignedChecks(
  db: Queryable,
  canaryId: string,
  namespace: string,
  checks: ReadonlyArray<{ id: string; type: string; name: string }>,
): Promise<void> {
  if (checks.length === 0) return;
  const list = JSON.stringify(checks);
  await db.query(
    `update checks k set deleted_at = now()
     from jsonb_to_recordset($2::jsonb) as c(id uuid, type text, name text)
     where k.canary_id = $1 and k.deleted_at is null and k.type = c.type and k.name = c.name
       and k.id <> c.id`,
    [canaryId, list],
  );
  await db.query(
    `insert into checks (id, canary_id, agent_id, type, name, namespace, spec)
     select c.id, $1, $3, c.type, c.name, $4, '{}'::jsonb
     from jsonb_to_recordset($2::jsonb) as c(id uuid, type text, name text)
     on conflict (id) do update set deleted_at = null`,
    [canaryId, list, localAgentId, namespace],
  );
  await db.query(
    'insert into agent_assigned_canaries (canary_id) values ($1) on conflict do nothing',
    [canaryId],
  );
}

/** Soft-deletes the canaries of one kind of source that are no longer declared. */
export async function retireCanariesExcept(
  db: Queryable,
  kind: 'files' | 'assigned',
  keep: readonly string[],
): Promise<number> {
  const assigned = 'exists (select 1 from agent_assigned_canaries a where a.canary_id = c.id)';
  const retired = await db.query(
    `update canaries c set deleted_at = now()
     where c.deleted_at is null and not (c.id = any($1::uuid[]))
       and ${kind === 'assigned' ? assigned : `not ${assigned}`}
     returning c.id`,
    [keep],
  );
  for (const row of retired.rows) await retireChecks(db, idRow.parse(row).id);
  return retired.rowCount ?? 0;
}
