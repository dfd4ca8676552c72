import type { AgentKubernetes } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

const labels = z.record(z.string(), z.string());

export async function agentNameTaken(db: Queryable, name: string): Promise<boolean> {
  const found = await db.query('select 1 from agents where name = $1 and deleted_at is null', [
    name,
  ]);
  return found.rowCount !== 0;
}

/** The agent's service identity: access_tokens and created_by point at a person. */
export async function insertAgentPerson(db: Queryable, name: string): Promise<string> {
  const result = await db.query<{ id: string }>(
    `insert into people (name, type) values ($1, 'agent') returning id`,
    [name],
  );
  return z.object({ id: z.string() }).parse(result.rows[0]).id;
}

export async function insertAgent(
  db: Queryable,
  values: {
    name: string;
    description: string | null;
    properties: Record<string, string>;
    kubernetes: AgentKubernetes;
    personId: string;
    createdBy: string | null;
    createdByConfig: string | null;
    createdByComponent: string | null;
  },
): Promise<string> {
  const result = await db.query<{ id: string }>(
    `insert into agents (name, description, properties, kubernetes, person_id, created_by,
       created_by_config, created_by_component)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      values.name,
      values.description,
      JSON.stringify(values.properties),
      JSON.stringify(values.kubernetes),
      values.personId,
      values.createdBy,
      values.createdByConfig,
      values.createdByComponent,
    ],
  );
  return z.object({ id: z.string() }).parse(result.rows[0]).id;
}

/** Whether the catalog item or component an agent names as its creator exists (and is live). */
export async function creatorResourceExists(
  db: Queryable,
  table: 'config_items' | 'components',
  id: string,
): Promise<boolean> {
  const sql =
    table === 'config_items'
      ? 'select 1 from config_items where id = $1 and deleted_at is null'
      : 'select 1 from components where id = $1 and deleted_at is null';
  const result = await db.query(sql, [id]);
  return result.rows.length > 0;
}

export async function insertAgentToken(
  db: Queryable,
  values: {
    id: string;
    name: string;
    valueHash: string;
    personId: string;
    createdBy: string | null;
  },
): Promise<void> {
  await db.query(
    `insert into access_tokens (id, name, value_hash, person_id, created_by)
     values ($1, $2, $3, $4, $5)`,
    [values.id, values.name, values.valueHash, values.personId, values.createdBy],
  );
}

const tokenOwnerRow = z.object({
  value_hash: z.string(),
  agent_id: z.string(),
  person_id: z.string(),
  name: z.string(),
  properties: labels,
});
export type TokenOwner = z.infer<typeof tokenOwnerRow>;

/** The live agent a token names: unexpired token, person and agent not deleted. */
export async function findTokenOwner(
  db: Queryable,
  tokenId: string,
): Promise<TokenOwner | undefined> {
  const result = await db.query(
    `select t.value_hash, a.id as agent_id, a.person_id, a.name, a.properties
     from access_tokens t
     join people p on p.id = t.person_id and p.deleted_at is null
     join agents a on a.person_id = p.id and a.deleted_at is null
     where t.id = $1 and (t.expires_at is null or t.expires_at > now())`,
    [tokenId],
  );
  return result.rows[0] === undefined ? undefined : tokenOwnerRow.parse(result.rows[0]);
}

/** A write at most once a second per agent however often it calls. */
export async function touchAgent(db: Queryable, agentId: string): Promise<void> {
  await db.query(
    `update agents set last_seen = now()
     where id = $1 and (last_seen is null or last_seen < now() - interval '1 second')`,
    [agentId],
  );
}

const settingsRow = z.object({
  id: z.string(),
  name: z.string(),
  properties: labels,
  kubernetes: z.unknown(),
});
export type AgentSettingsRow = z.infer<typeof settingsRow>;

/** A heartbeat: the agent is seen now and reports where it runs and which version. */
export async function recordHeartbeat(
  db: Queryable,
  agentId: string,
  report: { hostname: string | null; version: string | null },
): Promise<AgentSettingsRow | undefined> {
  const result = await db.query(
    `update agents set last_seen = now(), hostname = coalesce($2, hostname),
       version = coalesce($3, version)
     where id = $1 and deleted_at is null
     returning id, name, properties, kubernetes`,
    [agentId, report.hostname, report.version],
  );
  return result.rows[0] === undefined ? undefined : settingsRow.parse(result.rows[0]);
}

/** Locks the agent row for a push (pushes of one agent run one at a time) and stamps it. */
export async function stampReceived(db: Queryable, agentId: string): Promise<boolean> {
  const result = await db.query(
    `update agents set last_received = now(), last_seen = now()
     where id = $1 and deleted_at is null`,
    [agentId],
  );
  return result.rowCount === 1;
}

/** A deleted agent's token stops working and its service identity goes with it. */
export async function revokeAgent(db: Queryable, personId: string | null): Promise<void> {
  if (personId === null) return;
  await db.query('delete from access_tokens where person_id = $1', [personId]);
  await db.query('update people set deleted_at = now() where id = $1 and deleted_at is null', [
    personId,
  ]);
}

/** Tables whose rows an agent creates; soft-deleted by a cleanup, children after parents. */
const createdByAgents = [
  'canaries',
  'checks',
  'topologies',
  'components',
  'config_scrapers',
  'config_items',
] as const;

/**
 * Soft-deletes everything the agent created. The counters' row triggers skip this agent
 * (vigil.agent_recount, for this transaction only) and it is counted once at the end.
 */
export async function cleanUpAgentData(db: Queryable, agentId: string): Promise<void> {
  await db.query(`select set_config('vigil.agent_recount', $1, true)`, [agentId]);
  for (const table of createdByAgents) {
    await db.query(
      `update ${table} set deleted_at = now() where agent_id = $1 and deleted_at is null`,
      [agentId],
    );
  }
  await db.query(`select set_config('vigil.agent_recount', '', true)`);
  await db.query('select agents_recount($1)', [agentId]);
}
