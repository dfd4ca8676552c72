import { localAgentId } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** The `source` of an upstream canary's copy on one agent; the agents' own canaries never have it. */
export const copySource = (parentId: string): string => `agentSelector=${parentId}`;

const parentRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  icon: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  annotations: z.record(z.string(), z.string()),
  spec: z.record(z.string(), z.unknown()),
  created_by: z.string().nullable(),
});
export type SelectorParent = z.infer<typeof parentRow>;

export async function liveAgents(db: Queryable): Promise<Array<{ id: string; name: string }>> {
  const result = await db.query(
    'select id, name from agents where deleted_at is null and id <> $1 order by name',
    [localAgentId],
  );
  return z.array(z.object({ id: z.string(), name: z.string() })).parse(result.rows);
}

/** The upstream's canaries that name agents in `spec.agentSelector`. */
export async function selectorParents(db: Queryable): Promise<SelectorParent[]> {
  const result = await db.query(
    `select id, name, namespace, icon, labels, annotations, spec, created_by from canaries
     where agent_id = $1 and deleted_at is null
       and jsonb_typeof(spec -> 'agentSelector') = 'array'
       and jsonb_array_length(spec -> 'agentSelector') > 0`,
    [localAgentId],
  );
  return z.array(parentRow).parse(result.rows);
}

export async function parentById(db: Queryable, id: string): Promise<SelectorParent | undefined> {
  const result = await db.query(
    `select id, name, namespace, icon, labels, annotations, spec, created_by from canaries
     where id = $1`,
    [id],
  );
  return result.rows[0] === undefined ? undefined : parentRow.parse(result.rows[0]);
}

/**
 * Creates or refreshes the parent's copy on one agent. Answers undefined when the agent already
 * has a canary of that namespace and name that is not a copy of this parent.
 */
export async function upsertCopy(
  db: Queryable,
  parent: SelectorParent,
  copy: { agentId: string; spec: Record<string, unknown>; schedule: string | null },
): Promise<string | undefined> {
  const result = await db.query(
    `insert into canaries (name, namespace, icon, labels, annotations, spec, source, schedule,
       agent_id, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (agent_id, namespace, name) where deleted_at is null do update set
       icon = excluded.icon, labels = excluded.labels, annotations = excluded.annotations,
       spec = excluded.spec, schedule = excluded.schedule, created_by = excluded.created_by,
       updated_at = now()
     where canaries.source = excluded.source
     returning id`,
    [
      parent.name,
      parent.namespace,
      parent.icon,
      parent.labels,
      parent.annotations,
      copy.spec,
      copySource(parent.id),
      copy.schedule,
      copy.agentId,
      parent.created_by,
    ],
  );
  return z.array(z.object({ id: z.string() })).parse(result.rows)[0]?.id;
}

/** Soft-deletes the parent's copies except those on `keep` agents; answers the retired ids. */
export async function retireCopies(
  db: Queryable,
  parentId: string,
  keep: readonly string[],
): Promise<string[]> {
  const result = await db.query(
    `update canaries set deleted_at = now(), updated_at = now()
     where source = $1 and deleted_at is null and not (agent_id = any($2::uuid[]))
     returning id`,
    [copySource(parentId), keep],
  );
  return z
    .array(z.object({ id: z.string() }))
    .parse(result.rows)
    .map((row) => row.id);
}
