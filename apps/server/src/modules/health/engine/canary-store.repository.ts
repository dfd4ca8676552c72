import { z } from 'zod';
import type { Database, Queryable } from '../../../platform/db.ts';

const dueRow = z.object({
  id: z.string(),
  schedule: z.string().nullable(),
  next_runtime: z.date(),
  updated_at: z.date(),
});
export type DueRow = z.infer<typeof dueRow>;

export interface ClaimedCanary {
  readonly id: string;
  readonly updatedAt: number;
  /** The slot this replica now owns. */
  readonly slot: number;
  /** The slot after it, already stored for every replica to see. */
  readonly next: number;
  /** A cron slot names a time of day: it never starts early (the start slack is for `@every`). */
  readonly onTime: boolean;
}

/** What the scheduler makes of a due row: its slot, the next one, and whether it may start early. */
export type SlotPlan = Pick<ClaimedCanary, 'slot' | 'next' | 'onTime'>;

/**
 * Claims the canaries due before `horizon` and moves each one's next_runtime to its following
 * slot, in one transaction under SKIP LOCKED: N replicas never own the same slot twice.
 */
export async function claimDue(
  db: Database,
  agentId: string,
  horizon: Date,
  limit: number,
  plan: (row: DueRow) => SlotPlan,
): Promise<ClaimedCanary[]> {
  return db.transaction(async (client) => {
    const due = await client.query(
      `select id, schedule, next_runtime, updated_at from canaries
       where agent_id = $1 and deleted_at is null and next_runtime is not null and next_runtime <= $2
       order by next_runtime limit $3 for update skip locked`,
      [agentId, horizon, limit],
    );
    if (due.rows.length === 0) return [];
    const claimed = due.rows.map((raw) => {
      const row = dueRow.parse(raw);
      return { id: row.id, updatedAt: row.updated_at.getTime(), ...plan(row) };
    });
    await client.query(
      `update canaries c set next_runtime = u.next
       from unnest($1::uuid[], $2::timestamptz[]) as u(id, next) where c.id = u.id`,
      [
        claimed.map((c) => c.id),
        claimed.map((c) => (Number.isFinite(c.next) ? new Date(c.next) : null)),
      ],
    );
    return claimed;
  });
}

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
