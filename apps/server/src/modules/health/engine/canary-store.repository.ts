import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const canaryRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  agent_id: z.string(),
  labels: z.record(z.string(), z.unknown()),
  spec: z.unknown(),
  schedule: z.string().nullable(),
  updated_at: z.date(),
  deleted_at: z.date().nullable(),
  connection_pairing_approved: z.boolean(),
  checks: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string(),
      labels: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type CanaryRow = z.infer<typeof canaryRow>;

/** A canary with its declared (not transformed) live checks. */
export async function loadCanary(db: Queryable, id: string): Promise<CanaryRow | undefined> {
  const found = await db.query(
    `select c.id, c.name, c.namespace, c.agent_id, c.labels, c.spec, c.schedule, c.updated_at,
            c.deleted_at, c.connection_pairing_approved,
            coalesce((select jsonb_agg(jsonb_build_object('id', k.id, 'type', k.type, 'name', k.name,
                                                          'labels', k.labels))
                      from checks k
                      where k.canary_id = c.id and k.deleted_at is null and not k.transformed), '[]')
              as checks
     from canaries c where c.id = $1`,
    [id],
  );
  const row: unknown = found.rows[0];
  return row === undefined ? undefined : canaryRow.parse(row);
}

/** The canary a check belongs to, for Run Now. */
export async function canaryOfCheck(
  db: Queryable,
  checkId: string,
): Promise<{ canaryId: string; transformed: boolean } | undefined> {
  const found = await db.query(
    `select canary_id, transformed from checks where id = $1 and deleted_at is null`,
    [checkId],
  );
  const row = z
    .object({ canary_id: z.string(), transformed: z.boolean() })
    .optional()
    .parse(found.rows[0]);
  return row && { canaryId: row.canary_id, transformed: row.transformed };
}
