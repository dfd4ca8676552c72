import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const pendingRow = z.object({
  id: z.string(),
  incident_id: z.string(),
  script: z.string(),
  component: z.looseObject({ id: z.string() }).nullable(),
  check: z.looseObject({ id: z.string(), last_transition_time: z.string().nullable() }).nullable(),
  analysis: z.looseObject({ id: z.string() }).nullable(),
});
export type PendingItem = z.infer<typeof pendingRow>;

/**
 * Definition-of-done items with a script that are not done yet, on incidents still open,
 * with the resource each one's script reads (spec 002 §9 default scripts).
 */
export async function pendingScriptedItems(client: Queryable, limit: number) {
  const found = await client.query(
    `select e.id, h.incident_id, e.script,
            case when c.id is null then null else jsonb_build_object(
              'id', c.id, 'name', c.name, 'status', c.status, 'health', c.health) end as component,
            case when k.id is null then null else jsonb_build_object(
              'id', k.id, 'name', k.name, 'status', k.status,
              'last_runtime', k.last_runtime,
              'last_transition_time', k.last_transition_time) end as "check",
            case when a.id is null then null else jsonb_build_object(
              'id', a.id, 'status', a.status, 'analyzer', a.analyzer,
              'severity', a.severity) end as analysis
       from evidences e
       join hypotheses h on h.id = e.hypothesis_id
       join incidents i on i.id = h.incident_id
       left join components c on c.id = e.component_id
       left join checks k on k.id = e.check_id
       left join config_analysis a on a.id = e.config_analysis_id
      where e.definition_of_done and not e.done and e.script is not null and e.script <> ''
        and e.deleted_at is null and i.deleted_at is null
        and i.status not in ('resolved', 'closed')
      order by e.created_at
      limit $1`,
    [limit],
  );
  return found.rows.map((row) => pendingRow.parse(row));
}

/** Marks an item done unless someone changed it meanwhile; answers whether it did. */
export async function markItemDone(client: Queryable, evidenceId: string): Promise<boolean> {
  const updated = await client.query(
    'update evidences set done = true where id = $1 and definition_of_done and not done',
    [evidenceId],
  );
  return (updated.rowCount ?? 0) > 0;
}
