import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import type { PushedCanary, PushedCheck } from './push.schema.ts';

/** Who writes a push: its rows are stamped with the agent, and canaries with its identity. */
export interface PushingAgent {
  readonly agentId: string;
  readonly personId: string;
  readonly properties: Readonly<Record<string, string>>;
}

const canaryOwnerRow = z.object({
  id: z.string(),
  agent_id: z.string(),
  created_by: z.string().nullable(),
});
export type CanaryOwner = z.infer<typeof canaryOwnerRow>;

export async function findCanaries(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, CanaryOwner>> {
  if (ids.length === 0) return new Map();
  const result = await db.query(
    'select id, agent_id, created_by from canaries where id = any($1::uuid[])',
    [ids],
  );
  return new Map(result.rows.map((raw) => canaryOwnerRow.parse(raw)).map((row) => [row.id, row]));
}

const checkOwnerRow = z.object({
  id: z.string(),
  agent_id: z.string(),
  canary_id: z.string(),
});
export type CheckOwner = z.infer<typeof checkOwnerRow>;

export async function findChecks(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, CheckOwner>> {
  if (ids.length === 0) return new Map();
  const result = await db.query(
    'select id, agent_id, canary_id from checks where id = any($1::uuid[])',
    [ids],
  );
  return new Map(result.rows.map((raw) => checkOwnerRow.parse(raw)).map((row) => [row.id, row]));
}

/**
 * An agent whose database was reset sends its canaries again under new ids: the agent's own
 * older canary of the same namespace and name gives way (with its checks), as the agent is
 * the source of truth for what it pushes.
 */
export async function retireReplacedCanaries(
  db: Queryable,
  agent: PushingAgent,
  canaries: readonly PushedCanary[],
): Promise<void> {
  const live = canaries.filter((c) => !c.deleted_at);
  if (live.length === 0) return;
  const retired = await db.query<{ id: string }>(
    `update canaries c set deleted_at = now()
     from unnest($3::uuid[], $4::text[], $5::text[]) as p(id, namespace, name)
     where c.agent_id = $1 and c.created_by = $2 and c.deleted_at is null
       and c.namespace = p.namespace and c.name = p.name and c.id <> p.id
     returning c.id`,
    [
      agent.agentId,
      agent.personId,
      live.map((c) => c.id),
      live.map((c) => c.namespace),
      live.map((c) => c.name),
    ],
  );
  await retireChecksOf(
    db,
    agent.agentId,
    retired.rows.map((row) => row.id),
  );
}

export async function retireChecksOf(
  db: Queryable,
  agentId: string,
  canaryIds: readonly string[],
): Promise<void> {
  if (canaryIds.length === 0) return;
  await db.query(
    `update checks set deleted_at = now()
     where agent_id = $1 and canary_id = any($2::uuid[]) and deleted_at is null`,
    [agentId, canaryIds],
  );
}

const canaryColumns = `u(id uuid, name text, namespace text, labels jsonb, annotations jsonb,
  spec jsonb, icon text, source text, schedule text, created_at timestamptz,
  deleted_at timestamptz)`;

/**
 * Insert or update by id. The agent's properties are labels under its own; next_runtime stays
 * null, so no upstream scheduler ever claims a pushed canary. A canary assigned to the agent
 * upstream (created by someone else) is never overwritten by the agent's copy.
 */
export async function upsertCanaries(
  db: Queryable,
  agent: PushingAgent,
  canaries: readonly PushedCanary[],
): Promise<void> {
  if (canaries.length === 0) return;
  await db.query(
    `insert into canaries as c (id, agent_id, created_by, name, namespace, labels, annotations,
       spec, icon, source, schedule, created_at, deleted_at)
     select u.id, $1, $2, u.name, u.namespace, $3::jsonb || u.labels, u.annotations, u.spec,
       u.icon, u.source, u.schedule, coalesce(u.created_at, now()), u.deleted_at
     from jsonb_to_recordset($4::jsonb) as ${canaryColumns}
     on conflict (id) do update set
       name = excluded.name, namespace = excluded.namespace, labels = excluded.labels,
       annotations = excluded.annotations, spec = excluded.spec, icon = excluded.icon,
       source = excluded.source, schedule = excluded.schedule, deleted_at = excluded.deleted_at
     where c.agent_id = excluded.agent_id and c.created_by = excluded.created_by`,
    [agent.agentId, agent.personId, JSON.stringify(agent.properties), JSON.stringify(canaries)],
  );
}

/** Like canaries: the agent's newer check of the same canary, type and name replaces the older. */
export async function retireReplacedChecks(
  db: Queryable,
  agentId: string,
  checks: readonly PushedCheck[],
): Promise<void> {
  const live = checks.filter((c) => !c.deleted_at);
  if (live.length === 0) return;
  await db.query(
    `update checks k set deleted_at = now()
     from unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[]) as p(id, canary_id, type, name)
     where k.agent_id = $1 and k.deleted_at is null and k.canary_id = p.canary_id
       and k.type = p.type and k.name = p.name and k.id <> p.id`,
    [
      agentId,
      live.map((c) => c.id),
      live.map((c) => c.canary_id),
      live.map((c) => c.type),
      live.map((c) => c.name),
    ],
  );
}

const checkColumns = `u(id uuid, canary_id uuid, type text, name text, namespace text,
  description text, icon text, endpoint text, labels jsonb, spec jsonb, severity text,
  owner text, transformed boolean, created_at timestamptz, deleted_at timestamptz)`;

export async function upsertChecks(
  db: Queryable,
  agent: PushingAgent,
  checks: readonly PushedCheck[],
): Promise<void> {
  if (checks.length === 0) return;
  await db.query(
    `insert into checks as k (id, canary_id, agent_id, type, name, namespace, description, icon,
       endpoint, labels, spec, severity, owner, transformed, created_at, deleted_at)
     select u.id, u.canary_id, $1, u.type, u.name, u.namespace, u.description, u.icon,
       u.endpoint, $2::jsonb || u.labels, u.spec, u.severity, u.owner, u.transformed,
       coalesce(u.created_at, now()), u.deleted_at
     from jsonb_to_recordset($3::jsonb) as ${checkColumns}
     on conflict (id) do update set
       type = excluded.type, name = excluded.name, namespace = excluded.namespace,
       description = excluded.description, icon = excluded.icon, endpoint = excluded.endpoint,
       labels = excluded.labels, spec = excluded.spec, severity = excluded.severity,
       owner = excluded.owner, transformed = excluded.transformed,
       deleted_at = excluded.deleted_at
     where k.agent_id = excluded.agent_id and k.canary_id = excluded.canary_id`,
    [agent.agentId, JSON.stringify(agent.properties), JSON.stringify(checks)],
  );
}
