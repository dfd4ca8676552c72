import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';

const checkRow = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  namespace: z.string(),
  description: z.string().nullable(),
  endpoint: z.string().nullable(),
  severity: z.string().nullable(),
  status: z.string().nullable(),
  labels: z.record(z.string(), z.unknown()),
  canary_id: z.string(),
  canary_name: z.string(),
  canary_namespace: z.string(),
  canary_labels: z.record(z.string(), z.unknown()),
  message: z.string().nullable(),
  error: z.string().nullable(),
});

/** A check event's resource, as templates and filters see it: the check, its canary, its last result. */
export async function checkVariables(
  db: Queryable,
  checkId: string,
): Promise<{ check: Record<string, unknown>; canary: Record<string, unknown> } | null> {
  const found = await db.query(
    `select k.id, k.name, k.type, k.namespace, k.description, k.endpoint, k.severity, k.status,
            k.labels, c.id as canary_id, c.name as canary_name, c.namespace as canary_namespace,
            c.labels as canary_labels, s.message, s.error
     from checks k
     join canaries c on c.id = k.canary_id
     left join lateral (
       select message, error from check_statuses
       where check_id = k.id order by time desc limit 1
     ) s on true
     where k.id = $1`,
    [checkId],
  );
  if (found.rows.length === 0) return null;
  const row = checkRow.parse(found.rows[0]);
  return {
    check: {
      id: row.id,
      name: row.name,
      type: row.type,
      namespace: row.namespace,
      description: row.description,
      endpoint: row.endpoint,
      severity: row.severity,
      status: row.status,
      labels: row.labels,
      message: row.message,
      error: row.error,
    },
    canary: {
      id: row.canary_id,
      name: row.canary_name,
      namespace: row.canary_namespace,
      labels: row.canary_labels,
    },
  };
}
