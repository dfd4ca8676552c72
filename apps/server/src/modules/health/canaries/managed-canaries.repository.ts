import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';
import type { ManagedCanary } from './managed-canaries.ts';

const ids = z.array(z.object({ id: z.string() }));

/** Upserts by (agent, namespace, name); answers undefined when that name is another's canary. */
export async function upsertManaged(
  db: Queryable,
  canary: ManagedCanary,
  schedule: string,
  next: Date | null,
): Promise<string | undefined> {
  const result = await db.query(
    `insert into canaries (name, namespace, labels, spec, source, schedule, next_runtime, agent_id,
       created_by, connection_pairing_approved)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (agent_id, namespace, name) where deleted_at is null do update set
       labels = excluded.labels, spec = excluded.spec, schedule = excluded.schedule,
       next_runtime = case when canaries.spec = excluded.spec and canaries.schedule = excluded.schedule
                           then canaries.next_runtime else excluded.next_runtime end,
       connection_pairing_approved = excluded.connection_pairing_approved, updated_at = now()
     where canaries.source = excluded.source
     returning id`,
    [
      canary.name,
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
  return ids.parse(result.rows)[0]?.id;
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
