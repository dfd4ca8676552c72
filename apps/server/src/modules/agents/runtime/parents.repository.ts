import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { OutgoingBatch } from './upstream-client.ts';

const labels = z.record(z.string(), z.string());
const canaryRow = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  labels,
  annotations: labels.nullish(),
  spec: z.record(z.string(), z.unknown()),
  icon: z.string().nullable(),
  source: z.string().nullable(),
  schedule: z.string().nullable(),
  deleted_at: z.date().nullable(),
});
const checkRow = z.object({
  id: z.string(),
  canary_id: z.string(),
  type: z.string(),
  name: z.string(),
  namespace: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  endpoint: z.string().nullable(),
  labels,
  spec: z.record(z.string(), z.unknown()).nullable(),
  severity: z.string().nullable(),
  owner: z.string().nullable(),
  transformed: z.boolean(),
  deleted_at: z.date().nullable(),
});

/** Deleted canaries and checks are re-sent for this long, so the upstream retires them too. */
const retiredWindow = '7 days';

/**
 * The agent's own canaries and their checks (not those assigned upstream), as push rows:
 * live ones, and those deleted recently. Parents come before children when batched.
 */
export async function ownParents(
  db: Queryable,
): Promise<Required<Omit<OutgoingBatch, 'check_statuses'>>> {
  const own = `not exists (select 1 from agent_assigned_canaries a where a.canary_id = c.id)
    and (c.deleted_at is null or c.deleted_at > now() - interval '${retiredWindow}')`;
  const canaries = await db.query(
    `select c.id, c.name, c.namespace, c.labels, c.annotations, c.spec, c.icon, c.source, c.schedule,
       c.deleted_at
     from canaries c where ${own} order by c.created_at`,
  );
  const checks = await db.query(
    `select k.id, k.canary_id, k.type, k.name, k.namespace, k.description, k.icon, k.endpoint,
       k.labels, k.spec, k.severity, k.owner, k.transformed, k.deleted_at
     from checks k join canaries c on c.id = k.canary_id
     where ${own}
       and (k.deleted_at is null or k.deleted_at > now() - interval '${retiredWindow}')
     order by k.created_at`,
  );
  return {
    canaries: canaries.rows.map((raw) => {
      const row = canaryRow.parse(raw);
      return {
        id: row.id,
        name: row.name,
        namespace: row.namespace,
        labels: row.labels,
        annotations: row.annotations ?? {},
        spec: row.spec,
        icon: row.icon,
        source: row.source,
        schedule: row.schedule,
        deleted_at: row.deleted_at?.toISOString() ?? null,
      };
    }),
    checks: checks.rows.map((raw) => {
      const row = checkRow.parse(raw);
      return {
        ...row,
        spec: row.spec ?? {},
        severity: severityOf(row.severity),
        deleted_at: row.deleted_at?.toISOString() ?? null,
      };
    }),
  };
}

const severities = z.enum(['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical']);

function severityOf(value: string | null): z.infer<typeof severities> | null {
  const parsed = severities.safeParse(value);
  return parsed.success ? parsed.data : null;
}
