import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** Arbitrary, fixed keys of the incidents area's once-per-fleet passes ('irul', 'itkt'). */
export const incidentLocks = { rules: 0x69_72_75_6c, ticketSync: 0x69_74_6b_74 } as const;

/** A session lock: the pass runs on the replica that holds it, the others skip their turn. */
export async function tryIncidentLock(client: Queryable, key: number): Promise<boolean> {
  const found = await client.query('select pg_try_advisory_lock($1) as ok', [key]);
  return z.object({ ok: z.boolean() }).parse(found.rows[0]).ok;
}

export async function unlockIncidentLock(client: Queryable, key: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [key]);
}
