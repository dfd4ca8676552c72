import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { ManagedCanary } from './managed-canaries.ts';

const ids = z.array(z.object({ id: z.string() }));

/**
 * Updates the live canary of this source, or creates it under the first free name of `names`;
 * answers undefined when every name is another canary's.
 */
export async function upsertManaged(
  db: Queryable,
  canary: ManagedCanary,
  schedule: string,
  next: Date | null,
): Promise<string | undefined> {
  const updated = await db.query(
    `update canaries set labels = $2, spec = $3, schedule = $4,
       next_runtime = case when spec = $3 and schedule = $4 then next_runtime else $5 end,
       connection_pairing_approved = $6, updated_at = now()
     where source = $1 and deleted_at is null and agent_id = $7
     returning id`,
    [
      canary.source,
      canary.labels,
      canary.spec,
      schedule,
      next,
      canary.pairingApproved,
      canary.agentId,
    ],
  );
  const existing = ids.parse(updated.rows)[0]?.id;
  if (existing) return existing;
  for (const name of [canary.name, ...canary.fallbackNames]) {
    const inserted = await db.query(
      `insert into canaries (name, namespace, labels, spec, source, schedule, next_runtime,
         agent_id, created_by, connection_pairing_approved)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (agent_id, namespace, name) where deleted_at is null do nothing
       returning id`,
      [
        name,
        canary.namespace,
        canary.labels,
        canary.spec,
        canary.source,
        schedule,
        next,
        canary.agentId,
        canary.createdBy,
        canary.pairingApproved,
      ],
    );
    const id = ids.parse(inserted.rows)[0]?.id;
    if (id) return id;
  }
  return undefined;
}

/** Soft-deletes the live canaries of these sources; answers their ids. */
export async function retireManaged(db: Queryable, sources: readonly string[]): Promise<string[]> {
  const result = await db.query(
    `update canaries set deleted_at = now(), updated_at = now()
      where deleted_at is null and source = any($1::text[])
      returning id`,
    [sources],
  );
  return ids.parse(result.rows).map((row) => row.id);
}
