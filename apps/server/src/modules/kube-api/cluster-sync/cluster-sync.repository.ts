import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

/** A fixed key of the cluster sync's leadership ('kcrd'). */
const leaderKey = 0x6b_63_72_64;

/** A session lock: the replica whose connection holds it reconciles; the others wait. */
export async function tryLeadClusterSync(client: Queryable): Promise<boolean> {
  const found = await client.query('select pg_try_advisory_lock($1) as ok', [leaderKey]);
  return z.object({ ok: z.boolean() }).parse(found.rows[0]).ok;
}

export async function resignClusterSync(client: Queryable): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [leaderKey]);
}
