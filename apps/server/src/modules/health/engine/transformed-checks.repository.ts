import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { TransformedCheck } from '../expressions/check-expressions.ts';

export interface TransformParent {
  readonly canaryId: string;
  readonly agentId: string;
  readonly namespace: string;
  readonly type: string;
  readonly parentName: string;
  readonly labels: Readonly<Record<string, string>>;
}

const idRow = z.object({ id: z.string(), name: z.string() });

/**
 * Stores the checks a transform yields (transformed = true, keyed by canary, type and name)
 * and answers their ids by name. Checks the transform no longer yields are returned so the
 * engine can mark them per transformDeleteStrategy; without a strategy they are retired.
 */
export async function syncTransformedChecks(
  db: Queryable,
  parent: TransformParent,
  checks: readonly TransformedCheck[],
  keepMissing: boolean,
): Promise<{ ids: Map<string, string>; missing: Array<{ id: string; name: string }> }> {
  const rows = checks.map((c) => ({
    name: c.name,
    namespace: c.namespace ?? parent.namespace,
    description: c.description ?? null,
    icon: c.icon ?? null,
    endpoint: c.endpoint ?? null,
    severity: c.severity ?? null,
    labels: { ...parent.labels, ...c.labels },
  }));
  const upserted = await db.query(
    `insert into checks (canary_id, agent_id, type, name, namespace, description, icon, endpoint,
       labels, severity, transformed, spec)
     select $1, $2, $3, c.name, c.namespace, c.description, c.icon, c.endpoint, c.labels,
            c.severity, true, jsonb_build_object('transformedFrom', $4::text)
     from jsonb_to_recordset($5::jsonb) as c(name text, namespace text, description text,
       icon text, endpoint text, severity text, labels jsonb)
     on conflict (canary_id, type, name) where deleted_at is null do update set
       namespace = excluded.namespace, description = excluded.description, icon = excluded.icon,
       endpoint = excluded.endpoint, labels = excluded.labels, severity = excluded.severity
     returning id, name`,
    [parent.canaryId, parent.agentId, parent.type, parent.parentName, JSON.stringify(rows)],
  );
  const ids = new Map(upserted.rows.map((r) => idRow.parse(r)).map((r) => [r.name, r.id]));
  const gone = await db.query(
    `${keepMissing ? 'select id, name from checks' : 'update checks set deleted_at = now()'}
     where canary_id = $1 and type = $2 and transformed and deleted_at is null
       and spec->>'transformedFrom' = $3 and not (name = any($4::text[]))
     ${keepMissing ? '' : 'returning id, name'}`,
    [parent.canaryId, parent.type, parent.parentName, [...ids.keys()]],
  );
  return { ids, missing: keepMissing ? gone.rows.map((r) => idRow.parse(r)) : [] };
}
