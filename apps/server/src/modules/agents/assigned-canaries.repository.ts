import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

/**
 * Canaries an agent runs for the upstream: agent_id is the agent's and someone other than the
 * agent created them (its own pushed canaries come from its local spec files).
 */
const assigned = `select c.id, c.name, c.namespace, c.labels, c.annotations, c.spec, c.schedule,
    c.icon, c.source, c.updated_at
  from canaries c
  where c.agent_id = $1 and c.deleted_at is null and c.created_by is distinct from $2`;

/** Changes whenever an assigned canary is added, edited, reassigned or deleted. */
const versionOf = `select md5(coalesce(string_agg(a.id::text || '@' ||
    (extract(epoch from a.updated_at) * 1000000)::bigint::text, ',' order by a.id), '')) as version
  from assigned a`;

export async function assignedVersion(
  db: Queryable,
  agentId: string,
  personId: string,
): Promise<string> {
  const result = await db.query(`with assigned as (${assigned}) ${versionOf}`, [agentId, personId]);
  return z.object({ version: z.string() }).parse(result.rows[0]).version;
}

/** GET /api/agent/canaries: the assigned canaries and the version they are at. */
export const assignedCanariesSchema = z.object({
  version: z.string(),
  canaries: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      namespace: z.string(),
      labels: z.record(z.string(), z.string()),
      annotations: z.record(z.string(), z.string()),
      spec: z.unknown(),
      schedule: z.string().nullable(),
      icon: z.string().nullable(),
      source: z.string().nullable(),
      updated_at: z.string(),
      checks: z.array(z.object({ id: z.string(), type: z.string(), name: z.string() })),
    }),
  ),
});
export type AssignedCanaries = z.infer<typeof assignedCanariesSchema>;

/**
 * The canaries with their live checks' ids (so the agent reports statuses under the upstream's
 * ids) and their version, read in one statement so that the two agree.
 */
export async function listAssigned(
  db: Queryable,
  agentId: string,
  personId: string,
): Promise<AssignedCanaries> {
  const result = await db.query(
    `with assigned as (${assigned})
     select (${versionOf}) as version,
       coalesce((select jsonb_agg(to_jsonb(a) || jsonb_build_object('checks', coalesce((
           select jsonb_agg(jsonb_build_object('id', k.id, 'type', k.type, 'name', k.name)
                            order by k.type, k.name)
           from checks k where k.canary_id = a.id and k.deleted_at is null), '[]'::jsonb))
         order by a.namespace, a.name)
         from assigned a), '[]'::jsonb) as canaries`,
    [agentId, personId],
  );
  return assignedCanariesSchema.parse(result.rows[0]);
}
